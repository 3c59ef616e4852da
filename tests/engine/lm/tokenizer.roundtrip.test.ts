// @vitest-environment node
// Property tests: the tokenizer loses nothing, for every JS string (lone surrogates included).
import fc from 'fast-check';
import type { LmTokenizer } from '../../../src/engine/lm';
import { bytesOnly, tokenizer } from './tokenizerFixtures';

// Any UTF-16 code unit, so lone surrogates and split pairs occur often.
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
// Pieces that hit the vocabulary's paths: known words with and without their space, whitespace runs, Chinese,
// digits, emoji sequences, combining marks.
const known = fc.constantFrom(' the', 'The', ' cat', 'cat', "Don't", '我', '北京', '。', '\n\n   ', '    ', '\t', '2024', '👍🏽', '👨‍👩‍👧', 'e\u0301', '\r\n', ' ');

const strings: [string, fc.Arbitrary<string>][] = [
  ['graphemes', fc.string({ unit: 'grapheme', maxLength: 40 })],
  ['full unicode code points', fc.string({ unit: 'binary', maxLength: 40 })],
  ['raw UTF-16 code units (lone surrogates)', fc.string({ unit: codeUnit, maxLength: 40 })],
  ['vocabulary words mixed with anything', fc.array(fc.oneof(known, fc.string({ unit: 'grapheme', maxLength: 4 }), codeUnit), { maxLength: 30 }).map((a) => a.join(''))],
];

const tokenizers: [string, LmTokenizer][] = [
  ['a built vocabulary', tokenizer],
  ['bytes only', bytesOnly],
];

describe.each(tokenizers)('round trip with %s', (_, t) => {
  it.each(strings)('decode(encode(s)) === s for %s', (_name, arb) => {
    fc.assert(
      fc.property(arb, (s) => {
        expect(t.decode(t.encode(s))).toBe(s);
      }),
      { numRuns: 500 },
    );
  });

  it.each(strings)('display chips concatenate to the input and list every id, for %s', (_name, arb) => {
    fc.assert(
      fc.property(arb, (s) => {
        const chips = t.displayTokens(s);
        expect(chips.map((c) => c.text).join('')).toBe(s);
        expect(chips.flatMap((c) => c.ids)).toEqual(t.encode(s));
        let index = 0;
        for (const c of chips) {
          expect(c.text.length).toBeGreaterThan(0);
          expect(s.slice(c.start, c.end)).toBe(c.text);
          expect(c.index).toBe(index);
          index += c.ids.length;
        }
      }),
      { numRuns: 300 },
    );
  });

  it.each(strings)('tokenSpans cover decode(encode(s)) in order for %s', (_name, arb) => {
    fc.assert(
      fc.property(arb, (s) => {
        const spans = t.tokenSpans(t.encode(s));
        let covered = '';
        let end = 0;
        for (const span of spans) {
          expect(s.slice(span.start, span.end)).toBe(span.text);
          if (span.start >= end) {
            expect(span.start).toBe(end); // no gap
            covered += span.text;
            end = span.end;
          } else {
            expect([span.start, span.end]).toEqual([spans[spans.indexOf(span) - 1].start, end]); // a shared byte span
          }
        }
        expect(covered).toBe(s);
      }),
      { numRuns: 300 },
    );
  });
});

it('decode never throws on any sequence of valid ids, and tokenSpans agree with it', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: tokenizer.size - 1 }), { maxLength: 30 }), (ids) => {
      const text = tokenizer.decode(ids);
      const spans = tokenizer.tokenSpans(ids);
      expect(spans.length).toBe(ids.length);
      for (const span of spans) expect(text.slice(span.start, span.end)).toBe(span.text);
    }),
    { numRuns: 500 },
  );
});
