// @vitest-environment node
import { createTrainer, defaultSettings, trainerFromWeights } from '../../../src/engine/train';
import { refusalOf } from '../../../src/engine/train/modelFileProblem';
import { parameterLayout } from '../../../src/engine/train/parameters';
import { createWorkspace } from '../../../src/engine/train/tinyTransformer';
import { MEMORY_BUDGET_BYTES, parameterCount, trainingMemoryBytes, workspaceBytes } from '../../../src/engine/train/trainingMemory';
import type { TinyModelConfig, TrainSettings } from '../../../src/engine/train/types';
import { decodeWeightsFile } from '../../../src/engine/train/weightsFile';

const small: TinyModelConfig = { task: 'sort', vocab: 10, seqLen: 16, layers: 2, heads: 2, width: 8, ffnWidth: 12, causal: true };
/** The largest model the playground's form builds: 4 layers × 8 heads × width 128 (FFN 2E), batch 64. */
const formLargest: TinyModelConfig = { task: 'sort', vocab: 10, seqLen: 16, layers: 4, heads: 8, width: 128, ffnWidth: 256, causal: false };
const settings: TrainSettings = { ...defaultSettings('sort'), batchSize: 64 };
const MiB = 1024 * 1024;

/** Every typed array of a workspace, however deep it sits. */
function allocatedBytes(value: unknown): number {
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (Array.isArray(value)) return value.reduce((sum: number, v) => sum + allocatedBytes(v), 0);
  if (typeof value === 'object' && value !== null) return Object.values(value).reduce((sum: number, v) => sum + allocatedBytes(v), 0);
  return 0;
}

describe('the memory estimate follows the allocations', () => {
  it.each([small, formLargest, { ...small, vocab: 37, seqLen: 5, heads: 4, ffnWidth: 3 }])('parameters and workspaces of %o', (config) => {
    expect(parameterCount(config)).toBe(parameterLayout(config).size);
    for (const capacity of [1, 3, 64]) expect(workspaceBytes(config, capacity)).toBe(allocatedBytes(createWorkspace(config, capacity)));
  });
});

describe('the memory budget', () => {
  it(`keeps the form's largest model (about ${Math.round(trainingMemoryBytes(formLargest, settings) / MiB)} MiB) within ${MEMORY_BUDGET_BYTES / MiB} MiB: it builds, trains, saves and loads`, () => {
    expect(trainingMemoryBytes(formLargest, settings)).toBeLessThan(MEMORY_BUDGET_BYTES);
    const trainer = createTrainer(formLargest, settings);
    expect(Number.isFinite(trainer.step().loss)).toBe(true);
    const restored = trainerFromWeights(JSON.parse(JSON.stringify(trainer.exportWeights())));
    expect(restored.stepCount).toBe(1);
  });

  const tooLarge: [string, TinyModelConfig, TrainSettings][] = [
    ['sequence 1,024 × vocabulary 4,096', { ...small, seqLen: 1024, vocab: 4096 }, settings],
    ['16 layers × 64 heads', { ...small, layers: 16, heads: 64, width: 64 }, settings],
    ['width 1,024 with FFN 4,096', { ...small, width: 1024, ffnWidth: 4096 }, settings],
    ['a batch of 1,024 sequences of 256', { ...small, seqLen: 256 }, { ...settings, batchSize: 1024 }],
  ];

  it.each(tooLarge)('refuses %s, the same for a fresh model and a file', (_, config, trainSettings) => {
    const needed = Math.ceil(trainingMemoryBytes(config, trainSettings) / MiB);
    expect(needed).toBeGreaterThan(512);
    const problem = { reason: 'memory', params: { needed, limit: 512 } };
    let fresh: unknown;
    try {
      createTrainer(config, trainSettings);
    } catch (error) {
      fresh = error;
    }
    expect(refusalOf(fresh)?.problem).toEqual(problem);
    // A file of that model (its header is all that is read before the check: no tensors are needed).
    const file = { format: 'attention-lab-tiny-transformer', version: 1, config, settings: trainSettings, step: 0, heldOutAccuracy: 0, tensors: {} };
    let fromFile: unknown;
    try {
      decodeWeightsFile(file);
    } catch (error) {
      fromFile = error;
    }
    expect(refusalOf(fromFile)?.problem).toEqual(problem);
    expect((fromFile as Error).message).toMatch(/^Training this model would need about \d+ MB of memory, more than the 512 MB the playground allows/);
  });

  it('caps the batch size at 1,024, for a fresh model and a file alike', () => {
    expect(() => createTrainer(small, { ...settings, batchSize: 16_384 })).toThrow('The batch size must be between 1 and 1024, but it is 16384.');
    const file = JSON.parse(JSON.stringify(createTrainer(small, settings).exportWeights())) as { settings: TrainSettings };
    let error: unknown;
    try {
      decodeWeightsFile({ ...file, settings: { ...file.settings, batchSize: 16_384 } });
    } catch (caught) {
      error = caught;
    }
    expect(refusalOf(error)?.problem).toEqual({ reason: 'field-whole', params: { field: 'settings.batchSize', range: '1–1024', value: '16384' } });
  });
});
