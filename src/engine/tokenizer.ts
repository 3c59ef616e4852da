import { EngineError } from './errors';

/** The longest input the lab computes (tokens); the interface truncates beyond it, the engine refuses. */
export const MAX_TOKENS = 512;

export interface Token {
  readonly text: string;
  /** UTF-16 offsets into the original text: text.slice(start, end) === this.text. */
  readonly start: number;
  readonly end: number;
}

export interface TokenizeOptions {
  readonly maxTokens?: number;
  /** 'error' (default) throws past maxTokens; 'truncate' keeps the first maxTokens and reports it. */
  readonly overflow?: 'error' | 'truncate';
}

export interface TokenizeResult {
  readonly tokens: readonly Token[];
  /** How many tokens the whole text has, before any truncation. */
  readonly totalTokens: number;
  readonly truncated: boolean;
}

// Chinese characters, Japanese kana: one token each (there are no spaces to split words on). Tested on the
// grapheme's first code point, so a base character with combining marks (NFD が = か + ゙, half-width ｶﾞ, or an
// ideographic variation selector) is still one CJK token.
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3005\u30fc]/u;
// Letters, marks, digits; but not a keycap emoji (digit + U+FE0F + U+20E3), which is made of the same categories.
const WORD_PART = /^(?!.*[\ufe0f\u20e3])[\p{L}\p{M}\p{N}_]+$/u;
const APOSTROPHE = /^['’]$/u;
const SPACE = /^\s+$/u;

function graphemes(text: string): { segment: string; index: number }[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    return Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => ({ segment: s.segment, index: s.index }));
  }
  const out: { segment: string; index: number }[] = [];
  let index = 0;
  for (const ch of text) {
    out.push({ segment: ch, index });
    index += ch.length;
  }
  return out;
}

/**
 * Splits a student's sentence: English (and other spaced scripts) into words and single punctuation marks,
 * Chinese and Japanese into one character per token; an emoji (a whole grapheme cluster) is one token.
 * "don't" stays one word: an apostrophe between letters joins them.
 */
export function tokenize(text: string, options: TokenizeOptions = {}): TokenizeResult {
  const maxTokens = options.maxTokens ?? MAX_TOKENS;
  const parts = graphemes(text);
  const tokens: Token[] = [];
  let wordStart = -1;
  const endWord = (end: number): void => {
    if (wordStart >= 0) tokens.push({ text: text.slice(wordStart, end), start: wordStart, end });
    wordStart = -1;
  };
  parts.forEach(({ segment, index }, i) => {
    const isJoiningApostrophe =
      APOSTROPHE.test(segment) && wordStart >= 0 && i + 1 < parts.length && WORD_PART.test(parts[i + 1].segment) && !CJK.test(parts[i + 1].segment);
    if (!CJK.test(segment) && (WORD_PART.test(segment) || isJoiningApostrophe)) {
      if (wordStart < 0) wordStart = index;
      return;
    }
    endWord(index);
    if (!SPACE.test(segment)) tokens.push({ text: segment, start: index, end: index + segment.length });
  });
  endWord(text.length);

  if (tokens.length > maxTokens) {
    if (options.overflow !== 'truncate') {
      throw new EngineError('too-many-tokens', `The text has ${tokens.length} tokens; the limit is ${maxTokens}.`, { count: tokens.length, limit: maxTokens });
    }
    return { tokens: tokens.slice(0, maxTokens), totalTokens: tokens.length, truncated: true };
  }
  return { tokens, totalTokens: tokens.length, truncated: false };
}
