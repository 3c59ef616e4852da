/**
 * Add-one smoothed unigram and bigram models over token ids: the baselines `npm run lm -- eval` prints next to the
 * transformer's bits per character. Pure: streams in, counts out.
 *
 *   unigram  p(t)   = (count(t) + 1) / (N + V)           N tokens counted, V the vocabulary size
 *   bigram   p(t|s) = (count(s, t) + 1) / (count(s) + V)  count(s): pairs whose first token is s
 *
 * count(s) counts s as the first of a pair (not every occurrence), so p(·|s) sums to 1 over the V tokens. Pairs are
 * counted inside each stream only: the last token of one file and the first of the next are not a pair.
 */
export interface NgramCounts {
  readonly vocabSize: number;
  /** N: every token of every stream. */
  readonly total: number;
  /** count(t), [V]. */
  readonly unigram: Float64Array;
  /** count(s) as the first token of a pair, [V]. */
  readonly contexts: Float64Array;
  /** count(s, t), keyed s · V + t (pairs that occur; V² is too many for an array at larger vocabularies). */
  readonly bigram: Map<number, number>;
}

/**
 * Counts unigrams and in-stream bigrams. Throws a RangeError for an id ≥ vocabSize (data from another vocabulary).
 * Fast on tens of millions of tokens: rather than a Map update per pair, the successors of each token are grouped
 * (a counting sort by first token, [pairs] uint16), each group sorted, and its runs become the Map's entries.
 */
export function countNgrams(streams: readonly Uint16Array[], vocabSize: number): NgramCounts {
  const v = vocabSize;
  const unigram = new Float64Array(v);
  const contexts = new Float64Array(v);
  let total = 0;
  for (const stream of streams) {
    for (let k = 0; k < stream.length; k++) {
      const t = stream[k];
      if (t >= v) throw new RangeError(`token id ${t} is outside the vocabulary of ${v} tokens`);
      unigram[t]++;
      if (k > 0) contexts[stream[k - 1]]++;
    }
    total += stream.length;
  }
  // successors[offsets[s] .. offsets[s + 1]) are the tokens that follow s.
  const offsets = new Float64Array(v + 1);
  for (let s = 0; s < v; s++) offsets[s + 1] = offsets[s] + contexts[s];
  const fill = offsets.slice(0, v);
  const successors = new Uint16Array(offsets[v]);
  for (const stream of streams) for (let k = 1; k < stream.length; k++) successors[fill[stream[k - 1]]++] = stream[k];
  const bigram = new Map<number, number>();
  for (let s = 0; s < v; s++) {
    const group = successors.subarray(offsets[s], offsets[s + 1]).sort();
    let run = 1;
    for (let i = 1; i <= group.length; i++) {
      if (i < group.length && group[i] === group[i - 1]) run++;
      else {
        bigram.set(s * v + group[i - 1], run);
        run = 1;
      }
    }
  }
  return { vocabSize: v, total, unigram, contexts, bigram };
}

/** −log₂ p(t) under the add-one unigram model. */
export function unigramBits(counts: NgramCounts, t: number): number {
  return -Math.log2((counts.unigram[t] + 1) / (counts.total + counts.vocabSize));
}

/** −log₂ p(t | s) under the add-one bigram model. */
export function bigramBits(counts: NgramCounts, s: number, t: number): number {
  const pair = counts.bigram.get(s * counts.vocabSize + t) ?? 0;
  return -Math.log2((pair + 1) / (counts.contexts[s] + counts.vocabSize));
}
