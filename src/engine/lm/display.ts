/**
 * Token chips for a view. A token's span is the exact text it covers; the byte tokens of one character all
 * cover that whole character (a byte alone has no text to show). Chips merge tokens until the chip ends on a
 * grapheme boundary, so an emoji spelled by 4 byte tokens, a flag or a family emoji made of several characters,
 * or a letter with a combining accent split across tokens is one chip, never a broken half. The ids that a chip
 * shows stay listed, in order, for the heads view (each id is one position of the model).
 */

/** One token of tokenSpans: text === decoded.slice(start, end). */
export interface TokenSpan {
  readonly id: number;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** A byte token: `text` is the whole character its bytes spell, shared with the other bytes of it. */
  readonly byte: boolean;
}

/** One chip of displayTokens: the chips' texts concatenate to the input exactly. */
export interface DisplayToken {
  /** The token ids this chip shows, in order (one for an ordinary token). */
  readonly ids: readonly number[];
  /** Position of ids[0] in encode(text); the chip covers positions index … index + ids.length − 1. */
  readonly index: number;
  readonly text: string;
  /** UTF-16 offsets: input.slice(start, end) === text. */
  readonly start: number;
  readonly end: number;
  /** Some id is a byte token (the view may mark the chip as "spelled in bytes"). */
  readonly bytes: boolean;
}

// Grapheme boundaries are found window by window: V8's Intl.Segmenter slows down quadratically on one long
// string (100k characters took 20 s), but a window that starts on a boundary finds the same boundaries as the
// whole text, except near its end, where a cluster may be cut off: those (the last MARGIN units) are found again
// by the next window, which starts at the last boundary kept. A cluster longer than a window doubles the window.
const WINDOW = 512;
const MARGIN = 64;

/**
 * Offsets where a chip may end (ok[i] === 1 for i in 0…text.length): grapheme boundaries (Intl.Segmenter), else code-point boundaries. Display only:
 * ids never depend on this, so an engine without Segmenter, or another Unicode version, only changes the chips.
 */
export function graphemeBoundaries(text: string): Uint8Array {
  const n = text.length;
  const ok = new Uint8Array(n + 1);
  ok[n] = 1;
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    let from = 0;
    let window = WINDOW;
    while (from < n) {
      const to = Math.min(n, from + window);
      let last = from;
      for (const { index } of segmenter.segment(text.slice(from, to))) {
        const at = from + index;
        if (to === n || at <= to - MARGIN) {
          ok[at] = 1;
          last = at;
        }
      }
      if (to === n) break;
      if (last > from) {
        from = last;
        window = WINDOW;
      } else {
        window *= 2;
      }
    }
  } else {
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      const lowAfterHigh = c >= 0xdc00 && c <= 0xdfff && i > 0 && text.charCodeAt(i - 1) >= 0xd800 && text.charCodeAt(i - 1) <= 0xdbff;
      if (!lowAfterHigh) ok[i] = 1;
    }
  }
  return ok;
}

/** Groups consecutive tokens (spans in order, covering `text`) into chips that end on grapheme boundaries. */
export function chipsOf(text: string, ids: readonly number[], starts: readonly number[], ends: readonly number[], isByte: (id: number) => boolean): DisplayToken[] {
  const ok = graphemeBoundaries(text);
  const chips: DisplayToken[] = [];
  let k = 0;
  while (k < ids.length) {
    const index = k;
    const start = starts[k];
    let end = ends[k];
    let bytes = isByte(ids[k]);
    k++;
    // Take the next token while it shares the chip's text (another byte of the same character) or the chip
    // would otherwise end inside a grapheme.
    while (k < ids.length && (starts[k] < end || !ok[end])) {
      end = Math.max(end, ends[k]);
      bytes ||= isByte(ids[k]);
      k++;
    }
    chips.push({ ids: ids.slice(index, k), index, text: text.slice(start, end), start, end, bytes });
  }
  return chips;
}
