// @vitest-environment node
// GPT-2's tokenizer (src/engine/lm/gpt2Tokenizer.ts) over the gpt-tokenizer package: ids against known GPT-2
// encodings, lossless round trips, spans and chips of characters split over byte tokens, labels that never show "�"
// or the BPE's "Ġ", and a CausalLmModel run on text with it.
import { CausalLmModel, EngineError, GPT2_END_OF_TEXT, createGpt2Tokenizer, loadGpt2Tokenizer, type LmTokenizer } from '../../src/engine';
import { START_TOKEN_LABEL } from '../../src/engine/run/causalLmModel';
import { smallLmWeights } from './decoding/smallLm';

let tokenizer: LmTokenizer;
beforeAll(async () => {
  tokenizer = await loadGpt2Tokenizer();
});

/**
 * GPT-2's 256 base tokens, by the published rule (openai/gpt-2 encoder.py, bytes_to_unicode): the printable bytes
 * ! … ~, ¡ … ¬ and ® … ÿ take ids 0–187 in byte order, the other 68 bytes ids 188–255 in byte order. Written here
 * from that rule, independently of the package under test.
 */
function baseTokenIds(): number[] {
  const printable = (b: number): boolean => (b >= 0x21 && b <= 0x7e) || (b >= 0xa1 && b <= 0xac) || (b >= 0xae && b <= 0xff);
  const order = [...Array.from({ length: 256 }, (_, b) => b).filter(printable), ...Array.from({ length: 256 }, (_, b) => b).filter((b) => !printable(b))];
  const idOf = new Array<number>(256);
  order.forEach((b, id) => (idOf[b] = id));
  return idOf;
}
const BASE = baseTokenIds();

/**
 * Known GPT-2 encodings: widely published ids (15496 "Hello", 995 " world", 31373 "hello", 262 " the", 464 "The",
 * 628 "\n\n", the pangram, "你好", "😀") and ids of single bytes from the rule above (11 ",", 13 ".", 0 "!", 198 "\n",
 * 220 " ", 254 = A0, 121 = BD, 222 = 80).
 */
const KNOWN: readonly (readonly [string, readonly number[]])[] = [
  ['Hello world', [15496, 995]],
  ['hello world', [31373, 995]],
  ['Hello, world!', [15496, 11, 995, 0]],
  ['Hello, world!\n', [15496, 11, 995, 0, 198]],
  [' the', [262]],
  ['  the', [220, 262]], // "\s+(?!\S)": the first space alone, the second one starts " the"
  [' the of and to a in is that was', [262, 286, 290, 284, 257, 287, 318, 326, 373]],
  ['The quick brown fox jumps over the lazy dog', [464, 2068, 7586, 21831, 18045, 625, 262, 16931, 3290]],
  ['The.\n', [464, 13, 198]],
  ['\n\n', [628]],
  ['7', [BASE[0x37]]],
  ['你好', [19526, BASE[0xa0], 25001, BASE[0xbd]]], // 你 = E4 BD A0 → [E4 BD] [A0]; 好 = E5 A5 BD → [E5 A5] [BD]
  ['😀', [47249, BASE[0x80]]], // F0 9F 98 80 → [F0 9F 98] [80]
];

const MIXED = 'GPT-2 reads 你好, 世界! 😀👍🏽 naïve café — “quoted” 🇫🇷 e\u0301 123.45\n\ttabs';

