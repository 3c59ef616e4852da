// @vitest-environment node
import { addPositionalEncoding, embedTokens, tokenize } from '../../src/engine';
import {
  dotProductStats,
  entropy,
  entropyCurve,
  meanPairwiseCosine,
  rankCollapseCurves,
  softmaxEntropyStats,
  softmaxOf,
} from '../../src/engine/experiments';
import { matrixOf } from './support';

describe('why √d_k', () => {
  it('entropy is 0 for one-hot and ln n for uniform weights', () => {
    expect(entropy([0, 1, 0])).toBe(0);
    expect(entropy([0.25, 0.25, 0.25, 0.25])).toBeCloseTo(Math.log(4), 12);
    expect(Array.from(softmaxOf([1000, 0]))).toEqual([1, 0]);
  });

  it.each([2, 64, 512])('Var(q·k) ≈ d_k unscaled and ≈ 1 scaled (d_k = %i)', (dk) => {
    const s = dotProductStats(dk, 4000, 11);
    expect(Math.abs(s.varianceUnscaled - dk) / dk).toBeLessThan(0.15);
    expect(Math.abs(s.varianceScaled - 1)).toBeLessThan(0.15);
    expect(Math.abs(s.mean)).toBeLessThan(0.1 * Math.sqrt(dk));
  });

  it('unscaled entropy strictly falls as d_k grows; scaled stays near ln L', () => {
    const curve = entropyCurve([2, 8, 32, 128, 512], 16, 200, 3);
    for (let i = 1; i < curve.length; i++) expect(curve[i].unscaled).toBeLessThan(curve[i - 1].unscaled);
    expect(curve.at(-1)!.unscaled).toBeLessThan(0.25); // near one-hot
    for (const p of curve) expect(p.scaled).toBeGreaterThan(0.8 * Math.log(16));
  });

  it('is reproducible for a seed', () => {
    expect(softmaxEntropyStats(32, 8, 50, 5)).toEqual(softmaxEntropyStats(32, 8, 50, 5));
  });

  it('rejects a width that is not a positive whole number', () => {
    expect(() => dotProductStats(0)).toThrow(/d_k/);
  });
});

describe('why residual connections (rank collapse)', () => {
  it('mean pairwise cosine: 1 for identical rows, 0 for orthogonal, NaN for one row', () => {
    expect(meanPairwiseCosine(matrixOf(3, 2, [1, 2, 1, 2, 2, 4]))).toBeCloseTo(1, 6);
    expect(meanPairwiseCosine(matrixOf(2, 2, [1, 0, 0, 1]))).toBe(0);
    expect(meanPairwiseCosine(matrixOf(1, 2, [1, 0]))).toBeNaN();
  });

  const tokens = tokenize('The animal did not cross the street because it was too tired.').tokens.map((t) => t.text);
  const input = addPositionalEncoding(embedTokens(tokens, 32, 7));

  it.each([7, 1, 2, 3])('without residuals the tokens collapse with depth; with them they stay apart (seed %i)', (seed) => {
    const r = rankCollapseCurves(input, { depth: 24, numHeads: 4, seed });
    expect(r.depths).toHaveLength(25);
    const off = r.withoutResidual;
    const on = r.withResidual;
    expect(off[24]).toBeGreaterThan(on[24]);
    expect(off[24]).toBeGreaterThan(0.99);
    expect(off[24]).toBeGreaterThan(off[0]);
    for (let d = 1; d <= 24; d++) expect(off[d]).toBeGreaterThanOrEqual(off[d - 1] - 1e-6);
    expect(on[24]).toBeLessThan(0.9);
    expect(on[0]).toBe(off[0]);
  });

  it('rejects a depth outside 1 … 24', () => {
    expect(() => rankCollapseCurves(input, { depth: 25, numHeads: 4, seed: 1 })).toThrow(/depth/);
  });
});
