import { EngineError } from '../errors';
import { classify, codePointAt, pretokenize } from './pretokenize';
import { learnWordMerges } from './wordMerges';
import { END_OF_TEXT, LM_VOCABULARY_FORMAT, LM_VOCABULARY_VERSION, MAX_TOKEN_LENGTH, RESERVED_TOKENS, byteToken, isWellFormed, type LmVocabulary } from './vocabulary';

export interface BuildVocabularyOptions {
  /** Total number of tokens, the special and 256 byte tokens included (so at least RESERVED_TOKENS). */
  readonly size: number;
}

/**
 * Builds a vocabulary from a corpus: "<|endoftext|>" (id 0), the 256 byte tokens (ids 1–256), then the
 * `size − 257` most frequent candidates, where a candidate is
 * - a single character (code point), counted at every occurrence: the per-character fallback, and Chinese's
 *   tokens (one character each); a word's letters are always candidates, so English can be spelled without bytes;
 * - a piece of a word learnt by byte-pair merges over the corpus's words (wordMerges.ts), counted by how often it
 *   occurred when it was merged: common words end up whole with their leading space (" village"), rare ones in a
 *   few common pieces (" vill" "age"), so English averages close to one token a word;
 * - any other pre-token of 2 to MAX_TOKEN_LENGTH UTF-16 units ("\n\n", a run of spaces), counted per pre-token.
 * Ties are broken by string order (UTF-16 code units, not the locale), so the result depends only on the
 * multiset of texts: the same corpus, in any order, gives the same vocabulary. Characters that miss the cut, and
 * lone surrogates, are left to the byte tokens. encode (tokenizer.ts) covers each pre-token by longest known
 * prefixes, which on a merge-learnt vocabulary finds the whole word or the learnt pieces.
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
  const words = new Map<string, number>();
  const add = (map: Map<string, number>, s: string): void => {
    map.set(s, (map.get(s) ?? 0) + 1);
  };
  for (const text of texts) {
    for (let i = 0; i < text.length; ) {
      const { codePoint, length } = codePointAt(text, i);
      if (!(codePoint >= 0xd800 && codePoint <= 0xdfff)) add(counts, text.slice(i, i + length));
      i += length;
    }
    for (const { start, end } of pretokenize(text)) {
      const piece = end - start;
      if (piece < 2) continue;
      const s = text.slice(start, end);
      // A 2-unit pre-token may be one astral character, already counted above; ill-formed ones never enter.
      if ((codePointAt(s, 0).length === 2 && piece === 2) || !isWellFormed(s)) continue;
      if (isWord(s)) add(words, s);
      else if (piece <= MAX_TOKEN_LENGTH) add(counts, s);
    }
  }
  const budget = size - RESERVED_TOKENS;
  const merges = learnWordMerges(
    [...words].map(([text, count]) => ({ text, count })),
    { maxMerges: budget, minCount: 1, maxLength: MAX_TOKEN_LENGTH },
  );
  for (const { text, count } of merges) counts.set(text, Math.max(counts.get(text) ?? 0, count));
  const ranked = [...counts].sort(([a, ca], [b, cb]) => cb - ca || (a < b ? -1 : a > b ? 1 : 0));
  const tokens = [END_OF_TEXT, ...Array.from({ length: 256 }, (_, b) => byteToken(b)), ...ranked.slice(0, budget).map(([s]) => s)];
  return { format: LM_VOCABULARY_FORMAT, version: LM_VOCABULARY_VERSION, tokens, special: { endOfText: 0 } };
}

/** A word pre-token: letters (and inner apostrophes), with at most one leading plain space (pretokenize.ts). */
function isWord(s: string): boolean {
  const first = s.charCodeAt(0) === 0x20 ? 1 : 0;
  return s.length > first && classify(codePointAt(s, first).codePoint) === 'letter';
}