describe('GPT-2 tokenizer: ids', () => {
  it('has GPT-2\'s size and end-of-text id', () => {
    expect(tokenizer.size).toBe(50257);
    expect(tokenizer.endOfText).toBe(50256);
    expect(GPT2_END_OF_TEXT).toBe(50256);
    expect(tokenizer.tokenString(50256)).toBe('<|endoftext|>');
  });

  it.each(KNOWN)('encodes %j as GPT-2 does', (text, ids) => {
    expect(tokenizer.encode(text)).toEqual(ids);
    expect(tokenizer.decode(ids)).toBe(text);
  });

  it('spells each single byte with GPT-2\'s base token (bytes_to_unicode order)', () => {
    for (let b = 0; b < 0x80; b++) {
      expect(tokenizer.encode(String.fromCharCode(b))).toEqual([BASE[b]]);
      expect(tokenizer.isByte(BASE[b])).toBe(false);
    }
    for (let b = 0x80; b < 0x100; b++) {
      expect(tokenizer.isByte(BASE[b])).toBe(true); // a lone byte ≥ 0x80 is no character
      expect(tokenizer.tokenString(BASE[b])).toBe(`<0x${b.toString(16).toUpperCase()}>`);
    }
  });

  it('never produces the special token: "<|endoftext|>" typed in the text is text', () => {
    const ids = tokenizer.encode('a<|endoftext|>b');
    expect(ids).not.toContain(50256);
    expect(ids[0]).toBe(BASE[0x61]);
    expect(tokenizer.decode(ids)).toBe('a<|endoftext|>b');
    expect(tokenizer.decode([15496, 50256, 995])).toBe('Hello world'); // the special token adds nothing
  });

  it('throws an EngineError for ids outside the vocabulary', () => {
    expect(() => tokenizer.decode([50257])).toThrow(EngineError);
    expect(() => tokenizer.decode([-1])).toThrow(EngineError);
    expect(() => tokenizer.tokenString(1.5)).toThrow(EngineError);
    expect(tokenizer.isByte(50257)).toBe(false);
  });

  it('refuses a BPE table of the wrong size', () => {
    expect(() => createGpt2Tokenizer({ encode: () => [], ranks: ['a', 'b'] })).toThrow(expect.objectContaining({ name: 'EngineError', code: 'shape-mismatch' }));
  });

  it('loads once: later calls share the tokenizer', async () => {
    expect(await loadGpt2Tokenizer()).toBe(tokenizer);
  });
});

