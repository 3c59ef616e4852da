// @vitest-environment node
import { sinusoidalPositionalEncoding } from '../../src/engine';
import { dotPair, pairLength, pairScore, ropeRotate, ropeScore, ropeTheta, rotatePair } from '../../src/lessons/widgets/ropeMath';

/** A fixed pseudo-random vector, so a failure can be replayed. */
function vector(width: number, seed: number): number[] {
  let s = seed;
  return Array.from({ length: width }, () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return (s / 2147483648) * 2 - 1;
  });
}
const norm = (v: readonly number[]) => Math.hypot(...v);

describe('rotary position embedding, the maths', () => {
  it('θ_i = 10000^(−2i/d): 1, 0.1, 0.01, 0.001 for d = 8', () => {
    expect([0, 1, 2, 3].map((i) => ropeTheta(i, 8))).toEqual([1, 0.1, 0.01, 0.001].map((v) => expect.closeTo(v, 12)));
    expect(ropeTheta(5, 64)).toBeCloseTo(Math.pow(10000, -10 / 64), 15);
  });

  it('uses the sinusoidal encoding’s frequencies: sin θ_i is PE(1) at dimension 2i', () => {
    const d = 16;
    const pe = sinusoidalPositionalEncoding(2, d);
    for (let i = 0; i < d / 2; i++) expect(pe.data[d + 2 * i]).toBeCloseTo(Math.sin(ropeTheta(i, d)), 6);
  });

  it('rotating a pair preserves its length, and turns it by the angle asked for', () => {
    const p = { x: 1.2, y: -0.5 };
    for (const angle of [0, 0.3, -2, Math.PI, 17.5, 1000]) {
      const r = rotatePair(p, angle);
      expect(pairLength(r)).toBeCloseTo(pairLength(p), 12);
      expect(dotPair(r, p) / (pairLength(p) * pairLength(p))).toBeCloseTo(Math.cos(angle), 12);
    }
    expect(rotatePair({ x: 1, y: 0 }, Math.PI / 2).x).toBeCloseTo(0, 15);
    expect(rotatePair({ x: 1, y: 0 }, Math.PI / 2).y).toBeCloseTo(1, 15);
  });

  it('rotating a whole vector preserves its length at every position', () => {
    const v = vector(8, 7);
    for (const position of [0, 1, 5, 40, 4096]) expect(norm(ropeRotate(v, position))).toBeCloseTo(norm(v), 12);
  });

  it('position 0 rotates nothing, so the score there is the plain dot product', () => {
    const q = vector(8, 1);
    const k = vector(8, 2);
    expect(ropeRotate(q, 0)).toEqual(q);
    expect(ropeScore(q, 0, k, 0)).toBeCloseTo(q.reduce((s, x, j) => s + x * k[j], 0), 12);
  });

  it('the score depends only on m − n (within 1e-9), for whole vectors and for one pair', () => {
    const q = vector(8, 3);
    const k = vector(8, 4);
    for (const [m, n] of [[2, 5], [7, 0], [0, 0], [13, 13], [30, 1]]) {
      const base = ropeScore(q, m, k, n);
      for (const shift of [1, 10, 100, 1000]) expect(Math.abs(ropeScore(q, m + shift, k, n + shift) - base)).toBeLessThan(1e-9);
      const p = pairScore({ x: q[0], y: q[1] }, m, { x: k[0], y: k[1] }, n, 0.7);
      for (const shift of [1, 10, 100, 1000]) expect(Math.abs(pairScore({ x: q[0], y: q[1] }, m + shift, { x: k[0], y: k[1] }, n + shift, 0.7) - p)).toBeLessThan(1e-9);
    }
  });

  it('a different offset does change the score (the test above could not pass by a constant score)', () => {
    const q = vector(8, 5);
    const k = vector(8, 6);
    expect(Math.abs(ropeScore(q, 2, k, 5) - ropeScore(q, 5, k, 2))).toBeGreaterThan(1e-3);
    expect(Math.abs(ropeScore(q, 2, k, 5) - ropeScore(q, 2, k, 6))).toBeGreaterThan(1e-3);
  });

  it('refuses an odd width and mismatched widths', () => {
    expect(() => ropeRotate([1, 2, 3], 1)).toThrow(/even/);
    expect(() => ropeScore([1, 2], 0, [1, 2, 3, 4], 0)).toThrow(/differ/);
  });
});
