import { IGNORE_TARGET } from '../types';

export interface CrossEntropyResult {
  /** Mean −log p(target) over the scored rows (0 when none is scored). */
  readonly loss: number;
  /** Scored rows whose largest logit is the target (ties go to the lowest class). */
  readonly correct: number;
  readonly scored: number;
}

/**
 * Softmax cross-entropy per row of logits [rows × V] against class ids; rows whose target is IGNORE_TARGET take
 * no part. Writes the softmax into `probs` [rows × V] (the backward needs it) and, for every row, the arg-max
 * class into `predictions`.
 */
export function crossEntropyForward(
  logits: Float64Array,
  targets: Int32Array,
  rows: number,
  classes: number,
  probs: Float64Array,
  predictions: Int32Array,
): CrossEntropyResult {
  let total = 0;
  let correct = 0;
  let scored = 0;
  for (let r = 0; r < rows; r++) {
    const base = r * classes;
    let max = -Infinity;
    let best = 0;
    for (let c = 0; c < classes; c++) {
      if (logits[base + c] > max) {
        max = logits[base + c];
        best = c;
      }
    }
    let sum = 0;
    for (let c = 0; c < classes; c++) {
      const e = Math.exp(logits[base + c] - max);
      probs[base + c] = e;
      sum += e;
    }
    const inv = 1 / sum;
    for (let c = 0; c < classes; c++) probs[base + c] *= inv;
    predictions[r] = best;
    const target = targets[r];
    if (target === IGNORE_TARGET) continue;
    scored += 1;
    // log p(target) = logit − max − log Σ exp(logit − max): exact even when p(target) underflows.
    total -= logits[base + target] - max - Math.log(sum);
    if (best === target) correct += 1;
  }
  return { loss: scored === 0 ? 0 : total / scored, correct, scored };
}

/** dL/dlogits of the mean loss: (softmax − one-hot) / scored on scored rows, 0 on ignored rows. Writes dLogits. */
export function crossEntropyBackward(probs: Float64Array, targets: Int32Array, rows: number, classes: number, scored: number, dLogits: Float64Array): void {
  const inv = scored === 0 ? 0 : 1 / scored;
  for (let r = 0; r < rows; r++) {
    const base = r * classes;
    const target = targets[r];
    if (target === IGNORE_TARGET) {
      for (let c = 0; c < classes; c++) dLogits[base + c] = 0;
      continue;
    }
    for (let c = 0; c < classes; c++) dLogits[base + c] = probs[base + c] * inv;
    dLogits[base + target] -= inv;
  }
}
