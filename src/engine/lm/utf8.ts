/**
 * UTF-8 for the language model's byte fallback, extended to lone surrogates (the "WTF-8" / generalised UTF-8 of
 * https://simonsapin.github.io/wtf-8/): a JS string may hold an unpaired surrogate (U+D800–U+DFFF) that strict
 * UTF-8 cannot encode, so it is written as the 3-byte sequence ED A0–BF xx that strict decoders reject. That keeps
 * `decode(encode(s)) === s` for every JS string, not only well-formed ones.
 */

/** The bytes of one code point (a lone surrogate included), appended to `out`. */
export function pushCodePointBytes(codePoint: number, out: number[]): void {
  if (codePoint < 0x80) {
    out.push(codePoint);
  } else if (codePoint < 0x800) {
    out.push(0xc0 | (codePoint >> 6), 0x80 | (codePoint & 0x3f));
  } else if (codePoint < 0x10000) {
    out.push(0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f));
  } else {
    out.push(0xf0 | (codePoint >> 18), 0x80 | ((codePoint >> 12) & 0x3f), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f));
  }
}

/** What one step of decoding read: `length` bytes that became `text` (one code point, or U+FFFD for a bad byte). */
export interface DecodedUnit {
  readonly text: string;
  readonly length: number;
}

const REPLACEMENT: DecodedUnit = { text: '\ufffd', length: 1 };

const isContinuation = (b: number | undefined): boolean => b !== undefined && b >= 0x80 && b <= 0xbf;

/**
 * Decodes the character starting at bytes[at]. A byte that does not start a complete, shortest-form sequence
 * becomes one U+FFFD and decoding resumes at the next byte, so every byte belongs to exactly one unit (the
 * display needs that) and nothing throws. encode never produces such bytes; only a model's free generation can.
 * Surrogates (ED A0–BF) are accepted, to undo pushCodePointBytes.
 */
export function decodeUnit(bytes: readonly number[], at: number): DecodedUnit {
  const b0 = bytes[at];
  if (b0 < 0x80) return { text: String.fromCharCode(b0), length: 1 };
  let need: number;
  let min: number;
  let max = 0xbf; // the allowed range of the second byte, which rules out overlong and out-of-range forms
  let codePoint: number;
  if (b0 >= 0xc2 && b0 <= 0xdf) {
    need = 1;
    min = 0x80;
    codePoint = b0 & 0x1f;
  } else if (b0 >= 0xe0 && b0 <= 0xef) {
    need = 2;
    min = b0 === 0xe0 ? 0xa0 : 0x80;
    codePoint = b0 & 0x0f;
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    need = 3;
    min = b0 === 0xf0 ? 0x90 : 0x80;
    if (b0 === 0xf4) max = 0x8f;
    codePoint = b0 & 0x07;
  } else {
    return REPLACEMENT;
  }
  const b1 = bytes[at + 1];
  if (b1 === undefined || b1 < min || b1 > max) return REPLACEMENT;
  codePoint = (codePoint << 6) | (b1 & 0x3f);
  for (let k = 2; k <= need; k++) {
    const b = bytes[at + k];
    if (!isContinuation(b)) return REPLACEMENT;
    codePoint = (codePoint << 6) | (b & 0x3f);
  }
  return { text: String.fromCodePoint(codePoint), length: need + 1 };
}
