import { EngineError } from '../errors';
import { mulberry32, normal, type Random } from '../random';

// "Why divide by √d_k?" as a Monte-Carlo experiment (Vaswani et al. 2017, footnote 4): with q and k of independent
// unit-variance components, q·k has variance d_k, so unscaled logits grow with the width and the softmax turns
// almost one-hot; dividing by √d_k brings the variance back to 1.

/** The widths the entropy plot samples: 2, 4, 8 … 512. */
export const SCALING_DKS: readonly number[] = [2, 4, 8, 16, 32, 64, 128, 256, 512];

/** Shannon entropy of a probability vector, in nats (0 for one-hot, ln n for uniform). */
export function entropy(p: ArrayLike<number>): number {
  let h = 0;
  for (let i = 0; i < p.length; i++) if (p[i] > 0) h -= p[i] * Math.log(p[i]);
  return h;
}

/** softmax of a vector, stable for large logits (subtracts the maximum, which starts at −∞). */
export function softmaxOf(values: ArrayLike<number>): Float64Array {
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) if (values[i] > max) max = values[i];
  const out = new Float64Array(values.length);
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    out[i] = Math.exp(values[i] - max);
    sum += out[i];
  }
  for (let i = 0; i < out.length; i++) out[i] /= sum;
  return out;
}

function randomVector(length: number, random: Random): Float64Array {
  const v = new Float64Array(length);
  for (let i = 0; i < length; i++) v[i] = normal(random);
  return v;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

function assertWidth(dk: number): void {
  if (!Number.isInteger(dk) || dk < 1) throw new EngineError('invalid-argument', `d_k must be a positive whole number, got ${dk}.`);
}

export interface DotProductStats {
  readonly dk: number;
  readonly samples: number;
  /** Sample mean of q·k (≈ 0). */
  readonly mean: number;
  /** Sample variance of q·k (≈ d_k). */
  readonly varianceUnscaled: number;
  /** Sample variance of q·k / √d_k (≈ 1). */
  readonly varianceScaled: number;
}

/** Var(q·k) over `samples` independent pairs of standard-normal vectors of length d_k. */
export function dotProductStats(dk: number, samples = 4000, seed = 1): DotProductStats {
  assertWidth(dk);
  const random = mulberry32(seed);
  const values = new Float64Array(samples);
  for (let s = 0; s < samples; s++) values[s] = dot(randomVector(dk, random), randomVector(dk, random));
  let mean = 0;
  for (const v of values) mean += v;
  mean /= samples;
  let variance = 0;
  for (const v of values) variance += (v - mean) ** 2;
  variance /= samples - 1;
  return { dk, samples, mean, varianceUnscaled: variance, varianceScaled: variance / dk };
}

export interface EntropyStats {
  readonly dk: number;
  /** Keys per row, L. */
  readonly rowLength: number;
  /** Mean entropy (nats) of softmax(q·k_j) over a row of L random keys. */
  readonly unscaled: number;
  /** The same rows with the logits divided by √d_k. */
  readonly scaled: number;
  /** ln L, the entropy of uniform weights. */
  readonly maxEntropy: number;
}

/** Mean softmax entropy over `rows` random rows of `rowLength` scores, unscaled and scaled. */
export function softmaxEntropyStats(dk: number, rowLength = 16, rows = 200, seed = 2): EntropyStats {
  assertWidth(dk);
  if (!Number.isInteger(rowLength) || rowLength < 2) throw new EngineError('invalid-argument', `A row needs at least 2 keys, got ${rowLength}.`);
  const random = mulberry32(seed);
  const scores = new Float64Array(rowLength);
  const scaledScores = new Float64Array(rowLength);
  const factor = 1 / Math.sqrt(dk);
  let unscaled = 0;
  let scaled = 0;
  for (let r = 0; r < rows; r++) {
    const q = randomVector(dk, random);
    for (let j = 0; j < rowLength; j++) {
      scores[j] = dot(q, randomVector(dk, random));
      scaledScores[j] = scores[j] * factor;
    }
    unscaled += entropy(softmaxOf(scores));
    scaled += entropy(softmaxOf(scaledScores));
  }
  return { dk, rowLength, unscaled: unscaled / rows, scaled: scaled / rows, maxEntropy: Math.log(rowLength) };
}

/** One entropy point per width, for the plot; the same seed for every width so the curves are smooth. */
export function entropyCurve(dks: readonly number[] = SCALING_DKS, rowLength = 16, rows = 200, seed = 2): EntropyStats[] {
  return dks.map((dk) => softmaxEntropyStats(dk, rowLength, rows, seed));
}
