// @vitest-environment node
import fc from 'fast-check';
import {
  END_OF_TEXT,
  LM_VOCABULARY_FORMAT,
  MAX_TOKEN_LENGTH,
  RESERVED_TOKENS,
  buildVocabulary,
  byteToken,
  createLmTokenizer,
  parseVocabulary,
  type LmVocabulary,
} from '../../../src/engine/lm';
import { engineError } from '../support';
import { CORPUS, vocabulary } from './tokenizerFixtures';

describe('buildVocabulary', () => {
  it('starts with <|endoftext|> and the 256 byte tokens', () => {
    expect(vocabulary.tokens[0]).toBe(END_OF_TEXT);
    expect(vocabulary.special.endOfText).toBe(0);
    expect(vocabulary.tokens.slice(1, 257)).toEqual(Array.from({ length: 256 }, (_, b) => byteToken(b)));
    expect(byteToken(0x0a)).toBe('<0x0A>');
  });

  it('keeps the most frequent candidates, ties in string order', () => {
    const v = buildVocabulary(['b a b a', 'c'], { size: RESERVED_TOKENS + 5 });
    // counts: ' ' 3, 'a' 2, 'b' 2, ' a' 2, ' b' 1, 'c' 1 → ' ' first; ' a' < 'a' < 'b' by code unit; then ' b' < 'c'
    expect(v.tokens.slice(RESERVED_TOKENS)).toEqual([' ', ' a', 'a', 'b', ' b']);
  });

  it('learns word pieces by byte-pair merges, and no token longer than MAX_TOKEN_LENGTH', () => {
    const long = 'x'.repeat(MAX_TOKEN_LENGTH + 1);
    const v = buildVocabulary([`go ${long} ${long} the the`], { size: 400 });
    expect(v.tokens).toContain(' the');
    expect(v.tokens.some((t) => t.length > MAX_TOKEN_LENGTH && !t.startsWith('<'))).toBe(false);
    // a piece shared by several rare words outranks each of them: "est" from newest/widest/lowest
    const w = buildVocabulary(['newest newest widest widest lowest'], { size: RESERVED_TOKENS + 12 });
    expect(w.tokens).toContain('est');
    expect(createLmTokenizer(w).encode(' tallest').map((id) => w.tokens[id]).slice(-1)).toEqual(['est']);
  });

  it('is deterministic: the same corpus, in any order, gives the same vocabulary', () => {
    const again = buildVocabulary([...CORPUS], { size: 600 });
    expect(again).toEqual(vocabulary);
    expect(buildVocabulary([...CORPUS].reverse(), { size: 600 })).toEqual(vocabulary);
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 12 }), { maxLength: 8 }), fc.integer({ min: RESERVED_TOKENS, max: 320 }), (texts, size) => {
        const a = buildVocabulary(texts, { size });
        expect(buildVocabulary([...texts].reverse(), { size })).toEqual(a);
        expect(a.tokens.length).toBeLessThanOrEqual(size);
        expect(() => createLmTokenizer(a)).not.toThrow(); // always a valid vocabulary
      }),
      { numRuns: 200 },
    );
  });

  it('a truncated vocabulary leaves rare characters to bytes, still losslessly', () => {
    const small = createLmTokenizer(buildVocabulary(CORPUS, { size: RESERVED_TOKENS + 10 }));
    for (const text of CORPUS) expect(small.decode(small.encode(text))).toBe(text);
  });

  it('refuses a size below the reserved tokens', () => {
    expect(engineError(() => buildVocabulary(CORPUS, { size: 100 })).details.minimum).toBe(RESERVED_TOKENS);
    expect(engineError(() => buildVocabulary(CORPUS, { size: 300.5 })).code).toBe('invalid-argument');
  });
});

describe('vocabulary JSON', () => {
  it('survives JSON.stringify / parse, and the tokenizer from it encodes the same', () => {
    const json: unknown = JSON.parse(JSON.stringify(vocabulary));
    const parsed = parseVocabulary(json);
    expect(parsed).toEqual(vocabulary);
    const text = 'The cat 爱 👍 2024\n';
    expect(createLmTokenizer(parsed).encode(text)).toEqual(createLmTokenizer(vocabulary).encode(text));
  });

  const edit = (change: (v: { format: unknown; version: unknown; tokens: unknown[]; special: Record<string, unknown> }) => void): unknown => {
    const v = JSON.parse(JSON.stringify(vocabulary)) as { format: unknown; version: unknown; tokens: unknown[]; special: Record<string, unknown> };
    change(v);
    return v;
  };
  const reason = (json: unknown): string | number | undefined => {
    const e = engineError(() => parseVocabulary(json));
    expect(e.code).toBe('invalid-argument');
    expect(e.message).toMatch(/^The language model's vocabulary is corrupt: /);
    return e.details.reason;
  };

  it.each<[string, unknown, string]>([
    ['not an object', [1, 2], 'not-an-object'],
    ['another format', edit((v) => (v.format = 'gpt2')), 'format'],
    ['a wrong version', edit((v) => (v.version = 2)), 'version'],
    ['tokens not a list', edit((v) => (v.tokens = {} as unknown[])), 'tokens'],
    ['a duplicate token', edit((v) => v.tokens.push(' the')), 'duplicate'],
    ['a duplicate byte token', edit((v) => v.tokens.push('<0x41>')), 'duplicate'],
    ['a missing byte token', edit((v) => v.tokens.splice(1 + 0x41, 1)), 'missing-byte'],
    ['a token that is not a string', edit((v) => v.tokens.push(7)), 'token'],
    ['an empty token', edit((v) => v.tokens.push('')), 'token'],
    ['a token too long', edit((v) => v.tokens.push('y'.repeat(MAX_TOKEN_LENGTH + 1))), 'token'],
    ['a lone surrogate', edit((v) => v.tokens.push('\ud800')), 'token'],
    ['special id out of range', edit((v) => (v.special.endOfText = 99999)), 'special'],
    ['special id on another token', edit((v) => (v.special.endOfText = 5)), 'special'],
    ['no special', edit((v) => delete (v as { special?: unknown }).special), 'special'],
  ])('rejects %s', (_, json, expected) => {
    expect(reason(json)).toBe(expected);
  });

  it('names the missing byte', () => {
    expect(engineError(() => parseVocabulary(edit((v) => v.tokens.splice(1 + 0x41, 1)))).details.missing).toBe('<0x41>');
  });

  it('createLmTokenizer checks a hand-built vocabulary too', () => {
    const bad: LmVocabulary = { format: LM_VOCABULARY_FORMAT, version: 1, tokens: [END_OF_TEXT, 'a'], special: { endOfText: 0 } };
    expect(engineError(() => createLmTokenizer(bad)).details.reason).toBe('missing-byte');
  });
});
