// @vitest-environment node
// kvCacheRun, the kv-cache widget's forward pass, run by the engine's own untrained encoder: every cached step equals
// row t of the ordinary full-sequence attention under the causal mask (on the same input and weights), the cached K
// and V equal the full run's, and the text is cut and embedded exactly as the model's `run` does it.
import { kvCacheRun, type KvCacheRun, type KvCacheRunConfig, type KvCacheStep } from '../../../src/engine/decoding';
import {
  addPositionalEncoding,
  buildMask,
  createModel,
  embedTokens,
  EncoderModel,
  encoderModel,
  EngineError,
  multiHeadAttention,
  tokenize,
  type Matrix,
  type MhaTrace,
} from '../../../src/engine';

/** The widget's config (src/lessons/widgets/kvCacheDemo.ts), spelled out so the engine test stands alone. */
const DEMO: KvCacheRunConfig = { embedDim: 8, numHeads: 1, seed: 7, maxTokens: 16 };
// Repeated words (same embedding, different positions) and punctuation; 22 tokens, so the cut at 16 is exercised.
const LONG = 'The cat sat on the mat because the mat was warm, and the cat liked the warm mat.';
const SHORT = 'the cat sat on the mat';

const rowOf = (m: Matrix, r: number, length = m.cols): Float32Array => m.data.subarray(r * m.cols, r * m.cols + length);
const rowsOf = (m: Matrix, count: number): Matrix => ({ rows: count, cols: m.cols, data: m.data.subarray(0, count * m.cols) });

function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

/** Every step against the full causal attention `full` over the same tokens: row t of each result, within 1e-6. */
function expectStepsMatch(steps: readonly KvCacheStep[], full: MhaTrace): void {
  expect(steps).toHaveLength(full.output.rows);
  steps.forEach((step, t) => {
    expect(maxDiff(step.output, rowOf(full.output, t))).toBeLessThan(1e-6);
    expect(maxDiff(step.concat, rowOf(full.concat, t))).toBeLessThan(1e-6);
    expect(maxDiff(step.query, rowOf(full.q, t))).toBeLessThan(1e-6);
    step.heads.forEach((head, h) => {
      // Row t of the causal weights: keys 0 … t (the rest are masked to 0).
      expect(maxDiff(head.weights, rowOf(full.heads[h].weights, t, t + 1))).toBeLessThan(1e-6);
      expect(maxDiff(head.output, rowOf(full.heads[h].output, t))).toBeLessThan(1e-6);
    });
    // The cache after step t holds exactly the full run's K and V rows 0 … t.
    expect(step.cache.keys.rows).toBe(t + 1);
    expect(step.cache.values.rows).toBe(t + 1);
    expect(maxDiff(step.cache.keys.data, rowsOf(full.k, t + 1).data)).toBeLessThan(1e-6);
    expect(maxDiff(step.cache.values.data, rowsOf(full.v, t + 1).data)).toBeLessThan(1e-6);
  });
}

describe('kvCacheRun', () => {
  it('gives, at every step, row t of the full causal attention on the same input and weights, and its K and V rows (within 1e-6)', () => {
    const demo: KvCacheRun = kvCacheRun(LONG, DEMO);
    // The full run rebuilt from the engine's parts, independently of the model: seeded embeddings + sinusoidal
    // positions, layer 1's Xavier weights from the seed, masked causal attention over the whole sequence.
    const input = addPositionalEncoding(embedTokens(demo.tokens, DEMO.embedDim, DEMO.seed));
    const weights = createModel({ embedDim: DEMO.embedDim, numHeads: DEMO.numHeads, numLayers: 1, seed: DEMO.seed })[0].attention;
    const n = demo.tokens.length;
    const full = multiHeadAttention(input, weights, { mask: buildMask(n, n, { causal: true }) });
    expectStepsMatch(demo.steps, full);
  });

  it('equals layer 1’s attention of the engine’s own model run with the causal mask', () => {
    const demo = kvCacheRun(LONG, DEMO);
    const model = encoderModel({ embedDim: DEMO.embedDim, numHeads: DEMO.numHeads, numLayers: 1, seed: DEMO.seed });
    const run = model.run({ text: LONG, tokenLimit: DEMO.maxTokens, mask: { kind: 'causal' } });
    expect(run.tokens.map((token) => token.text)).toEqual(demo.tokens);
    expectStepsMatch(demo.steps, run.layers[0].attention);
  });

  it('cuts the text at maxTokens as the tokenizer does, and says so', () => {
    const whole = tokenize(LONG).tokens.map((token) => token.text);
    expect(whole.length).toBeGreaterThan(DEMO.maxTokens);
    const long = kvCacheRun(LONG, DEMO);
    expect(long.tokens).toEqual(whole.slice(0, DEMO.maxTokens));
    expect(long).toMatchObject({ totalTokens: whole.length, truncated: true });
    expect(long.steps).toHaveLength(DEMO.maxTokens);
    const short = kvCacheRun(SHORT, DEMO);
    expect(short).toMatchObject({ tokens: ['the', 'cat', 'sat', 'on', 'the', 'mat'], totalTokens: 6, truncated: false });
    expect(short.steps).toHaveLength(6);
    // Width and heads as configured.
    expect(short.steps[0].query).toHaveLength(DEMO.embedDim);
    expect(short.steps[0].heads).toHaveLength(DEMO.numHeads);
  });

  it('throws the empty-text error for a blank text, and an EngineError for an impossible config', () => {
    expect(() => kvCacheRun('   ', DEMO)).toThrow(expect.objectContaining({ code: 'empty-input' }));
    expect(() => kvCacheRun(SHORT, { ...DEMO, numHeads: 3 })).toThrow(EngineError);
  });
});

describe('EncoderModel.kvCacheDecode', () => {
  it('matches layer 1 of the causal run for several heads, with and without positional encoding', () => {
    const model = new EncoderModel({ embedDim: 12, numHeads: 3, numLayers: 2, seed: 3 });
    for (const positionalEncoding of [true, false]) {
      const decoding = model.kvCacheDecode({ text: LONG, tokenLimit: 10, positionalEncoding });
      const run = model.run({ text: LONG, tokenLimit: 10, positionalEncoding, mask: { kind: 'causal' } });
      expect(decoding).toMatchObject({ totalTokens: run.totalTokens, truncated: true, tokenLimit: 10 });
      expect(Array.from(decoding.input.data)).toEqual(Array.from(run.input.data));
      expectStepsMatch(decoding.steps, run.layers[0].attention);
    }
  });
});
