/**
 * Rotary position embedding (Su et al. 2021, RoFormer) in plain numbers, for the rope-rotation widget and its
 * tests. Features are taken in pairs (2i, 2i + 1); at position p, pair i is turned by the angle p·θ_i with
 * θ_i = base^(−2i/d), the frequencies of the sinusoidal encoding. Queries and keys are rotated; values are not.
 */

/** The base of the frequencies, as in the sinusoidal encoding and RoFormer. */
export const ROPE_BASE = 10000;

/** One pair of features: x is feature 2i, y is feature 2i + 1. */
export interface Pair {
  readonly x: number;
  readonly y: number;
}

/** θ_i = base^(−2i/d): the angle pair i turns per position (radians). i = 0 turns fastest, by 1 radian. */
export function ropeTheta(i: number, d: number, base: number = ROPE_BASE): number {
  return Math.pow(base, (-2 * i) / d);
}

/** The pair turned counter-clockwise by `angle` radians: R(angle)·p with R = [[cos, −sin], [sin, cos]]. */
export function rotatePair(p: Pair, angle: number): Pair {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return { x: c * p.x - s * p.y, y: s * p.x + c * p.y };
}

export function dotPair(a: Pair, b: Pair): number {
  return a.x * b.x + a.y * b.y;
}

export function pairLength(p: Pair): number {
  return Math.hypot(p.x, p.y);
}

/** A whole vector (even length d) at `position`: every pair i turned by position·θ_i. */
export function ropeRotate(v: readonly number[], position: number, base: number = ROPE_BASE): number[] {
  if (v.length % 2 !== 0) throw new Error(`RoPE needs an even number of features, got ${v.length}`);
  const out = new Array<number>(v.length);
  for (let i = 0; i < v.length / 2; i++) {
    const turned = rotatePair({ x: v[2 * i], y: v[2 * i + 1] }, position * ropeTheta(i, v.length, base));
    out[2 * i] = turned.x;
    out[2 * i + 1] = turned.y;
  }
  return out;
}

/** The attention score of a query at position m and a key at position n, both rotated: q_m · k_n. */
export function ropeScore(q: readonly number[], m: number, k: readonly number[], n: number, base: number = ROPE_BASE): number {
  if (q.length !== k.length) throw new Error(`query and key widths differ: ${q.length} and ${k.length}`);
  const qm = ropeRotate(q, m, base);
  const kn = ropeRotate(k, n, base);
  return qm.reduce((sum, value, j) => sum + value * kn[j], 0);
}

/** One pair's score at positions m and n, for a pair that turns θ per position: (R(mθ)q)·(R(nθ)k). */
export function pairScore(q: Pair, m: number, k: Pair, n: number, theta: number): number {
  return dotPair(rotatePair(q, m * theta), rotatePair(k, n * theta));
}
