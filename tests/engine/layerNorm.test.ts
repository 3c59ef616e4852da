// @vitest-environment node
import { defaultLayerNorm, fromRows, layerNorm, toRows, EngineError } from '../../src/engine';
import { randomMatrix, seeded } from './support';

describe('layerNorm', () => {
  it('syllabus example: X = [[1, 2], [2, 3]] → [[−1, 1], [−1, 1]] (±0.99998 with eps 1e-5)', () => {
    const out = toRows(layerNorm(fromRows([[1, 2], [2, 3]]), defaultLayerNorm(2)));
    // mean 1.5 (or 2.5), biased variance 0.25: ±0.5 / √(0.25 + 1e-5) = ±0.99998
    const v = 0.5 / Math.sqrt(0.25 + 1e-5);
    expect(v).toBeCloseTo(0.99998, 5);
    out.forEach((row) => {
      expect(row[0]).toBeCloseTo(-v, 6);
      expect(row[1]).toBeCloseTo(v, 6);
    });
  });

  it('uses the biased variance (divide by n, as PyTorch does)', () => {
    // [0, 0, 3]: mean 1, biased variance (1 + 1 + 4) / 3 = 2 (the unbiased one would be 3)
    const out = toRows(layerNorm(fromRows([[0, 0, 3]]), defaultLayerNorm(3, 0)))[0];
    expect(out[0]).toBeCloseTo(-1 / Math.sqrt(2), 6);
    expect(out[2]).toBeCloseTo(2 / Math.sqrt(2), 6);
  });

  it('every row comes out with mean 0 and variance ≈ 1, whatever its scale and offset', () => {
    const x = randomMatrix(5, 16, seeded(1), 30);
    for (let i = 0; i < x.data.length; i++) x.data[i] += 100;
    for (const row of toRows(layerNorm(x, defaultLayerNorm(16)))) {
      const mean = row.reduce((s, v) => s + v, 0) / row.length;
      const variance = row.reduce((s, v) => s + (v - mean) ** 2, 0) / row.length;
      expect(Math.abs(mean)).toBeLessThan(1e-5);
      expect(variance).toBeCloseTo(1, 4);
    }
  });

  it('applies the gain γ and shift β per feature', () => {
    const params = { weight: Float32Array.from([2, 3]), bias: Float32Array.from([10, -10]), eps: 0 };
    expect(toRows(layerNorm(fromRows([[1, 2]]), params))).toEqual([[8, -7]]); // [−1, 1]·γ + β
  });

  it('normalises tokens independently: one row does not affect another', () => {
    const a = layerNorm(fromRows([[1, 5, 2]]), defaultLayerNorm(3));
    const b = layerNorm(fromRows([[1, 5, 2], [100, -3, 7]]), defaultLayerNorm(3));
    expect(Array.from(b.data.subarray(0, 3))).toEqual(Array.from(a.data));
  });

  it('a constant row becomes zeros, not NaN (eps keeps the division finite)', () => {
    expect(toRows(layerNorm(fromRows([[4, 4, 4]]), defaultLayerNorm(3)))).toEqual([[0, 0, 0]]);
  });

  it('rejects a gain of the wrong length', () => {
    expect(() => layerNorm(fromRows([[1, 2, 3]]), defaultLayerNorm(2))).toThrow(EngineError);
  });
});
