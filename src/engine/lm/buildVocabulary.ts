import { EngineError } from '../errors';
import { codePointAt, pretokenize } from './pretokenize';
import { END_OF_TEXT, LM_VOCABULARY_FORMAT, LM_VOCABULARY_VERSION, MAX_TOKEN_LENGTH, RESERVED_TOKENS, byteToken, isWellFormed, type LmVocabulary } from './vocabulary';

export interface BuildVocabularyOptions {
  /** Total number of tokens, the special and 256 byte tokens included (so at least RESERVED_TOKENS). */
  readonly size: number;
}

/**
 * Builds a vocabulary from a corpus: "<|endoftext|>" (id 0), the 256 byte tokens (ids 1–256), then the
 * `size − 257` most frequent candidates, where a candidate is
 * - a single character (code point), counted at every occurrence: the per-character fallback, and Chinese's
 *   tokens; letters always outrank the words containing them, so English can always be spelled without bytes;
 * - a whole pre-token of 2 to MAX_TOKEN_LENGTH UTF-16 units (" the", "don't", "\n\n"), counted per pre-token;
 * - a word without its leading space ("the" from " the"), counted with the bare word: it is what encode's
 *   longest-prefix search can use inside a longer unknown word (" catalog" → " cat" "a" "log").
 * Ties are broken by string order (UTF-16 code units, not the locale), so the result depends only on the
 * multiset of texts: the same corpus, in any order, gives the same vocabulary. Characters that miss the cut, and
 * lone surrogates, are left to the byte tokens.
 *
 * Linear in the corpus size (one Map of counts) plus a sort of the distinct candidates.
 */
export function buildVocabulary(texts: Iterable<string>, options: BuildVocabularyOptions): LmVocabulary {
  const { size } = options;
  if (!Number.isInteger(size) || size < RESERVED_TOKENS) {
    throw new EngineError('invalid-argument', `A language-model vocabulary needs at least ${RESERVED_TOKENS} tokens (1 special, 256 bytes); got ${size}.`, {
      size,
      minimum: RESERVED_TOKENS,
    });
  }
  const counts = new Map<string, number>();
  const add = (s: string): void => {
    counts.set(s, (counts.get(s) ?? 0) + 1);
  };
  for (const text of texts) {
    for (let i = 0; i < text.length; ) {
      const { codePoint, length } = codePointAt(text, i);
      if (!(codePoint >= 0xd800 && codePoint <= 0xdfff)) add(text.slice(i, i + length));
      i += length;
    }
    for (const { start, end } of pretokenize(text)) {
      const piece = end - start;
      if (piece < 2 || piece > MAX_TOKEN_LENGTH) continue;
      const s = text.slice(start, end);
      // A 2-unit pre-token may be one astral character, already counted above; ill-formed ones never enter.
      if ((codePointAt(s, 0).length === 2 && piece === 2) || !isWellFormed(s)) continue;
      add(s);
      if (s.charCodeAt(0) === 0x20 && piece > 2) add(s.slice(1)); // " the" → "the"; " a" is left to the character
    }
  }
  const ranked = [...counts].sort(([a, ca], [b, cb]) => cb - ca || (a < b ? -1 : a > b ? 1 : 0));
  const tokens = [END_OF_TEXT, ...Array.from({ length: 256 }, (_, b) => byteToken(b)), ...ranked.slice(0, size - RESERVED_TOKENS).map(([s]) => s)];
  return { format: LM_VOCABULARY_FORMAT, version: LM_VOCABULARY_VERSION, tokens, special: { endOfText: 0 } };
}
