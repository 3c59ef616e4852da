/**
 * Teacher forcing in data: the decoder's input is the target sentence shifted one place to the right behind a start
 * token, and under a causal mask position i (0-based) reads inputs 0…i and is scored on target i.
 */

/** Stands for the start token in `inputs`; the widget prints it in the reader's language. */
export const START = Symbol('start');
export type DecoderInput = string | typeof START;

export interface ShiftedSequence {
  /** [START, t_0, …, t_{n−2}]: what position i reads at its own place. */
  readonly inputs: readonly DecoderInput[];
  /** [t_0, …, t_{n−1}]: what position i must predict. */
  readonly targets: readonly string[];
}

/** The decoder input and targets of one training sentence (n tokens → n positions). */
export function shiftRight(tokens: readonly string[]): ShiftedSequence {
  return { inputs: tokens.length === 0 ? [] : [START, ...tokens.slice(0, -1)], targets: [...tokens] };
}

/** Whether position `query` may read the input at position `key` under the causal mask (both 0-based). */
export function causalAllows(query: number, key: number): boolean {
  return key <= query;
}

/** The inputs position `query` reads: 0…query, the start token and the targets before its own. */
export function visibleInputs(sequence: ShiftedSequence, query: number): readonly DecoderInput[] {
  return sequence.inputs.filter((_, key) => causalAllows(query, key));
}
