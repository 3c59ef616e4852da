/** How `npm run lm -- eval` scores a line longer than the model's context. Pure. */

/** Run ids[start, end) through the model and score the tokens at positions scoreFrom..end − 1. */
export interface ScoringWindow {
  readonly start: number;
  readonly end: number;
  readonly scoreFrom: number;
}

/**
 * Windows over `count` ids (ids[0] is the start token, never scored) for a model that reads at most `context`:
 * - the first window is ids[0, min(count, context)) and scores positions 1.. (each sees everything before it);
 * - then chunks of ⌈context / 2⌉ positions, each scored in the window of the `context` ids that ends with the
 *   chunk, so every scored token sees at least ⌊context / 2⌋ previous tokens and a window is never longer than
 *   the context.
 * Every position 1..count − 1 is scored exactly once.
 */
export function scoringWindows(count: number, context: number): ScoringWindow[] {
  if (!Number.isInteger(context) || context < 2) throw new RangeError(`a context of ${context} tokens cannot score anything`);
  const windows: ScoringWindow[] = [];
  let next = Math.min(count, context);
  if (count >= 2) windows.push({ start: 0, end: next, scoreFrom: 1 });
  const chunk = Math.ceil(context / 2);
  while (next < count) {
    const end = Math.min(count, next + chunk);
    windows.push({ start: end - context, end, scoreFrom: next });
    next = end;
  }
  return windows;
}
