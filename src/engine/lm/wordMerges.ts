/**
 * Byte-pair merges learnt over the words of a corpus (Sennrich et al. 2016, "Neural Machine Translation of Rare
 * Words with Subword Units"), for the vocabulary builder: each merge joins the most frequent adjacent pair of
 * symbols inside words, and the new symbol's count is how often that pair occurred when it was merged, i.e. how
 * often the symbol would be used. Common words end up whole (" village"), rare ones in a few common pieces
 * (" vill" "ages") instead of letter by letter.
 *
 * Words are counted types: { text: " the", count: 41_000 }. Symbols start as the words' code points; a word never
 * merges across its boundary. Deterministic: pairs of equal count are taken in string order of (left, right), so
 * the result depends only on the multiset of words.
 *
 * Incremental (the pair counts are updated only in the words that hold the merged pair, and a max-heap with lazy
 * deletion finds the next pair), so thousands of merges over ~10^5 word types take seconds.
 */

export interface CountedWord {
  readonly text: string;
  readonly count: number;
}

export interface LearntSymbol {
  /** The symbol's text: a piece of one or more words. */
  readonly text: string;
  /** How often the merged pair occurred when it was merged (the symbol's uses at that point). */
  readonly count: number;
}

export interface WordMergeOptions {
  /** Stop after this many merges. */
  readonly maxMerges: number;
  /** Stop when the most frequent pair occurs fewer times than this. */
  readonly minCount: number;
  /** Longest symbol, in UTF-16 units: a pair that would be longer is never merged. */
  readonly maxLength: number;
}

interface HeapEntry {
  count: number;
  key: string;
  left: number;
  right: number;
}

/** Max-heap on (count desc, key asc). */
class PairHeap {
  private readonly items: HeapEntry[] = [];
  get size(): number {
    return this.items.length;
  }
  private before(a: HeapEntry, b: HeapEntry): boolean {
    return a.count > b.count || (a.count === b.count && a.key < b.key);
  }
  push(e: HeapEntry): void {
    const items = this.items;
    items.push(e);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(items[i], items[parent])) break;
      [items[i], items[parent]] = [items[parent], items[i]];
      i = parent;
    }
  }
  pop(): HeapEntry | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        if (l < items.length && this.before(items[l], items[best])) best = l;
        if (r < items.length && this.before(items[r], items[best])) best = r;
        if (best === i) break;
        [items[i], items[best]] = [items[best], items[i]];
        i = best;
      }
    }
    return top;
  }
}

/** The learnt symbols of two or more code points, in merge order (counts non-increasing, up to ties). */
export function learnWordMerges(words: readonly CountedWord[], options: WordMergeOptions): LearntSymbol[] {
  const symbolText: string[] = [];
  const symbolId = new Map<string, number>();
  const intern = (s: string): number => {
    let id = symbolId.get(s);
    if (id === undefined) {
      id = symbolText.length;
      symbolText.push(s);
      symbolId.set(s, id);
    }
    return id;
  };
  // Words in a fixed order (their text), so that ids, and so everything below, do not depend on input order.
  const sorted = [...words].filter((w) => w.count > 0).sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  const seqs: number[][] = sorted.map((w) => Array.from(w.text, intern));
  const counts = sorted.map((w) => w.count);

  const SHIFT = 2 ** 24; // symbol ids stay far below 2^24 (code points + merges)
  const pairKey = (a: number, b: number): number => a * SHIFT + b;
  const pairCount = new Map<number, number>();
  const pairWords = new Map<number, Set<number>>();
  const heapKey = (a: number, b: number): string => `${symbolText[a]}\u0000${symbolText[b]}`;
  const heap = new PairHeap();

  const addPair = (a: number, b: number, w: number, n: number): void => {
    const k = pairKey(a, b);
    pairCount.set(k, (pairCount.get(k) ?? 0) + n);
    let set = pairWords.get(k);
    if (!set) {
      set = new Set();
      pairWords.set(k, set);
    }
    set.add(w);
  };
  seqs.forEach((seq, w) => {
    for (let i = 0; i + 1 < seq.length; i++) addPair(seq[i], seq[i + 1], w, counts[w]);
  });
  for (const [k, count] of pairCount) {
    const a = Math.floor(k / SHIFT);
    const b = k % SHIFT;
    heap.push({ count, key: heapKey(a, b), left: a, right: b });
  }

  const learnt: LearntSymbol[] = [];
  while (learnt.length < options.maxMerges && heap.size > 0) {
    const top = heap.pop() as HeapEntry;
    const k = pairKey(top.left, top.right);
    const current = pairCount.get(k) ?? 0;
    if (current !== top.count) {
      if (current > 0) heap.push({ ...top, count: current }); // stale entry: re-queue with today's count
      continue;
    }
    if (current < options.minCount) break;
    const text = symbolText[top.left] + symbolText[top.right];
    if (text.length > options.maxLength) {
      pairCount.delete(k); // never merged: drop it for good
      continue;
    }
    const merged = intern(text);
    learnt.push({ text, count: current });
    const touched = new Set<number>(); // pair keys whose count changed: pushed to the heap once per merge
    const change = (a: number, b: number, delta: number): void => {
      const key = pairKey(a, b);
      pairCount.set(key, (pairCount.get(key) ?? 0) + delta);
      touched.add(key);
    };
    for (const w of [...(pairWords.get(k) ?? [])]) {
      const seq = seqs[w];
      const n = counts[w];
      const out: number[] = [];
      for (let i = 0; i < seq.length; i++) {
        if (i + 1 < seq.length && seq[i] === top.left && seq[i + 1] === top.right) {
          out.push(merged);
          i++;
        } else {
          out.push(seq[i]);
        }
      }
      // Simplest correct update: the word's old pairs leave, its new pairs come (words are short).
      for (let i = 0; i + 1 < seq.length; i++) change(seq[i], seq[i + 1], -n);
      for (let i = 0; i + 1 < out.length; i++) {
        change(out[i], out[i + 1], n);
        addWord(out[i], out[i + 1], w);
      }
      seqs[w] = out;
    }
    pairCount.delete(k);
    pairWords.delete(k);
    for (const key of touched) {
      const count = pairCount.get(key) ?? 0;
      if (count <= 0) {
        pairCount.delete(key);
        continue;
      }
      const a = Math.floor(key / SHIFT);
      const b = key % SHIFT;
      heap.push({ count, key: heapKey(a, b), left: a, right: b });
    }
  }
  return learnt;

  function addWord(a: number, b: number, w: number): void {
    const key = pairKey(a, b);
    let set = pairWords.get(key);
    if (!set) {
      set = new Set();
      pairWords.set(key, set);
    }
    set.add(w);
  }
}
