// @vitest-environment node
import {
  blockwiseAttention,
  blockwiseAttentionRow,
  buildMask,
  EngineError,
  maskedSoftmax,
  maskFromRows,
  onlineSoftmax,
  scaledDotProductAttention,
  softmaxVector,
} from '../../src/engine';
import type { Matrix } from '../../src/engine';
import { expectMatrixClose, matrixOf, randomMatrix, seeded } from './support';

/** Block sizes that cover one key per block, blocks that do not divide L, one block for all, and a block larger than L. */
const blockSizesFor = (length: number) => [1, 2, 3, length, length + 5];

/** Softmax in float64 written out here, over the finite entries only (−∞ = blocked), all zeros when none is finite. */
function referenceSoftmax(scores: readonly number[]): number[] {
  const open = scores.filter((s) => s !== -Infinity);
  if (open.length === 0) return scores.map(() => 0);
  const max = Math.max(...open);
  const sum = open.reduce((acc, s) => acc + Math.exp(s - max), 0);
  return scores.map((s) => (s === -Infinity ? 0 : Math.exp(s - max) / sum));
}

/** softmax(QKᵀ/√d_k)V in float64, row by row, from referenceSoftmax: independent of the engine's float32 path. */
function referenceAttention(q: Matrix, k: Matrix, v: Matrix): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < q.rows; i++) {
    const scores: number[] = [];
    for (let j = 0; j < k.rows; j++) {
      let dot = 0;
      for (let c = 0; c < q.cols; c++) dot += q.data[i * q.cols + c] * k.data[j * k.cols + c];
      scores.push(dot / Math.sqrt(q.cols));
    }
    const weights = referenceSoftmax(scores);
    out.push(Array.from({ length: v.cols }, (_, c) => weights.reduce((acc, w, j) => acc + w * v.data[j * v.cols + c], 0)));
  }
  return out;
}

function expectCloseArrays(actual: ArrayLike<number>, expected: ArrayLike<number>, tolerance: number): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) expect(Math.abs(actual[i] - expected[i]), `entry ${i}: ${actual[i]} vs ${expected[i]}`).toBeLessThanOrEqual(tolerance);
}

describe('onlineSoftmax equals the ordinary softmax', () => {
  const random = seeded(7);
  const scores = Array.from({ length: 11 }, () => 4 * (random() - 0.5));

  it.each(blockSizesFor(scores.length))('block size %i: within 1e-12 of softmaxVector, and the weights sum to 1', (blockSize) => {
    const weights = onlineSoftmax(scores, blockSize);
    expectCloseArrays(weights, softmaxVector(scores), 1e-12);
    expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('rescales what it has summed when a later block brings a larger maximum (scores rising block after block)', () => {
    const rising = [0, 5, 10, 20, 40, 80];
    for (const blockSize of blockSizesFor(rising.length)) expectCloseArrays(onlineSoftmax(rising, blockSize), referenceSoftmax(rising), 1e-12);
  });

  it('does not overflow with scores of 1e4 and more: [1e4, 1e4 − ln 3] → [3/4, 1/4]', () => {
    for (const blockSize of [1, 2, 3]) {
      const weights = onlineSoftmax([1e4, 1e4 - Math.log(3)], blockSize);
      expectCloseArrays(weights, [0.75, 0.25], 1e-12);
    }
    const huge = [1e5, -1e5, 3e5, 2.99999e5, 0];
    for (const blockSize of blockSizesFor(huge.length)) {
      const weights = onlineSoftmax(huge, blockSize);
      expect(weights.every(Number.isFinite)).toBe(true);
      expectCloseArrays(weights, referenceSoftmax(huge), 1e-12);
    }
  });

  it('gives −∞ (blocked) entries exactly 0 and renormalises over the rest, even when whole blocks are blocked', () => {
    const scores = [-Infinity, -Infinity, -Infinity, 1, -Infinity, 2, 0.5, -Infinity];
    for (const blockSize of blockSizesFor(scores.length)) {
      const weights = onlineSoftmax(scores, blockSize);
      scores.forEach((s, i) => {
        if (s === -Infinity) expect(weights[i]).toBe(0);
      });
      expectCloseArrays(weights, referenceSoftmax(scores), 1e-12);
    }
  });

  it('returns zeros for a row of only −∞, like maskedSoftmax does for a fully masked row', () => {
    const row = [-Infinity, -Infinity, -Infinity];
    const engine = maskedSoftmax(matrixOf(1, 3, [1, 2, 3]), maskFromRows([[true, true, true]]));
    expect(engine.fullyMaskedRows).toEqual([0]);
    for (const blockSize of blockSizesFor(row.length)) {
      const weights = onlineSoftmax(row, blockSize);
      expect(weights).toEqual([0, 0, 0]);
      expect(weights).toEqual(Array.from(engine.weights.data));
    }
  });

  it('refuses a block size that is not a whole number of at least 1', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => onlineSoftmax([1, 2], bad)).toThrow(EngineError);
  });
});

