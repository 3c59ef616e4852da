// @vitest-environment node
import { byteToken, pretokenize } from '../../../src/engine/lm';
import { engineError } from '../support';
import { bytesOnly, pieces, tokenizer } from './tokenizerFixtures';

const preTexts = (s: string): string[] => pretokenize(s).map(({ start, end }) => s.slice(start, end));

describe('pretokenize', () => {
  it('a word carries one leading space; other whitespace runs are their own pre-tokens', () => {
    expect(preTexts('The cat  sat\n\n  on')).toEqual(['The', ' cat', ' ', ' sat', '\n\n ', ' on']);
    expect(preTexts('a\tb')).toEqual(['a', '\t', 'b']);
    expect(preTexts('  ')).toEqual(['  ']);
  });

  it("an apostrophe between letters stays in the word; punctuation is one per pre-token", () => {
    expect(preTexts("don't 'x'?!")).toEqual(["don't", ' ', "'", 'x', "'", '?', '!']);
  });

  it('Chinese one character each, digits one each, a space before a digit stands alone', () => {
    expect(preTexts('我爱北京 2024年')).toEqual(['我', '爱', '北', '京', ' ', '2', '0', '2', '4', '年']);
  });

  it('emoji and lone surrogates are one code point each', () => {
    expect(preTexts('a👍🏽\ud800')).toEqual(['a', '👍', '🏽', '\ud800']);
  });
});

describe('encode / decode', () => {
  it('a Chinese sentence is one token per character', () => {
    const text = '我爱北京。';
    expect(pieces(tokenizer, text)).toEqual(['我', '爱', '北', '京', '。']);
    expect(tokenizer.decode(tokenizer.encode(text))).toBe(text);
  });

  it('English words in the vocabulary are one token each, with their leading space', () => {
    expect(pieces(tokenizer, 'The cat sat on the mat.')).toEqual(['The', ' cat', ' sat', ' on', ' the', ' mat', '.']);
    expect(pieces(tokenizer, "The dog. Don't stop")).toEqual(['The', ' dog', '.', " Don't", ' stop']);
  });

  it('a word outside the vocabulary becomes known pieces that decode back', () => {
    const text = 'The catalog';
    const ps = pieces(tokenizer, text);
    // longest known prefix first (" cat"), then what is left in learnt pieces, never bytes
    expect(ps.slice(0, 2)).toEqual(['The', ' cat']);
    expect(ps.join('')).toBe(text);
    expect(ps.some((p) => p.startsWith('<0x'))).toBe(false);
    expect(tokenizer.decode(tokenizer.encode(text))).toBe(text);
  });

  it('a character never seen is spelled in UTF-8 bytes', () => {
    expect(pieces(tokenizer, 'é')).toEqual([byteToken(0xc3), byteToken(0xa9)]);
    expect(pieces(tokenizer, '👍')).toEqual(['<0xF0>', '<0x9F>', '<0x91>', '<0x8D>']);
  });

  it('whitespace runs, tabs and newlines come back exactly', () => {
    for (const text of ['  leading', 'trailing  ', 'a\n\n\n\tb', '\r\n', ' ', '\u3000全角空格', 'x\u00a0y']) {
      expect(tokenizer.decode(tokenizer.encode(text))).toBe(text);
    }
    expect(pieces(tokenizer, 'Line one\n\n    indented')).toEqual(['Line', ' one', '\n\n   ', ' indented']);
    // A run not in the vocabulary: the longest known run first, then what is left.
    expect(pieces(tokenizer, 'Line\n\n    \n')).toEqual(['Line', '\n\n   ', ' ', '\n']);
  });

  it('digits are one token each', () => {
    expect(pieces(bytesOnly, '42').length).toBe(2);
    expect(tokenizer.decode(tokenizer.encode('Year 2024: 42%'))).toBe('Year 2024: 42%');
  });

  it('a lone surrogate survives (generalised UTF-8: ED A0 80 for U+D800)', () => {
    expect(pieces(tokenizer, '\ud800')).toEqual(['<0xED>', '<0xA0>', '<0x80>']);
    for (const text of ['\ud800', '\udfff', 'a\udc00b', '\ud83d', '\ude00\ud83d', '👍\ud83d']) {
      expect(tokenizer.decode(tokenizer.encode(text))).toBe(text);
    }
  });

  it('"<|endoftext|>" typed by a student is text, not the special token', () => {
    const ids = tokenizer.encode('<|endoftext|>');
    expect(ids).not.toContain(tokenizer.endOfText);
    expect(tokenizer.decode(ids)).toBe('<|endoftext|>');
    expect(tokenizer.decode([...ids, tokenizer.endOfText])).toBe('<|endoftext|>');
  });

  it('bad bytes from free generation decode to U+FFFD, one per byte, without throwing', () => {
    const id = (byte: number): number => tokenizer.vocabulary.tokens.indexOf(byteToken(byte));
    expect(tokenizer.decode([id(0x80)])).toBe('\ufffd');
    expect(tokenizer.decode([id(0xe4), id(0xbd)])).toBe('\ufffd\ufffd'); // 你 cut short
    expect(tokenizer.decode([id(0xc0), id(0x80)])).toBe('\ufffd\ufffd'); // overlong NUL
    expect(tokenizer.decode([id(0xe0), id(0x80), id(0x80)])).toBe('\ufffd\ufffd\ufffd'); // overlong 3-byte
    expect(tokenizer.decode([id(0xf0), id(0x80), id(0x80), id(0x80)])).toBe('\ufffd'.repeat(4)); // overlong 4-byte
    expect(tokenizer.decode([id(0xf4), id(0x90), id(0x80), id(0x80)])).toBe('\ufffd'.repeat(4)); // above U+10FFFF
    expect(tokenizer.decode([id(0xf4), id(0x8f), id(0xbf), id(0xbf)])).toBe('\u{10ffff}');
    expect(tokenizer.decode([id(0xe4), id(0xbd), id(0xa0)])).toBe('你');
  });

  it('an id outside the vocabulary is an EngineError', () => {
    expect(engineError(() => tokenizer.decode([tokenizer.size])).code).toBe('invalid-argument');
    expect(engineError(() => tokenizer.decode([1.5])).code).toBe('invalid-argument');
  });

  // No timed assertion (shared machines are noisy): pieces are capped at MAX_TOKEN_LENGTH, so these cases stay
  // linear; a quadratic search would run into the test timeout on the 100k-letter word.
  it('100k characters encode and decode back (one long word, one long space run, mixed text)', () => {
    const mixed = 'The cat sat on the mat. 我爱北京。 supercalifragilistic 👍🏽 2024\n'.repeat(1700).slice(0, 100_000);
    const oneWord = 'x'.repeat(100_000); // a single pre-token of 100k letters
    const spaces = ' '.repeat(100_000);
    for (const text of [mixed, oneWord, spaces]) {
      expect(tokenizer.decode(tokenizer.encode(text))).toBe(text);
    }
  });
});

