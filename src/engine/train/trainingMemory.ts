import { refusal } from './modelFileProblem';
import type { TinyModelConfig, TrainSettings } from './types';

/*
 * How much memory a trainer needs, checked before anything is allocated, so that a model description at the
 * format's own limits (sequence 1,024 × vocabulary 4,096, 16 layers of 64 heads, a batch of thousands) is refused
 * with a sentence instead of failing later with "Invalid typed array length" or an out-of-memory tab. The same
 * check guards a fresh model (createTrainer) and a model file (decodeWeightsFile, trainerFromWeights).
 *
 * The estimate counts what TinyTrainer keeps (all Float64Array unless said):
 *   parameters, gradients, Adam's m and v            4 × P
 *   three workspaces (createWorkspace)              training batch B, evaluation chunk, one sample
 *   the linear layers' and attention's scratch      grow-only buffers of ops/linear.ts and ops/attention.ts
 *   positions [T × E], the causal mask [T × T] bytes, the held-out set and a training batch (Int32Array)
 *   one sample's attention maps (Float32Array L × H × T × T)
 */

/** Sequences in the fixed held-out set (drawn from seed + 1, never trained on). */
export const HELD_OUT_SEQUENCES = 512;
/** The held-out set is evaluated this many sequences at a time, so evaluation needs no huge buffers. */
export const EVAL_CHUNK = 128;

const MIB = 1024 * 1024;

/**
 * The most memory one model may need: 512 MiB. The largest model the playground's form builds (4 layers × 8 heads ×
 * width 128, batch 64) needs about 258 MiB, 157 of them the 128-sequence evaluation workspace, so 256 MiB would
 * refuse it; 512 MiB leaves room for hand-edited files up to twice that, while staying well below what a browser tab
 * can count on (phones end tabs at around 1 GiB, and no single typed array comes near the 2 GiB some engines refuse).
 */
export const MEMORY_BUDGET_BYTES = 512 * MIB;

/** Weights of the model: embedding and classifier [V × E] and bias [V], per layer 4E² + 2EF + F + 9E (types.ts). */
export function parameterCount(config: TinyModelConfig): number {
  const { vocab: v, width: e, ffnWidth: f, layers } = config;
  return 2 * v * e + v + layers * (4 * e * e + 2 * e * f + f + 9 * e);
}

/** Bytes of createWorkspace(config, capacity) (tinyTransformer.ts; a test keeps the two in step). */
export function workspaceBytes(config: TinyModelConfig, capacity: number): number {
  const { seqLen: t, width: e, ffnWidth: f, heads, vocab: v, layers } = config;
  const n = capacity * t;
  const perLayer = n * (11 * e + 2 * f + 2) + capacity * heads * t * t;
  const floats = layers * perLayer + (layers + 1) * n * e + 3 * n * v + 7 * n * e + n * f + t;
  return 8 * floats + 4 * n;
}

/** Bytes of the grow-only scratch of one training step: linear backward's transposes and attention's blocks. */
function scratchBytes(config: TinyModelConfig, batchSize: number): number {
  const { seqLen: t, width: e, ffnWidth: f, heads, vocab: v } = config;
  const rows = batchSize * t;
  const linear = rows * Math.max(3 * e, f, v) + rows * Math.max(e, f) + Math.max(3 * e * e, f * e, v * e);
  const attention = 6 * t * (e / heads) + 3 * t * t;
  return 8 * (linear + attention);
}

/** Estimated bytes to train `config` with `settings` in this engine (see the list at the top of this file). */
export function trainingMemoryBytes(config: TinyModelConfig, settings: TrainSettings): number {
  const { seqLen: t, width: e, heads, layers } = config;
  const model = 8 * (4 * parameterCount(config) + t * e) + (config.causal ? t * t : 0);
  const workspaces =
    workspaceBytes(config, settings.batchSize) + workspaceBytes(config, Math.min(EVAL_CHUNK, HELD_OUT_SEQUENCES)) + workspaceBytes(config, 1);
  const data = 4 * 2 * t * (HELD_OUT_SEQUENCES + settings.batchSize);
  const sampleMaps = 4 * layers * heads * t * t;
  return model + workspaces + scratchBytes(config, settings.batchSize) + data + sampleMaps;
}

/** Throws a 'memory' refusal when training `config` with `settings` would need more than MEMORY_BUDGET_BYTES. */
export function checkTrainingMemory(config: TinyModelConfig, settings: TrainSettings): void {
  const bytes = trainingMemoryBytes(config, settings);
  if (bytes <= MEMORY_BUDGET_BYTES) return;
  const needed = Math.ceil(bytes / MIB);
  const limit = MEMORY_BUDGET_BYTES / MIB;
  throw refusal(
    { reason: 'memory', params: { needed, limit } },
    `Training this model would need about ${needed} MB of memory, more than the ${limit} MB the playground allows: make it smaller (shorter sequences, a smaller vocabulary, fewer or narrower layers, or a smaller batch).`,
  );
}
