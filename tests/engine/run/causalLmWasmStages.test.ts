// @vitest-environment node
// The language model's every stage on the WebAssembly backend (LayerNorm, the GELU feed-forward network, concat · W_o
// and the logits, besides attention): the same numbers as the TypeScript backend and PyTorch on every causal_lm
// fixture, at odd lengths; the logits still computed one row at a time when only a row is read; the weights packed
// once per model, not per run.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  activeBackend,
  CausalLmModel,
  disableFastAttention,
  enableFastAttention,
  maxAbsDifference,
  type CausalLmRun,
  type LmRunOptions,
  type Matrix,
} from '../../../src/engine';
import { LazyLogits, matrixRow, referenceLogitRows, type LogitRows } from '../../../src/engine/lm/lazyLogits';
import { PreparedFeedForward, PreparedLayerNorm, PreparedLinear } from '../../../src/engine/wasm';
import { lmFixtureFiles, loadLmFixture, rowLogSumExp, storedLogits, worstRatio } from '../lm/causalLmSupport';

afterEach(() => {
  disableFastAttention();
  vi.restoreAllMocks();
});

/**
 * max|a − b| over a stage, relative to the stage's size when that is above 1: float32 keeps about 7 digits, so on the
 * residual stream of a few blocks (values up to ~20, where one ulp is 2e-6) two summation orders differ by ~1e-5.
 */
function stageDifference(a: Matrix, b: Matrix): number {
  const size = b.data.reduce((m, v) => Math.max(m, Math.abs(v)), 1);
  return maxAbsDifference(a, b) / size;
}

/** The largest (scaled) difference over every stage a view reads, and the logits' own, absolute. */
function differences(a: CausalLmRun, b: CausalLmRun): { stages: number; logits: number } {
  let stages = stageDifference(a.finalHidden, b.finalHidden);
  a.layers.forEach((layer, l) => {
    const other = b.layers[l];
    for (const key of ['attentionInput', 'afterAttention', 'ffnInput', 'output'] as const) stages = Math.max(stages, stageDifference(layer[key], other[key]));
    stages = Math.max(stages, stageDifference(layer.ffn.hidden, other.ffn.hidden), stageDifference(layer.ffn.output, other.ffn.output));
    stages = Math.max(stages, stageDifference(layer.attention.concat, other.attention.concat), stageDifference(layer.attention.output, other.attention.output));
    layer.attention.heads.forEach((head, h) => (stages = Math.max(stages, maxAbsDifference(head.weights, other.attention.heads[h].weights))));
  });
  return { stages, logits: maxAbsDifference(a.logits, b.logits) };
}

async function bothBackends(model: CausalLmModel, ids: readonly number[], options: LmRunOptions): Promise<{ reference: CausalLmRun; fast: CausalLmRun }> {
  disableFastAttention();
  const reference = model.runIds(ids, options);
  expect(await enableFastAttention()).toBe(true);
  const fast = model.runIds(ids, options);
  expect(fast.baseline).not.toBe(reference.baseline);
  return { reference, fast };
}

describe('CausalLmModel with every stage on the WebAssembly kernels', () => {
  it.each(lmFixtureFiles())('%s: the TypeScript backend within 1e-5 (stages, scaled) and 1e-4 (logits), and PyTorch within the golden tolerance', async (file) => {
    const fx = loadLmFixture(file);
    const model = new CausalLmModel(fx.weights);
    const { reference, fast } = await bothBackends(model, fx.tokenIds, { disabledHeads: fx.disabledHeads });
    const diff = differences(fast, reference);
    expect(diff.stages).toBeLessThan(1e-5);
    expect(diff.logits).toBeLessThan(1e-4);
    expect(worstRatio(storedLogits(fx, fast.logits), fx.logits)).toBeLessThanOrEqual(1);
    if (fx.logitsColumns) expect(worstRatio(rowLogSumExp(fast.logits), (fx.logSumExp ?? []).map((x) => [x]))).toBeLessThanOrEqual(1);
    fx.weightsPerHead.forEach((heads, layer) => heads.forEach((w, h) => expect(worstRatio(fast.layers[layer].attention.heads[h].weights, w)).toBeLessThanOrEqual(1)));
  });

  it.each([1, 3, 17])('L = %i (odd lengths; widths 24, 12 with 3 heads, and the shipped 128): the TypeScript backend within 1e-5 / 1e-4', async (l) => {
    const files = ['causal_lm_ablated.json', 'causal_lm_eps_1e-3_h3.json', 'causal_lm_shipped_en.json'].map((f) => loadLmFixture(f)).filter((fx) => fx.weights.nPositions >= l);
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const fx of files) {
      const model = new CausalLmModel(fx.weights);
      const ids = Array.from({ length: l }, (_, i) => fx.tokenIds[i % fx.tokenIds.length]);
      for (const options of [{}, { disabledHeads: [{ layer: 0, head: 1 }] }, { causal: false }] satisfies LmRunOptions[]) {
        const { reference, fast } = await bothBackends(model, ids, options);
        expect(fast.tokenIds.length).toBe(l);
        const diff = differences(fast, reference);
        expect(diff.stages, `${fx.file} L=${l}`).toBeLessThan(1e-5);
        expect(diff.logits, `${fx.file} L=${l}`).toBeLessThan(1e-4);
      }
    }
  });

  it('a head toggle re-combines on the kernels: the same as the TypeScript backend, from the cached baseline', async () => {
    const fx = loadLmFixture('causal_lm_ablated.json');
    const model = new CausalLmModel(fx.weights);
    await enableFastAttention();
    const before = model.runIds(fx.tokenIds);
    const toggled = model.runIds(fx.tokenIds, { disabledHeads: [{ layer: 1, head: 2 }] });
    expect(toggled.baseline).toBe(before.baseline);
    expect(toggled.layers[0]).toBe(before.layers[0]);
    expect(toggled.layers[1].attention.heads).toBe(before.layers[1].attention.heads);
    disableFastAttention();
    const reference = model.runIds(fx.tokenIds, { disabledHeads: [{ layer: 1, head: 2 }] });
    expect(differences(toggled, reference).stages).toBeLessThan(1e-5);
  });
});