describe('display', () => {
  const chipTexts = (text: string): string[] => tokenizer.displayTokens(text).map((c) => c.text);

  it('an emoji spelled in bytes is one chip holding its four byte ids', () => {
    const chips = tokenizer.displayTokens('The 👍 cat');
    expect(chips.map((c) => c.text)).toEqual(['The', ' ', '👍', ' cat']);
    const thumb = chips[2];
    expect(thumb.ids).toEqual(tokenizer.encode('👍'));
    expect(thumb.ids.length).toBe(4);
    expect(thumb.bytes).toBe(true);
    expect(thumb.index).toBe(2);
    expect(chips[3].index).toBe(6);
  });

  it('a grapheme made of several characters (skin tone, family, flag, keycap) is one chip', () => {
    for (const g of ['👍🏽', '👨‍👩‍👧', '🇨🇳', '1️⃣', 'é']) {
      expect(chipTexts(`猫${g}猫`)).toEqual(['猫', g, '猫']);
    }
  });

  it('tokenSpans: the bytes of one character share its span; every span is the decoded slice', () => {
    const ids = tokenizer.encode('我👍a');
    const spans = tokenizer.tokenSpans(ids);
    const decoded = tokenizer.decode(ids);
    expect(spans.map((s) => s.text)).toEqual(['我', '👍', '👍', '👍', '👍', 'a']);
    expect(spans.map((s) => s.byte)).toEqual([false, true, true, true, true, false]);
    for (const s of spans) expect(decoded.slice(s.start, s.end)).toBe(s.text);
    expect(tokenizer.tokenSpans([tokenizer.endOfText])).toEqual([{ id: tokenizer.endOfText, start: 0, end: 0, text: '', byte: false }]);
  });
});
