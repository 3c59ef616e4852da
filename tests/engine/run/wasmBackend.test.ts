// @vitest-environment node
// The same run on the WebAssembly kernels: the backend is chosen in one place (activeBackend), its numbers agree with
// the TypeScript engine's, and the stages are cached the same way.
import {
  activeBackend,
  disableFastAttention,
  enableFastAttention,
  EncoderModel,
  fastAttentionEnabled,
  maxAbsDifference,
  type EncoderRun,
  type RunInputs,
} from '../../../src/engine';

const CONFIG = { embedDim: 24, numHeads: 3, numLayers: 3, seed: 5 };
const TEXT = 'a head toggle recomputes only the output projection of the first ablated layer';

afterEach(() => disableFastAttention());

/** The largest difference between two runs, over what the views draw. */
function largestDifferences(a: EncoderRun, b: EncoderRun): { weights: number; outputs: number; scaled: number } {
  let weights = 0;
  let outputs = 0;
  let scaled = 0;
  a.layers.forEach((layer, i) => {
    const other = b.layers[i];
    outputs = Math.max(outputs, maxAbsDifference(layer.output, other.output), maxAbsDifference(layer.attention.output, other.attention.output));
    layer.attention.heads.forEach((head, h) => {
      weights = Math.max(weights, maxAbsDifference(head.weights, other.attention.heads[h].weights));
      scaled = Math.max(scaled, maxAbsDifference(head.scaled, other.attention.heads[h].scaled));
      expect(head.fullyMaskedRows).toEqual(other.attention.heads[h].fullyMaskedRows);
    });
  });
  return { weights, outputs, scaled };
}

describe('the WebAssembly backend of the run', () => {
  it('is used once enabled, and TypeScript again once disabled', async () => {
    expect(activeBackend().name).toBe('typescript');
    expect(await enableFastAttention()).toBe(true);
    expect(fastAttentionEnabled()).toBe(true);
    expect(activeBackend().name).toBe('wasm');
    disableFastAttention();
    expect(activeBackend().name).toBe('typescript');
  });

  it('agrees with the TypeScript backend within 1e-5, masks, ablation and pre-LN included', async () => {
    const cases: RunInputs[] = [
      { text: TEXT },
      { text: TEXT, mask: { kind: 'causal' }, disabledHeads: [{ layer: 0, head: 1 }, { layer: 2, head: 2 }] },
      { text: TEXT, mask: { kind: 'custom', cells: [{ query: 0, key: 0 }, { query: 1, key: 0 }, { query: 1, key: 1 }] }, normFirst: true },
      { text: TEXT, mask: { kind: 'padding', tokens: Array.from({ length: 13 }, (_, i) => i) }, disabledHeads: [{ layer: 1, head: 0 }] },
      { text: '我爱北京天安门', positionalEncoding: false, disabledHeads: [{ layer: 0, head: 0 }, { layer: 0, head: 1 }, { layer: 0, head: 2 }] },
    ];
    const model = new EncoderModel(CONFIG);
    for (const inputs of cases) {
      disableFastAttention();
      const reference = model.run(inputs);
      await enableFastAttention();
      const fast = model.run(inputs);
      // Another backend: another baseline, from the same cached embeddings.
      expect(fast.baseline).not.toBe(reference.baseline);
      expect(fast.embeddings).toBe(reference.embeddings);
      const diff = largestDifferences(fast, reference);
      expect(diff.weights).toBeLessThan(1e-5);
      expect(diff.scaled).toBeLessThan(1e-5);
      expect(diff.outputs).toBeLessThan(1e-5);
      for (const layer of fast.layers) for (const head of layer.attention.heads) expect(head.weights.data.every(Number.isFinite)).toBe(true);
    }
  });

  it('caches its stages as the TypeScript backend does: a toggle re-combines one layer, a mask change keeps the embeddings', async () => {
    await enableFastAttention();
    const model = new EncoderModel(CONFIG);
    const before = model.run({ text: TEXT });
    const toggled = model.run({ text: TEXT, disabledHeads: [{ layer: 1, head: 2 }] });
    expect(toggled.baseline).toBe(before.baseline);
    expect(toggled.layers[0]).toBe(before.layers[0]);
    expect(toggled.layers[1].attention.heads).toBe(before.layers[1].attention.heads);
    expect(toggled.layers[2].attention.heads).not.toBe(before.layers[2].attention.heads);
    const masked = model.run({ text: TEXT, mask: { kind: 'causal' } });
    expect(masked.embeddings).toBe(before.embeddings);
    expect(masked.baseline).not.toBe(before.baseline);
  });
});
