// @vitest-environment node
// The windowed grapheme segmentation behind the display chips agrees with segmenting the whole text at once.
import fc from 'fast-check';
import { graphemeBoundaries } from '../../../src/engine/lm/display';
import { tokenizer } from './tokenizerFixtures';

function wholeText(text: string): number[] {
  const out = Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => s.index);
  return [...out, text.length];
}
const windowed = (text: string): number[] => [...graphemeBoundaries(text)].flatMap((ok, i) => (ok ? [i] : []));

describe('graphemeBoundaries', () => {
  it.each([
    ['flags: regional-indicator pairs across windows', `x${'🇨🇳'.repeat(400)}`],
    ['an odd regional indicator first', `🇨${'🇨🇳'.repeat(400)}`],
    ['families joined by ZWJ', '👨‍👩‍👧‍👦'.repeat(200)],
    ['a cluster longer than a window (stacked accents)', `a${'\u0301'.repeat(2000)}b c`],
    ['CR LF pairs', 'ab\r\n'.repeat(500)],
    ['plain text', 'The cat sat on the mat. 我爱北京。'.repeat(100)],
  ])('%s', (_, text) => {
    expect(windowed(text)).toEqual(wholeText(text));
  });

  it('agrees on arbitrary long strings', () => {
    const unit = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 3 }), fc.constantFrom('🇨', '🇳', '\u200d', '\u0301', '\ufe0f', '👍', '🏽', '\r', '\n', 'a'));
    fc.assert(
      fc.property(fc.array(unit, { minLength: 300, maxLength: 900 }), (parts) => {
        const text = parts.join('');
        expect(windowed(text)).toEqual(wholeText(text));
      }),
      { numRuns: 40 },
    );
  });

  // Speed is the benchmarks' business (no timed assertions on a shared machine); a quadratic chip pass would make
  // this 100k-character case run into the test timeout.
  it('displayTokens on 100k characters gives chips that join to the text', () => {
    const text = 'The cat 我爱北京 👍🏽🇨🇳 e\u0301 2024\n'.repeat(4000).slice(0, 100_000);
    const chips = tokenizer.displayTokens(text);
    expect(chips.map((c) => c.text).join('')).toBe(text);
  });
});