describe('the logits on the kernels stay lazy', () => {
  it('are a LazyLogits whose rows read alone are the same floats as the whole matrix', async () => {
    await enableFastAttention();
    const fx = loadLmFixture('causal_lm_shipped_en.json');
    const model = new CausalLmModel(fx.weights);
    const ids = fx.tokenIds;
    const lazy = model.runIds(ids).logits;
    expect(lazy).toBeInstanceOf(LazyLogits);
    const rows = [ids.length - 1, 0, 5].map((i) => [i, Array.from(matrixRow(lazy, i))] as const);
    const whole = model.runIds([...ids].reverse()) && model.runIds([...ids, 1]) && model.runIds(ids).logits; // evicted and recomputed: no row read yet
    expect(whole).not.toBe(lazy);
    for (const [i, row] of rows) expect(Array.from(whole.data.subarray(i * whole.cols, (i + 1) * whole.cols))).toEqual(row);
  });

  it('LazyLogits computes only the row read, and each run of missing rows in one call for data', () => {
    const hidden = { rows: 5, cols: 3, data: Float32Array.from({ length: 15 }, (_, i) => i / 7 - 1) };
    const output = { rows: 4, cols: 3, data: Float32Array.from({ length: 12 }, (_, i) => Math.sin(i)) };
    const calls: [number, number][] = [];
    const spy: LogitRows = (h, w, first, count, out) => {
      calls.push([first, count]);
      referenceLogitRows(h, w, first, count, out);
    };
    const logits = new LazyLogits(hidden, output, spy);
    logits.row(2);
    logits.row(2);
    expect(calls).toEqual([[2, 1]]);
    const all = logits.data;
    expect(calls).toEqual([[2, 1], [0, 2], [3, 2]]);
    expect(Array.from(all)).toEqual(Array.from(new LazyLogits(hidden, output).data));
  });

  it('rows read after the kernels are unloaded come from the reference, within 1e-5 of the kernels', async () => {
    await enableFastAttention();
    const fx = loadLmFixture('causal_lm_ablated.json');
    const model = new CausalLmModel(fx.weights);
    const fastRun = model.runIds(fx.tokenIds);
    const first = Array.from(matrixRow(fastRun.logits, 0));
    disableFastAttention();
    const later = matrixRow(fastRun.logits, 3);
    const fresh = model.runIds(fx.tokenIds).logits;
    expect(Math.max(...first.map((v, c) => Math.abs(v - fresh.data[c])))).toBeLessThan(1e-5);
    expect(Math.max(...Array.from(later).map((v, c) => Math.abs(v - fresh.data[3 * fresh.cols + c])))).toBeLessThan(1e-5);
  });
});

describe('packed weights on the WebAssembly backend', () => {
  it('are packed once per model, not per run: new ids, toggles and reads of rows pack nothing again', async () => {
    await enableFastAttention();
    const linear = vi.spyOn(PreparedLinear, 'create');
    const ffn = vi.spyOn(PreparedFeedForward, 'create');
    const norm = vi.spyOn(PreparedLayerNorm, 'create');
    const fx = loadLmFixture('causal_lm_ablated.json');
    const model = new CausalLmModel(fx.weights);
    const n = fx.weights.numLayers;
    void model.runIds(fx.tokenIds).logits.data;
    const counts = () => [linear.mock.calls.length, ffn.mock.calls.length, norm.mock.calls.length];
    // the output embedding; each block's feed-forward (two linear maps each); LN1, LN2 per block and LN_f
    expect(counts()).toEqual([1 + 2 * n, n, 2 * n + 1]);
    void model.runIds(fx.tokenIds.slice(3)).logits.data;
    void matrixRow(model.runIds(fx.tokenIds, { disabledHeads: [{ layer: 0, head: 0 }] }).logits, 2);
    void model.runIds([...fx.tokenIds].reverse(), { causal: false }).logits.data;
    expect(counts()).toEqual([1 + 2 * n, n, 2 * n + 1]);
  });

  it('are kept for the two models used last (as the model cache), and packed again for a third', async () => {
    await enableFastAttention();
    const ffn = vi.spyOn(PreparedFeedForward, 'create');
    const fx = loadLmFixture('causal_lm_one_layer.json');
    const [a, b, c] = [0, 1, 2].map(() => new CausalLmModel(fx.weights));
    for (const model of [a, b, a, b]) model.runIds(fx.tokenIds);
    expect(ffn).toHaveBeenCalledTimes(2);
    c.runIds(fx.tokenIds); // a was used before b: its packs are released
    expect(ffn).toHaveBeenCalledTimes(3);
    b.runIds(fx.tokenIds.slice(1));
    expect(ffn).toHaveBeenCalledTimes(3);
    a.runIds(fx.tokenIds.slice(1));
    expect(ffn).toHaveBeenCalledTimes(4);
    expect(activeBackend().name).toBe('wasm');
  });
});
