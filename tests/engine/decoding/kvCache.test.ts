// @vitest-environment node
// Attention one token at a time with a KV cache: every step equals the matching row of the engine's full causal
// attention, the cache grows by one key row and one value row per step, and the multiply-add counts match both
// their formulas and the shapes the step really multiplied.
import {
  cachedStepCost,
  cumulativeCost,
  decodeWithKvCache,
  emptyKvCache,
  fullRecomputeCost,
  kvCacheNumbers,
  kvCacheStep,
} from '../../../src/engine/decoding';
import { buildMask, EngineError, headDim, multiHeadAttention, mulberry32, randomMhaParams, zeros, type Matrix, type MhaParams } from '../../../src/engine';

function randomInput(rows: number, cols: number, seed: number): Matrix {
  const random = mulberry32(seed);
  const m = zeros(rows, cols);
  for (let i = 0; i < m.data.length; i++) m.data[i] = random() * 4 - 2;
  return m;
}

/** Xavier weights with non-zero biases, so the biases are checked too. */
function paramsWith(embedDim: number, numHeads: number, seed: number): MhaParams {
  const random = mulberry32(seed);
  const p = randomMhaParams(embedDim, numHeads, random);
  const bias = () => Float32Array.from({ length: embedDim }, () => random() - 0.5);
  return { ...p, bQ: bias(), bK: bias(), bV: bias(), bO: bias() };
}

const rowOf = (m: Matrix, r: number, length = m.cols): Float32Array => m.data.subarray(r * m.cols, r * m.cols + length);

function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