describe('GPT-2 tokenizer: round trips, spans and chips', () => {
  it.each(['', 'Hello world', '你好，世界。我爱北京天安门。', '😀👍🏽👨‍👩‍👧 🇫🇷', MIXED, '  leading and trailing  ', '\r\n\u0000\u007f', '１２３ ４５６', '\ufeffBOM first'])('decode(encode(%j)) is the text', (text) => {
    expect(tokenizer.decode(tokenizer.encode(text))).toBe(text);
  });

  it('spans: each token\'s text is its slice of the decoded text; a split character\'s bytes share its span', () => {
    const ids = tokenizer.encode(MIXED);
    const spans = tokenizer.tokenSpans(ids);
    expect(spans.map((s) => s.id)).toEqual(ids);
    let covered = 0;
    for (const s of spans) {
      expect(s.text).toBe(MIXED.slice(s.start, s.end));
      expect(s.text).not.toContain('\ufffd');
      expect(s.start).toBeLessThanOrEqual(covered); // in order, no gap; a byte token may share its character's span
      covered = Math.max(covered, s.end);
      expect(s.byte).toBe(tokenizer.isByte(s.id));
    }
    expect(covered).toBe(MIXED.length);
    const ni = spans.filter((s) => s.text === '你');
    expect(ni.map((s) => s.id)).toEqual([19526, BASE[0xa0]]);
    expect(ni.every((s) => s.byte)).toBe(true);
  });

  it('chips cover the text exactly and group a split character into one chip marked bytes', () => {
    const chips = tokenizer.displayTokens(MIXED);
    expect(chips.map((c) => c.text).join('')).toBe(MIXED);
    expect(chips.flatMap((c) => c.ids)).toEqual(tokenizer.encode(MIXED));
    chips.forEach((c, k) => {
      expect(MIXED.slice(c.start, c.end)).toBe(c.text);
      expect(c.start).toBe(k === 0 ? 0 : chips[k - 1].end);
      expect(c.bytes).toBe(c.ids.some((id) => tokenizer.isByte(id)));
      expect(c.text).not.toContain('\ufffd');
    });
    const chip = (text: string) => chips.find((c) => c.text.includes(text));
    expect(chip('你')).toMatchObject({ text: '你', ids: [19526, BASE[0xa0]], bytes: true });
    expect(chip('😀')).toMatchObject({ text: ' 😀', bytes: true }); // [space F0 9F 98] [80]
    expect(chip('😀')?.ids).toHaveLength(2);
    expect(chip('👍🏽')?.bytes).toBe(true); // thumbs up + skin tone: one grapheme, one chip
    expect(chip('🇫🇷')?.text).toMatch(/🇫🇷$/);
    expect(chip(' café')).toMatchObject({ text: ' café', bytes: false }); // whole UTF-8 in one token
  });

  it('a token holding the end of one character and the start of the next joins both into one chip', () => {
    // 召喚士: [E5 8F] [AC] [E5] [96 9A E5 A3 AB], the last token the end of 喚 and all of 士.
    const summoner = tokenizer.displayTokens('召喚士');
    expect(summoner.map((c) => [c.text, c.bytes])).toEqual([
      ['召', true],
      ['喚士', true],
    ]);
    expect(summoner[1].ids[0]).toBe(BASE[0xe5]);
    const spans = tokenizer.tokenSpans(tokenizer.encode('召喚士'));
    expect(spans.map((s) => s.text)).toEqual(['召', '召', '喚', '喚士']);
    // ず退: [E3 81] [9A E9] [80] [80], the second token the end of ず and the start of 退.
    const ids = tokenizer.encode('ず退');
    expect(ids.slice(2)).toEqual([BASE[0x80], BASE[0x80]]);
    expect(tokenizer.tokenSpans(ids).map((s) => s.text)).toEqual(['ず', 'ず退', '退', '退']);
    expect(tokenizer.tokenLabel?.(ids[1])).toBe('bytes 9A E9');
    expect(tokenizer.displayTokens('ず退')).toEqual([{ ids, index: 0, text: 'ず退', start: 0, end: 2, bytes: true }]);
    expect(tokenizer.displayTokens('「ず退」').map((c) => c.text)).toContain('ず退');
  });

  it('a space and the start of “ in one token: the chip holds both, the label spells the bytes', () => {
    const chips = tokenizer.displayTokens('say “hi”');
    expect(chips.map((c) => c.text).join('')).toBe('say “hi”');
    const quote = chips.find((c) => c.text.includes('“'));
    expect(quote?.bytes).toBe(true);
    expect(quote?.ids.map((id) => tokenizer.tokenLabel?.(id))).toEqual(['bytes 20 E2 80', 'byte 9C']);
  });

  it('decodes free generation without throwing: broken bytes are U+FFFD, never joined across <|endoftext|>', () => {
    const ids = [19526, 50256, BASE[0xa0]]; // [E4 BD], end of text, [A0]
    expect(tokenizer.decode(ids)).toBe('\ufffd\ufffd\ufffd');
    const spans = tokenizer.tokenSpans(ids);
    expect(spans.map((s) => [s.start, s.end])).toEqual([
      [0, 2],
      [2, 2],
      [2, 3],
    ]);
    expect(tokenizer.decode([19526, BASE[0xa0]])).toBe('你');
  });

  it('a lone surrogate (no UTF-8 of its own) still gets chips that cover the text', () => {
    const text = 'a\ud800b你';
    const chips = tokenizer.displayTokens(text);
    expect(chips.map((c) => c.text).join('')).toBe(text);
    expect(tokenizer.decode(tokenizer.encode(text))).toBe('a\ufffdb你'); // TextEncoder's replacement, as in GPT-2
  });

  it('long text (5,000+ tokens): round trip, spans and chips cover it', () => {
    const text = `${MIXED} The cat sat on the mat. 我爱北京。`.repeat(160);
    const ids = tokenizer.encode(text);
    expect(ids.length).toBeGreaterThan(5000);
    expect(tokenizer.decode(ids)).toBe(text);
    expect(tokenizer.displayTokens(text).map((c) => c.text).join('')).toBe(text);
    const spans = tokenizer.tokenSpans(ids);
    expect(spans[spans.length - 1].end).toBe(text.length);
  });
});

