
/**
 * The three ways of handling blocked keys in one row of scores, computed as each library does it, so the widget
 * shows what really comes out when every key is blocked. No React here.
 */

/** The example row: one query's scaled scores for four keys. */
export const EXAMPLE_SCORES: readonly number[] = [2.0, 0.5, -1.0, 1.2];

/** UvA DL Tutorial 6 replaces masked logits by this. */
export const UVA_FILL = -9e15;
/** d2l.ai's masked_softmax replaces positions past valid_lens by this. */
export const D2L_FILL = -1e6;

/**
 * −∞ at blocked keys, then the usual stable softmax (subtract the row max, exp, normalise), as torch.softmax does.
 * With every key blocked the max is −∞ and −∞ − (−∞) is not a number, so every weight is NaN.
 */
export function softmaxNegInf(scores: readonly number[], blocked: readonly boolean[]): number[] {
  const logits = scores.map((s, i) => (blocked[i] ? -Infinity : s));
  const max = Math.max(...logits);
  const exps = logits.map((l) => Math.exp(l - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

/** Blocked logits replaced by a large finite negative number, then softmax: a fully blocked row becomes uniform. */
export function softmaxFilled(scores: readonly number[], blocked: readonly boolean[], fill: number): number[] {
  const logits = scores.map((s, i) => (blocked[i] ? fill : s));
  const max = Math.max(...logits);
  const exps = logits.map((l) => Math.exp(l - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

// The engine's own row (maskedSoftmax: blocked keys skipped, a row with none left all zeros and reported) is the
// 'engine-softmax-row' experiment in src/run/experiments/small.ts.

export type RowOutcome = 'nan' | 'uniform' | 'zeros' | 'normal';

/** What a row of weights amounts to, for the verdict line. */
export function outcomeOf(weights: readonly number[]): RowOutcome {
  if (weights.some(Number.isNaN)) return 'nan';
  if (weights.every((w) => w === 0)) return 'zeros';
  const first = weights[0];
  if (weights.length > 1 && weights.every((w) => Math.abs(w - first) < 1e-12)) return 'uniform';
  return 'normal';
}
