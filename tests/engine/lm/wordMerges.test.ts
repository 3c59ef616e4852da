// Byte-pair merges over counted words (wordMerges.ts): the merge order, the counts, determinism, and the limits.
import fc from 'fast-check';
import { learnWordMerges, type CountedWord } from '../../../src/engine/lm/wordMerges';

const OPTIONS = { maxMerges: 100, minCount: 1, maxLength: 32 };

/** The same merges computed the slow, obvious way: recount every pair after every merge. */
function naiveMerges(words: readonly CountedWord[], options: typeof OPTIONS): { text: string; count: number }[] {
  let seqs = words.filter((w) => w.count > 0).map((w) => ({ symbols: Array.from(w.text), count: w.count }));
  const out: { text: string; count: number }[] = [];
  while (out.length < options.maxMerges) {
    const counts = new Map<string, number>();
    for (const { symbols, count } of seqs) {
      for (let i = 0; i + 1 < symbols.length; i++) {
        if ((symbols[i] + symbols[i + 1]).length > options.maxLength) continue;
        const key = `${symbols[i]}\u0000${symbols[i + 1]}`;
        counts.set(key, (counts.get(key) ?? 0) + count);
      }
    }
    const best = [...counts].sort(([a, ca], [b, cb]) => cb - ca || (a < b ? -1 : a > b ? 1 : 0))[0];
    if (!best || best[1] < options.minCount) break;
    const [left, right] = best[0].split('\u0000');
    out.push({ text: left + right, count: best[1] });
    seqs = seqs.map(({ symbols, count }) => {
      const next: string[] = [];
      for (let i = 0; i < symbols.length; i++) {
        if (i + 1 < symbols.length && symbols[i] === left && symbols[i + 1] === right) {
          next.push(left + right);
          i++;
        } else next.push(symbols[i]);
      }
      return { symbols: next, count };
    });
  }
  return out;
}

describe('learnWordMerges', () => {
  it('merges the most frequent pair first, with the count it had (Sennrich et al.’s example)', () => {
    const words = [
      { text: 'low', count: 5 },
      { text: 'lower', count: 2 },
      { text: 'newest', count: 6 },
      { text: 'widest', count: 3 },
    ];
    // e+s and s+t both occur 9 times: string order takes "es" first, then "est" (9), then l+o and lo+w (7 each)
    expect(learnWordMerges(words, { ...OPTIONS, maxMerges: 4 })).toEqual([
      { text: 'es', count: 9 },
      { text: 'est', count: 9 },
      { text: 'lo', count: 7 },
      { text: 'low', count: 7 },
    ]);
  });

  it('stops at minCount and at maxMerges, and never makes a symbol longer than maxLength', () => {
    const words = [{ text: 'abcabc', count: 3 }, { text: 'xy', count: 1 }];
    expect(learnWordMerges(words, { ...OPTIONS, minCount: 2 }).every((m) => m.count >= 2)).toBe(true);
    expect(learnWordMerges(words, { ...OPTIONS, maxMerges: 2 })).toHaveLength(2);
    expect(learnWordMerges(words, { ...OPTIONS, maxLength: 3 }).every((m) => m.text.length <= 3)).toBe(true);
  });

  it('agrees with recounting every pair after every merge, on random words in any order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ text: fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' '), minLength: 1, maxLength: 9 }), count: fc.integer({ min: 1, max: 5 }) }), { maxLength: 12 }),
        (raw) => {
          // one entry per text, as the vocabulary builder passes them
          const words = [...new Map(raw.map((w) => [w.text, w])).values()];
          const fast = learnWordMerges(words, { ...OPTIONS, maxLength: 5 });
          expect(fast).toEqual(naiveMerges(words, { ...OPTIONS, maxLength: 5 }));
          expect(learnWordMerges([...words].reverse(), { ...OPTIONS, maxLength: 5 })).toEqual(fast);
        },
      ),
      { numRuns: 300 },
    );
  });
});
