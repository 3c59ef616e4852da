// @vitest-environment node
// The add-one n-gram baselines of `npm run lm -- eval`, on streams small enough to count by hand.
import { bigramBits, countNgrams, unigramBits } from '../../../scripts/lm/ngram';

// V = 4. Stream a: 0 1 2 0 1 3; stream b: 0 2. No pair across the two streams (3 → 0 is not counted).
const V = 4;
const counts = countNgrams([Uint16Array.from([0, 1, 2, 0, 1, 3]), Uint16Array.from([0, 2])], V);

describe('countNgrams', () => {
  it('counts every token, and pairs inside each stream only', () => {
    expect(counts.total).toBe(8);
    expect([...counts.unigram]).toEqual([3, 2, 2, 1]);
    expect([...counts.contexts]).toEqual([3, 2, 1, 0]); // 0→1, 0→1, 0→2; 1→2, 1→3; 2→0
    expect(new Map(counts.bigram)).toEqual(
      new Map([
        [0 * V + 1, 2],
        [0 * V + 2, 1],
        [1 * V + 2, 1],
        [1 * V + 3, 1],
        [2 * V + 0, 1],
      ]),
    );
    expect(counts.bigram.has(3 * V + 0)).toBe(false);
  });

  it('refuses an id outside the vocabulary', () => {
    expect(() => countNgrams([Uint16Array.from([0, 4])], V)).toThrow(RangeError);
  });

  it('gives the same counts however the pairs are ordered (grouped and sorted internally)', () => {
    const random = Uint16Array.from({ length: 5000 }, (_, k) => (k * 7919 + (k >> 3)) % 37);
    const got = countNgrams([random], 37);
    const want = new Map<number, number>();
    for (let k = 1; k < random.length; k++) want.set(random[k - 1] * 37 + random[k], (want.get(random[k - 1] * 37 + random[k]) ?? 0) + 1);
    expect(new Map(got.bigram)).toEqual(want);
  });
});

describe('add-one smoothing', () => {
  it('unigram p(t) = (count(t) + 1) / (N + V)', () => {
    expect(unigramBits(counts, 0)).toBeCloseTo(-Math.log2(4 / 12), 12);
    expect(unigramBits(counts, 3)).toBeCloseTo(-Math.log2(2 / 12), 12);
    expect([0, 1, 2, 3].reduce((a, t) => a + 2 ** -unigramBits(counts, t), 0)).toBeCloseTo(1, 12);
  });

  it('bigram p(t | s) = (count(s, t) + 1) / (count(s) + V), a distribution for every s, uniform after an unseen s', () => {
    expect(bigramBits(counts, 0, 1)).toBeCloseTo(-Math.log2(3 / 7), 12);
    expect(bigramBits(counts, 0, 3)).toBeCloseTo(-Math.log2(1 / 7), 12);
    expect(bigramBits(counts, 2, 3)).toBeCloseTo(-Math.log2(1 / 5), 12);
    expect(bigramBits(counts, 3, 1)).toBeCloseTo(2, 12); // count(3) = 0 as a context: 1 / V
    for (let s = 0; s < V; s++) expect([0, 1, 2, 3].reduce((a, t) => a + 2 ** -bigramBits(counts, s, t), 0)).toBeCloseTo(1, 12);
  });
});
