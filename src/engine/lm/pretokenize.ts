/**
 * The language model's first cut of a text into pre-tokens; the vocabulary then covers each pre-token with one or
 * more tokens and never crosses a pre-token boundary. The same rules run when the vocabulary is built from the
 * training corpus and when a student's sentence is encoded, so they are part of the vocabulary format: changing
 * them needs a new LM_VOCABULARY_VERSION.
 *
 * Rules (GPT-2's, simplified, plus the lab's one-character-per-token Chinese):
 * - a word is a run of letters and combining marks (any script but CJK), an apostrophe between two letters staying
 *   inside ("don't", as in the lab's tokenizer); ONE plain space before a word belongs to it (" the"), so the common
 *   case "word space word" needs no space tokens;
 * - any other run of whitespace (spaces, tabs, newlines, a space before a digit or a mark) is one pre-token, so
 *   indentation and blank lines survive;
 * - a Chinese character, kana, 々 or ー is one pre-token, like the lab's tokenizer;
 * - a decimal digit is one pre-token: numbers are unbounded, so whole-number tokens would spend the vocabulary on a
 *   few numbers and split the rest arbitrarily ("2024" vs "20"+"24"); digit by digit every number is spelled the
 *   same way (as LLaMA and PaLM do) and a student sees each digit;
 * - anything else (punctuation, symbols, emoji, controls, a lone surrogate) is one code point per pre-token.
 *
 * One pass over the code points: linear in the text's length.
 */

/** A pre-token's UTF-16 offsets: text.slice(start, end). */
export interface PreToken {
  readonly start: number;
  readonly end: number;
}

/** The kind of one code point, as the rules above need it. */
export type CharClass = 'space' | 'cjk' | 'letter' | 'digit' | 'other';

const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3005\u30fc]$/u;
const LETTER = /^[\p{L}\p{M}]$/u;
const DIGIT = /^\p{Nd}$/u;
const SPACE = /^\s$/u;
const APOSTROPHES = new Set([0x27, 0x2019]); // ' and ’

function classifySlow(codePoint: number): CharClass {
  // Lone surrogates are not valid code points for \p classes; they are 'other' (one pre-token each).
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return 'other';
  const ch = String.fromCodePoint(codePoint);
  if (SPACE.test(ch)) return 'space';
  if (CJK.test(ch)) return 'cjk';
  if (LETTER.test(ch)) return 'letter';
  if (DIGIT.test(ch)) return 'digit';
  return 'other';
}

// ASCII is most of what the lab sees: a table spares it the regexes.
const ASCII: readonly CharClass[] = Array.from({ length: 128 }, (_, c) => classifySlow(c));

export function classify(codePoint: number): CharClass {
  return codePoint < 128 ? ASCII[codePoint] : classifySlow(codePoint);
}

/** The code point at `i` (a lone surrogate as itself) and its length in UTF-16 units. */
export function codePointAt(text: string, i: number): { codePoint: number; length: number } {
  const codePoint = text.codePointAt(i) as number; // i < text.length at every call
  return { codePoint, length: codePoint > 0xffff ? 2 : 1 };
}

/** Splits `text` into pre-tokens that cover it exactly, in order, with no gaps. */
export function pretokenize(text: string): PreToken[] {
  const out: PreToken[] = [];
  const n = text.length;
  let i = 0;
  // Class of the code point at j (j < n), for the look-aheads below.
  const classAt = (j: number): CharClass => classify(codePointAt(text, j).codePoint);

  // The end of the word that starts at i (a letter), apostrophes between letters included.
  const wordEnd = (from: number): number => {
    let j = from;
    while (j < n) {
      const { codePoint, length } = codePointAt(text, j);
      const kind = classify(codePoint);
      if (kind === 'letter') {
        j += length;
      } else if (APOSTROPHES.has(codePoint) && j > from && j + 1 < n && classAt(j + 1) === 'letter') {
        j += 1;
      } else {
        break;
      }
    }
    return j;
  };

  while (i < n) {
    const { codePoint, length } = codePointAt(text, i);
    const kind = classify(codePoint);
    if (kind === 'letter') {
      const end = wordEnd(i);
      out.push({ start: i, end });
      i = end;
    } else if (kind === 'space') {
      let j = i + length;
      while (j < n && classAt(j) === 'space') j += codePointAt(text, j).length; // every \s is in the BMP
      if (text.charCodeAt(j - 1) === 0x20 && j < n && classAt(j) === 'letter') {
        // The run's last plain space starts the next word.
        if (j - 1 > i) out.push({ start: i, end: j - 1 });
        const end = wordEnd(j);
        out.push({ start: j - 1, end });
        i = end;
      } else {
        out.push({ start: i, end: j });
        i = j;
      }
    } else {
      // cjk, digit, other: one code point each.
      out.push({ start: i, end: i + length });
      i += length;
    }
  }
  return out;
}
