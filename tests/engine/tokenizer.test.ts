// @vitest-environment node
import fc from 'fast-check';
import { MAX_TOKENS, tokenize } from '../../src/engine';
import { engineError } from './support';

const texts = (s: string): string[] => tokenize(s).tokens.map((t) => t.text);

describe('tokenize: what a student types', () => {
  it('English words and punctuation', () => {
    expect(texts('The cat sat.')).toEqual(['The', 'cat', 'sat', '.']);
  });

  it('an apostrophe between letters keeps the word whole', () => {
    expect(texts("don't stop")).toEqual(["don't", 'stop']);
    expect(texts('it’s')).toEqual(['it’s']);
    expect(texts("'quoted'")).toEqual(["'", 'quoted', "'"]);
  });

  it('Chinese: one character per token, punctuation included', () => {
    expect(texts('我爱你。')).toEqual(['我', '爱', '你', '。']);
  });

  it('mixed Chinese and English', () => {
    expect(texts('我 love 北京!')).toEqual(['我', 'love', '北', '京', '!']);
    expect(texts('我love北京')).toEqual(['我', 'love', '北', '京']);
  });

  it('Japanese kana: one per token (hiragana, katakana, the long-vowel mark)', () => {
    expect(texts('ありがとう')).toEqual(['あ', 'り', 'が', 'と', 'う']);
    expect(texts('コーヒー')).toEqual(['コ', 'ー', 'ヒ', 'ー']);
    expect(texts('日本語のテキスト')).toEqual(['日', '本', '語', 'の', 'テ', 'キ', 'ス', 'ト']);
    expect(texts('すごーーい')).toEqual(['す', 'ご', 'ー', 'ー', 'い']);
  });

  it('kana with a combining voicing mark (NFD text, half-width katakana) is still one token each', () => {
    const nfd = 'がぎ'.normalize('NFD'); // か + U+3099, き + U+3099
    expect(nfd).toHaveLength(4);
    expect(texts(nfd)).toEqual(['か\u3099', 'き\u3099']);
    expect(texts('ｶﾞｷﾞ')).toEqual(['ｶﾞ', 'ｷﾞ']);
    expect(texts('葛\u{E0100}城')).toEqual(['葛\u{E0100}', '城']); // a Han character with an ideographic variation selector
  });

  it('each emoji grapheme is one token, including ZWJ families and variation selectors', () => {
    expect(texts('I ❤️ 👨‍👩‍👧 tea')).toEqual(['I', '❤️', '👨‍👩‍👧', 'tea']);
    expect(texts('🇯🇵👍🏽')).toEqual(['🇯🇵', '👍🏽']);
    expect(texts('1️⃣2️⃣ a#️⃣b')).toEqual(['1️⃣', '2️⃣', 'a', '#️⃣', 'b']); // keycaps are built from a digit and marks
  });

  it('accented letters, precomposed or combining, stay inside their word', () => {
    expect(texts('café naïve')).toEqual(['café', 'naïve']);
    expect(texts('cafe\u0301')).toEqual(['cafe\u0301']);
  });

  it('any whitespace separates and is dropped', () => {
    expect(texts('tab\there\nnew\r\nline  end')).toEqual(['tab', 'here', 'new', 'line', 'end']);
  });

  it('empty and whitespace-only text give no tokens', () => {
    expect(tokenize('')).toEqual({ tokens: [], totalTokens: 0, truncated: false });
    expect(tokenize(' \t\n ').tokens).toEqual([]);
  });
});

describe('tokenize: offsets', () => {
  it('start/end point back into the original text', () => {
    const text = 'I ❤️ 👨‍👩‍👧 tea, 我爱你。';
    const { tokens } = tokenize(text);
    for (const t of tokens) expect(text.slice(t.start, t.end)).toBe(t.text);
    expect(tokens[2]).toEqual({ text: '👨‍👩‍👧', start: 5, end: 13 });
  });

  it('property: for any text, tokens are in order, do not overlap, slice back exactly and are never blank', () => {
    const pieces = fc.constantFrom('cat', "don't", ' ', '  ', '\n', '.', ',', '!', '我', '爱', 'の', 'カ', 'ー', '❤️', '👨‍👩‍👧', '👍🏽', 'é', "'", '42');
    const text = fc.oneof(fc.array(pieces, { maxLength: 30 }).map((p) => p.join('')), fc.string({ unit: 'grapheme', maxLength: 40 }));
    fc.assert(
      fc.property(text, (s) => {
        const { tokens, totalTokens, truncated } = tokenize(s, { overflow: 'truncate' });
        let previousEnd = 0;
        for (const t of tokens) {
          expect(s.slice(t.start, t.end)).toBe(t.text);
          expect(t.start).toBeGreaterThanOrEqual(previousEnd);
          expect(t.end).toBeGreaterThan(t.start);
          expect(t.text.trim()).not.toBe('');
          previousEnd = t.end;
        }
        expect(totalTokens).toBe(tokens.length);
        expect(truncated).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe('tokenize: the 512-token limit', () => {
  const words = (n: number): string => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

  it('the limit is 512', () => {
    expect(MAX_TOKENS).toBe(512);
  });

  it('512 tokens are accepted', () => {
    const result = tokenize(words(512));
    expect(result.tokens).toHaveLength(512);
    expect(result.truncated).toBe(false);
  });

  it('513 tokens throw too-many-tokens, naming the count and the limit', () => {
    const err = engineError(() => tokenize(words(513)));
    expect(err.code).toBe('too-many-tokens');
    expect(err.message).toContain('513');
    expect(err.message).toContain('512');
    expect(err.details).toEqual({ count: 513, limit: 512 });
  });

  it("overflow 'truncate' keeps the first 512 and reports the total", () => {
    const result = tokenize(words(513), { overflow: 'truncate' });
    expect(result.tokens).toHaveLength(512);
    expect(result.tokens[511].text).toBe('w511');
    expect(result.truncated).toBe(true);
    expect(result.totalTokens).toBe(513);
  });

  it('a custom maxTokens is honoured', () => {
    expect(engineError(() => tokenize('a b c', { maxTokens: 2 })).message).toContain('limit is 2');
  });

  // How fast is the bench's business (no timed assertion on a shared machine); this checks what a student sees.
  it('5,000 tokens truncate to the first 512 and say how many there were', () => {
    const text = words(2500) + ' ' + '我'.repeat(2500);
    const result = tokenize(text, { overflow: 'truncate' });
    expect(result.totalTokens).toBe(5000);
    expect(result.tokens).toHaveLength(512);
  });
});