describe('GPT-2 tokenizer: labels', () => {
  it('shows whole tokens as text and other tokens as bytes', () => {
    const label = (id: number): string | undefined => tokenizer.tokenLabel?.(id);
    expect(label(15496)).toBe('Hello');
    expect(label(995)).toBe(' world');
    expect(label(262)).toBe(' the');
    expect(label(198)).toBe('\n');
    expect(label(50256)).toBe('<|endoftext|>');
    expect(label(19526)).toBe('bytes E4 BD');
    expect(label(BASE[0xa0])).toBe('byte A0');
    expect(label(47249)).toBe('bytes F0 9F 98');
    expect(tokenizer.tokenString(19526)).toBe('<0xE4><0xBD>');
    expect(tokenizer.tokenString(995)).toBe(' world');
  });

  it('no id\'s label or string shows "�" or the BPE\'s internal "Ġ"; whole tokens show their decoded text', () => {
    const bad: number[] = [];
    let spelled = 0;
    for (let id = 0; id < tokenizer.size; id++) {
      const label = tokenizer.tokenLabel?.(id) ?? '';
      const string = tokenizer.tokenString(id);
      if (/[\ufffdĠ]/.test(label + string)) bad.push(id);
      if (id === 50256) continue;
      if (tokenizer.isByte(id)) {
        spelled++;
        if (!/^bytes? [0-9A-F]{2}( [0-9A-F]{2})*$/.test(label) || !/^(<0x[0-9A-F]{2}>)+$/.test(string)) bad.push(id);
      } else if (label !== tokenizer.decode([id]) || string !== label) {
        bad.push(id); // the text of its bytes, not vocab.json's "Ġworld" / "Ã¤"
      }
    }
    expect(bad).toEqual([]);
    expect(spelled).toBeGreaterThan(128); // the 128 lone high bytes, and the pieces of characters
    expect(tokenizer.tokenLabel?.(220)).toBe(' ');
    expect(tokenizer.encode(' é').map((id) => tokenizer.tokenLabel?.(id)).join('')).toBe(' é');
  });

  it('spells tokens of U+FFFD\'s own bytes (EF BF BD, in GPT-2\'s training text) as bytes, not "�"', () => {
    const ids = tokenizer.encode('\ufffd');
    expect(tokenizer.decode(ids)).toBe('\ufffd');
    expect(ids.map((id) => tokenizer.tokenLabel?.(id)).join(' ')).toMatch(/EF.*BF.*BD/);
  });
});

describe('GPT-2 tokenizer in a CausalLmModel', () => {
  const shape = { nPositions: 16, embedDim: 8, numHeads: 2, numLayers: 1, ffnDim: 16 };
  let model: CausalLmModel;
  beforeAll(() => {
    model = new CausalLmModel(smallLmWeights(7, shape, { vocabSize: 50257, embeddingStd: 0.5 }), { tokenizer });
  });

  it('runs "Hello world" as [<|endoftext|>, Hello, world]', () => {
    const run = model.run({ text: 'Hello world' });
    expect(run.tokenIds).toEqual([50256, 15496, 995]);
    expect(run.tokens.map((t) => t.text)).toEqual([START_TOKEN_LABEL, 'Hello', ' world']);
    expect(run.chips?.map((c) => c.text)).toEqual(['Hello', ' world']);
    expect(run.logits.rows).toBe(3);
    expect(run.logits.cols).toBe(50257);
  });

  it('runs Chinese and emoji: one chip per character, labels by character and byte number', () => {
    const run = model.run({ text: '你好😀' });
    expect(run.tokenIds).toEqual([50256, 19526, BASE[0xa0], 25001, BASE[0xbd], 47249, BASE[0x80]]);
    expect(run.chips?.map((c) => [c.text, c.bytes])).toEqual([
      ['你', true],
      ['好', true],
      ['😀', true],
    ]);
    expect(run.tokens.map((t) => t.text)).toEqual([START_TOKEN_LABEL, '你·1', '你·2', '好·1', '好·2', '😀·1', '😀·2']);
  });

  it('labels ids through the tokenizer: text, or bytes for part of a character', () => {
    expect(model.tokenLabel(995)).toBe(' world');
    expect(model.tokenLabel(19526)).toBe('bytes E4 BD');
    expect(model.tokenLabel(BASE[0xe4])).toBe('byte E4');
    expect(model.tokenLabel(50256)).toBe('<|endoftext|>');
    expect(() => model.tokenLabel(50257)).toThrow(EngineError);
  });
});