describe('blockwise attention equals scaledDotProductAttention', () => {
  const random = seeded(11);
  const L = 9;
  const q = randomMatrix(L, 8, random);
  const k = randomMatrix(L, 8, random);
  const v = randomMatrix(L, 5, random);

  it.each(blockSizesFor(L))('block size %i, no mask: within 1e-6', (blockSize) => {
    expectMatrixClose(blockwiseAttention(q, k, v, blockSize), scaledDotProductAttention(q, k, v).output, 1e-6);
  });

  it.each(blockSizesFor(L))('block size %i, causal mask: within 1e-6', (blockSize) => {
    const mask = buildMask(L, L, { causal: true });
    expectMatrixClose(blockwiseAttention(q, k, v, blockSize, mask), scaledDotProductAttention(q, k, v, { mask }).output, 1e-6);
  });

  it('large scores (keys 300 times larger, scores in the hundreds) do not overflow and match a float64 reference', () => {
    const bigK = randomMatrix(L, 8, seeded(12), 300);
    const expected = referenceAttention(q, bigK, v);
    for (const blockSize of blockSizesFor(L)) {
      const out = blockwiseAttention(q, bigK, v, blockSize);
      expect(out.data.every(Number.isFinite)).toBe(true);
      for (let i = 0; i < L; i++) expectCloseArrays(out.data.subarray(i * v.cols, (i + 1) * v.cols), expected[i], 1e-6);
    }
  });

  it('a fully masked row comes out as zeros, as in the engine, and the other rows still match', () => {
    const blockedRows = Array.from({ length: L }, (_, i) => Array.from({ length: L }, (_, j) => i === 2 || (i === 5 && j % 2 === 0)));
    const mask = maskFromRows(blockedRows);
    const reference = scaledDotProductAttention(q, k, v, { mask });
    expect(reference.fullyMaskedRows).toEqual([2]);
    for (const blockSize of blockSizesFor(L)) {
      const out = blockwiseAttention(q, k, v, blockSize, mask);
      expect(Array.from(out.data.subarray(2 * v.cols, 3 * v.cols))).toEqual([0, 0, 0, 0, 0]);
      expectMatrixClose(out, reference.output, 1e-6);
    }
  });

  it('one query row by hand: two keys with scores 0 and ln 3 average their values 1 : 3', () => {
    // d_k = 1, so the scale is 1: scores are q · k = 0 and ln 3.
    const keys = matrixOf(2, 1, [0, Math.fround(Math.log(3))]);
    const values = matrixOf(2, 2, [4, 0, 0, 8]);
    for (const blockSize of [1, 2, 3]) expectCloseArrays(blockwiseAttentionRow([1], keys, values, blockSize), [1, 6], 1e-6);
  });

  it('refuses mismatched shapes', () => {
    expect(() => blockwiseAttentionRow([1, 2, 3], k, v, 2)).toThrow(EngineError);
    expect(() => blockwiseAttention(q, k, randomMatrix(L + 1, 5, random), 2)).toThrow(EngineError);
    expect(() => blockwiseAttention(q, k, v, 2, buildMask(L, L + 1, { causal: true }))).toThrow(EngineError);
  });
});
