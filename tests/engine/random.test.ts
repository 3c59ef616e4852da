// @vitest-environment node
import { hashString, mulberry32, normal, randomFeedForward, randomMhaParams, xavierUniform } from '../../src/engine';

const take = (n: number, seed: number): number[] => {
  const r = mulberry32(seed);
  return Array.from({ length: n }, () => r());
};
// Weights are stored as float32, so a bound check allows one float32 rounding step (1e-7 relative).
const maxAbs = (a: Float32Array): number => a.reduce((m, v) => Math.max(m, Math.abs(v)), 0);

describe('mulberry32', () => {
  it('the same seed gives the same sequence', () => {
    expect(take(100, 1234)).toEqual(take(100, 1234));
  });

  it('different seeds give different sequences', () => {
    expect(take(10, 1)).not.toEqual(take(10, 2));
  });

  it('values lie in [0, 1) and spread over it', () => {
    const values = take(10_000, 5);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    expect(mean).toBeCloseTo(0.5, 1);
    expect(Math.min(...values)).toBeLessThan(0.01);
    expect(Math.max(...values)).toBeGreaterThan(0.99);
  });

  it('normal() draws have mean ≈ 0 and variance ≈ 1', () => {
    const r = mulberry32(9);
    const xs = Array.from({ length: 20_000 }, () => normal(r));
    const mean = xs.reduce((s, v) => s + v, 0) / xs.length;
    const variance = xs.reduce((s, v) => s + (v - mean) ** 2, 0) / xs.length;
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(variance - 1)).toBeLessThan(0.05);
  });

  it('hashString is deterministic and tells words apart', () => {
    expect(hashString('cat')).toBe(hashString('cat'));
    expect(hashString('cat')).not.toBe(hashString('act'));
  });
});

describe('Xavier uniform initialisation', () => {
  it('xavierUniform(out, in) lies within ±√(6 / (in + out)) and reaches close to the bound', () => {
    const w = xavierUniform(64, 32, mulberry32(1));
    const bound = Math.sqrt(6 / 96);
    expect(maxAbs(w.data)).toBeLessThanOrEqual(bound * (1 + 1e-7));
    expect(maxAbs(w.data)).toBeGreaterThan(0.95 * bound);
  });

  it('randomMhaParams: W_q, W_k, W_v use the fused 3E×E bound √(6/4E); W_o uses √(6/2E); biases are zero', () => {
    const e = 64;
    const p = randomMhaParams(e, 4, mulberry32(2));
    const fusedBound = Math.sqrt(6 / (4 * e));
    const outBound = Math.sqrt(6 / (2 * e));
    for (const w of [p.wQ, p.wK, p.wV]) {
      expect(maxAbs(w.data)).toBeLessThanOrEqual(fusedBound * (1 + 1e-7));
      expect(maxAbs(w.data)).toBeGreaterThan(0.95 * fusedBound);
    }
    expect(maxAbs(p.wO.data)).toBeLessThanOrEqual(outBound * (1 + 1e-7));
    expect(maxAbs(p.wO.data)).toBeGreaterThan(fusedBound); // so W_o really uses the wider bound
    for (const b of [p.bQ, p.bK, p.bV, p.bO]) expect(b.every((v) => v === 0)).toBe(true);
  });

  it('randomMhaParams gives independent W_q, W_k, W_v (not three copies)', () => {
    const p = randomMhaParams(8, 2, mulberry32(3));
    expect(p.wQ.data).not.toEqual(p.wK.data);
    expect(p.wK.data).not.toEqual(p.wV.data);
  });

  it('randomFeedForward: each linear uses its own in + out, biases zero', () => {
    const f = randomFeedForward(16, 64, mulberry32(4));
    const bound = Math.sqrt(6 / 80);
    expect(maxAbs(f.w1.data)).toBeLessThanOrEqual(bound * (1 + 1e-7));
    expect(maxAbs(f.w2.data)).toBeLessThanOrEqual(bound * (1 + 1e-7));
    expect([f.w1.rows, f.w1.cols, f.w2.rows, f.w2.cols]).toEqual([64, 16, 16, 64]);
    expect(f.b1.every((v) => v === 0) && f.b2.every((v) => v === 0)).toBe(true);
  });

  it('the same seed gives the same weights', () => {
    expect(randomMhaParams(8, 2, mulberry32(7)).wQ.data).toEqual(randomMhaParams(8, 2, mulberry32(7)).wQ.data);
  });
});
