import { EngineError } from '../errors';

/** The index of the largest value; of equal ones, the first (the smaller token id, as topPredictions ranks them). */
export function argmax(values: ArrayLike<number>): number {
  if (values.length === 0) throw new EngineError('empty-input', 'There is nothing to choose from: the row is empty.');
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i] > values[best]) best = i;
  return best;
}

/**
 * softmax(logits / T) over a row: T = 1 is the model's own distribution, T < 1 sharpens it towards the most
 * probable token, T > 1 flattens it. Stable: (l − max) / T ≤ 0, so the largest term is exp(0) = 1 and a tiny T
 * gives the other tokens exp(−huge) = 0, i.e. greedy. T must be a finite number > 0 (T = 0 is greedy: use argmax).
 */
export function temperatureProbabilities(logits: ArrayLike<number>, temperature: number): Float64Array {
  if (!Number.isFinite(temperature) || temperature <= 0) {
    throw new EngineError('invalid-argument', `The temperature must be a number above 0, got ${temperature}.`, { temperature });
  }
  const max = logits[argmax(logits)];
  if (!Number.isFinite(max)) throw new EngineError('not-finite', `The largest logit is ${max}: there is no distribution to sample from.`);
  const out = new Float64Array(logits.length);
  let sum = 0;
  for (let i = 0; i < logits.length; i++) {
    const l = logits[i];
    if (Number.isNaN(l)) throw new EngineError('not-finite', `Logit ${i} is not a number.`, { id: i });
    out[i] = Math.exp((l - max) / temperature);
    sum += out[i];
  }
  for (let i = 0; i < out.length; i++) out[i] /= sum;
  return out;
}

/**
 * Inverse-CDF sampling: the first index whose running sum of probabilities exceeds u ∈ [0, 1). A u past the sum by
 * rounding picks the last index with any probability, never one with none.
 */
export function sampleIndex(probabilities: ArrayLike<number>, u: number): number {
  if (!(u >= 0 && u < 1)) throw new EngineError('invalid-argument', `The uniform draw must be in [0, 1), got ${u}.`, { u });
  let running = 0;
  let last = -1;
  for (let i = 0; i < probabilities.length; i++) {
    const p = probabilities[i];
    if (p <= 0) continue;
    last = i;
    running += p;
    if (u < running) return i;
  }
  if (last < 0) throw new EngineError('invalid-argument', 'Every probability is 0: there is nothing to sample.');
  return last;
}
