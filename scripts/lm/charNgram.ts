/**
 * Character-level baselines for `npm run lm -- everyday` (issue 40): a unigram and a bigram model over Unicode code
 * points, counted on one language's training text. Unlike eval's token baselines they do not depend on the
 * vocabulary, so they compare across vocabularies and with the "character unigram" figure. Pure.
 *
 *   unigram  p(c)        = (n(c) + 1) / (N + V)                         add-one, V = distinct characters + 1 (unseen)
 *   bigram   p(c | b)    = (n(b, c) + T(b) · p(c)) / (n(b) + T(b))      Witten-Bell: T(b) distinct successors of b
 *
 * A line starts after "\n" (the bigram's context for its first character); pairs are counted within each text.
 */
export interface CharCounts {
  readonly total: number;
  readonly alphabet: number;
  readonly unigram: ReadonlyMap<string, number>;
  /** n(b): b as the first of a pair. */
  readonly contexts: ReadonlyMap<string, number>;
  /** T(b): distinct characters seen after b. */
  readonly successorTypes: ReadonlyMap<string, number>;
  /** n(b, c), keyed b + c. */
  readonly bigram: ReadonlyMap<string, number>;
}

const bump = (m: Map<string, number>, k: string): number => {
  const n = (m.get(k) ?? 0) + 1;
  m.set(k, n);
  return n;
};

export function countChars(texts: Iterable<string>): CharCounts {
  const unigram = new Map<string, number>();
  const contexts = new Map<string, number>();
  const successorTypes = new Map<string, number>();
  const bigram = new Map<string, number>();
  let total = 0;
  for (const text of texts) {
    let prev = '\n';
    for (const ch of text) {
      bump(unigram, ch);
      total++;
      bump(contexts, prev);
      if (bump(bigram, prev + ch) === 1) bump(successorTypes, prev);
      prev = ch;
    }
  }
  return { total, alphabet: unigram.size + 1, unigram, contexts, successorTypes, bigram };
}

export function charUnigramProb(c: CharCounts, ch: string): number {
  return ((c.unigram.get(ch) ?? 0) + 1) / (c.total + c.alphabet);
}

export function charBigramProb(c: CharCounts, prev: string, ch: string): number {
  const uni = charUnigramProb(c, ch);
  const n = c.contexts.get(prev) ?? 0;
  const t = c.successorTypes.get(prev) ?? 0;
  if (n === 0) return uni;
  return ((c.bigram.get(prev + ch) ?? 0) + t * uni) / (n + t);
}

/** Bits of one line under each model (the first character conditioned on "\n"). */
export function lineCharBits(c: CharCounts, line: string): { unigram: number; bigram: number } {
  let unigram = 0;
  let bigram = 0;
  let prev = '\n';
  for (const ch of line) {
    unigram -= Math.log2(charUnigramProb(c, ch));
    bigram -= Math.log2(charBigramProb(c, prev, ch));
    prev = ch;
  }
  return { unigram, bigram };
}
