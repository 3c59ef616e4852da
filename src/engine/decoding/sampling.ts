import { EngineError } from '../errors';

/** The index of the largest value; of equal ones, the first (the smaller token id, as topPredictions ranks them). */
export function argmax(values: ArrayLike<number>): number {
  if (values.length === 0) throw new EngineError('empty-input', 'There is nothing to choose from: the row is empty.');
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i] > values[best]) best = i;
  return best;
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