describe('kvCacheStep', () => {
  it.each([
    [8, 1, 11],
    [12, 3, 9],
    [16, 4, 14],
  ])('reproduces every row of the full causal attention (E = %i, %i heads, %i tokens) within 1e-6', (e, h, n) => {
    const params = paramsWith(e, h, e + h);
    const x = randomInput(n, e, n);
    const full = multiHeadAttention(x, params, { mask: buildMask(n, n, { causal: true }) });
    const steps = decodeWithKvCache(x, params);
    expect(steps).toHaveLength(n);
    const d = headDim(params);
    steps.forEach((step, i) => {
      expect(maxDiff(step.query, rowOf(full.q, i))).toBeLessThan(1e-6);
      expect(maxDiff(step.key, rowOf(full.k, i))).toBeLessThan(1e-6);
      expect(maxDiff(step.value, rowOf(full.v, i))).toBeLessThan(1e-6);
      step.heads.forEach((head, k) => {
        const weights = full.heads[k].weights;
        // Row i of the causal weights: keys 0 … i, then zeros where the mask blocks the future.
        expect(maxDiff(head.weights, rowOf(weights, i, i + 1))).toBeLessThan(1e-6);
        for (let j = i + 1; j < n; j++) expect(weights.data[i * n + j]).toBe(0);
        expect(maxDiff(head.output, rowOf(full.heads[k].output, i))).toBeLessThan(1e-6);
      });
      expect(step.heads).toHaveLength(h);
      expect(step.heads[0].output).toHaveLength(d);
      expect(maxDiff(step.concat, rowOf(full.concat, i))).toBeLessThan(1e-6);
      expect(maxDiff(step.output, rowOf(full.output, i))).toBeLessThan(1e-6);
    });
  });

  it('grows the cache by exactly one key row and one value row per step, keeping the rows it had', () => {
    const params = paramsWith(8, 2, 1);
    const x = randomInput(6, 8, 2);
    let cache = emptyKvCache(8);
    expect(cache.keys.rows).toBe(0);
    for (let i = 0; i < x.rows; i++) {
      const before = cache;
      const step = kvCacheStep(before, rowOf(x, i), params);
      expect(step.cache.keys.rows).toBe(before.keys.rows + 1);
      expect(step.cache.values.rows).toBe(before.values.rows + 1);
      expect(step.cache.keys.cols).toBe(8);
      expect(Array.from(step.cache.keys.data.subarray(0, before.keys.data.length))).toEqual(Array.from(before.keys.data));
      expect(Array.from(step.cache.values.data.subarray(0, before.values.data.length))).toEqual(Array.from(before.values.data));
      expect(Array.from(rowOf(step.cache.keys, i))).toEqual(Array.from(step.key));
      expect(Array.from(rowOf(step.cache.values, i))).toEqual(Array.from(step.value));
      // The cache given is not changed: a step returns a new one.
      expect(before.keys.rows).toBe(i);
      cache = step.cache;
    }
  });

  it('gives weight rows that sum to 1 with no negative weight', () => {
    for (const step of decodeWithKvCache(randomInput(9, 12, 5), paramsWith(12, 3, 6))) {
      for (const head of step.heads) {
        expect(head.weights.reduce((s, w) => s + w, 0)).toBeCloseTo(1, 6);
        expect(Math.min(...head.weights)).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('refuses a token or a cache of the wrong width', () => {
    const params = paramsWith(8, 2, 1);
    expect(() => kvCacheStep(emptyKvCache(8), new Float32Array(6), params)).toThrow(EngineError);
    expect(() => kvCacheStep(emptyKvCache(6), new Float32Array(8), params)).toThrow(/cache is 6 wide/);
  });
});

describe('multiply-add counts', () => {
  it('follow 4E² + 2tE with the cache and 4tE² + 2t²E without', () => {
    for (const [t, e] of [[1, 8], [5, 8], [13, 32], [128, 128]]) {
      expect(cachedStepCost(t, e).total).toBe(4 * e * e + 2 * t * e);
      expect(fullRecomputeCost(t, e).total).toBe(4 * t * e * e + 2 * t * t * e);
    }
    // At the first token there is nothing to save.
    expect(cachedStepCost(1, 16)).toEqual(fullRecomputeCost(1, 16));
    expect(fullRecomputeCost(2, 16).total).toBeGreaterThan(cachedStepCost(2, 16).total);
  });

  it('count the products a cached step and a full run really make', () => {
    const e = 12;
    const params = paramsWith(e, 3, 4);
    const n = 7;
    const x = randomInput(n, e, 8);
    const steps = decodeWithKvCache(x, params);
    const d = headDim(params);
    steps.forEach((step, i) => {
      const t = i + 1;
      const cached = cachedStepCost(t, e);
      // One row through three E × E projections, one score per (head, key) of width D, one value row per (head, key), W_o on one row.
      expect(cached.projections).toBe(3 * 1 * params.wQ.rows * params.wQ.cols);
      expect(cached.scores).toBe(step.heads.length * step.heads[0].weights.length * d);
      expect(cached.mixing).toBe(step.heads.length * step.heads[0].weights.length * d);
      expect(cached.output).toBe(1 * params.wO.rows * params.wO.cols);
      const full = multiHeadAttention(randomInput(t, e, 8), params, { mask: buildMask(t, t, { causal: true }) });
      const costs = fullRecomputeCost(t, e);
      expect(costs.projections).toBe(3 * full.q.rows * params.wQ.rows * params.wQ.cols);
      expect(costs.scores).toBe(full.heads.length * full.heads[0].scores.rows * full.heads[0].scores.cols * d);
      expect(costs.mixing).toBe(full.heads.length * full.heads[0].weights.rows * full.heads[0].weights.cols * d);
      expect(costs.output).toBe(full.concat.rows * params.wO.rows * params.wO.cols);
    });
  });

  it('add up over the steps, and the cache holds 2tE numbers', () => {
    const e = 8;
    const t = 6;
    expect(cumulativeCost(t, e, cachedStepCost).total).toBe(4 * t * e * e + e * t * (t + 1));
    let sum = 0;
    for (let s = 1; s <= t; s++) sum += fullRecomputeCost(s, e).total;
    expect(cumulativeCost(t, e, fullRecomputeCost).total).toBe(sum);
    expect(kvCacheNumbers(0, e)).toBe(0);
    expect(kvCacheNumbers(t, e)).toBe(2 * t * e);
    const steps = decodeWithKvCache(randomInput(t, e, 1), paramsWith(e, 2, 2));
    const last = steps[t - 1].cache;
    expect(kvCacheNumbers(t, e)).toBe(last.keys.data.length + last.values.data.length);
  });

  it('refuse a length below 1', () => {
    expect(() => cachedStepCost(0, 8)).toThrow(EngineError);
    expect(() => fullRecomputeCost(2.5, 8)).toThrow(EngineError);
  });
});
