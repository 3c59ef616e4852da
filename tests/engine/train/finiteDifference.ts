// Central finite differences, for checking analytic gradients. Everything runs in float64, where a step of 1e-6
// leaves a truncation error ~h² and a rounding error ~1e-16 / h, both far below the 1e-5 tolerance of the checks.
import { mulberry32, normal } from '../../../src/engine/random';

export const STEP = 1e-6;

/** (f(x + h) − f(x − h)) / 2h for every entry of `values`, restoring each entry afterwards. */
export function numericGradient(loss: () => number, values: Float64Array, h = STEP): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const saved = values[i];
    values[i] = saved + h;
    const plus = loss();
    values[i] = saved - h;
    const minus = loss();
    values[i] = saved;
    out[i] = (plus - minus) / (2 * h);
  }
  return out;
}

function norm(v: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return Math.sqrt(s);
}

/**
 * How we measure agreement: ‖analytic − numeric‖₂ / (‖analytic‖₂ + ‖numeric‖₂) over a whole tensor, 0 when both
 * are exactly zero. Scale-free, and entries that are ~0 on both sides cannot blow it up as a per-entry ratio would.
 */
export function relativeError(analytic: ArrayLike<number>, numeric: ArrayLike<number>): number {
  if (analytic.length !== numeric.length) throw new Error(`relativeError: ${analytic.length} vs ${numeric.length} values`);
  const diff = new Float64Array(analytic.length);
  for (let i = 0; i < diff.length; i++) diff[i] = analytic[i] - numeric[i];
  const denominator = norm(analytic) + norm(numeric);
  return denominator === 0 ? 0 : norm(diff) / denominator;
}

export function l2(v: ArrayLike<number>): number {
  return norm(v);
}

/** `size` standard-normal values times `scale`, from a fixed seed. */
export function randomValues(size: number, seed: number, scale = 1): Float64Array {
  const random = mulberry32(seed);
  const out = new Float64Array(size);
  for (let i = 0; i < size; i++) out[i] = normal(random) * scale;
  return out;
}

/** Σ w·y: a scalar whose gradient with respect to y is exactly w, so an op's backward can be fed dy = w. */
export function weightedSum(y: ArrayLike<number>, w: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < w.length; i++) s += y[i] * w[i];
  return s;
}
