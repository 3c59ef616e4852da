import {
  bool,
  decimalIn,
  dividingHeads,
  enumOf,
  formEncoding,
  idList,
  intIn,
  intList,
  MAX_UNKNOWN_NOTICES,
  optionalEnum,
  pairList,
  readableEncoding,
  readParams,
  textUpTo,
  unknownParamNotices,
  writeParam,
  writeParams,
  type ParamTable,
} from '../../../src/state/url/params';

/*
 * The generic reader and writer, on a small table of their own. The pages' tables are tested in
 * tests/shared/pageParams.test.ts.
 */

interface Toy {
  readonly heads: number;
  readonly width: number;
  readonly color: 'red' | 'blue';
  readonly on: boolean;
  readonly rate: number;
  readonly note: string;
  readonly picks: readonly number[];
  readonly spots: readonly { readonly x: number; readonly y: number }[];
  readonly tags: readonly ('a' | 'b' | 'c')[];
  readonly locks: readonly ('a' | 'b' | 'c')[];
  readonly lang: 'en' | 'zh' | undefined;
}

const DEFAULTS: Toy = { heads: 4, width: 32, color: 'red', on: true, rate: 0.5, note: 'hi', picks: [], spots: [], tags: [], locks: [], lang: undefined };

// `heads` comes first but its limit depends on `width`, written after it: reading must not care.
const TOY: ParamTable<Toy> = {
  heads: { name: 'h', kind: dividingHeads(8, (link) => link.width), fallback: () => DEFAULTS.heads, always: true },
  width: { name: 'w', kind: intIn(1, 64), fallback: () => DEFAULTS.width },
  color: { name: 'c', kind: enumOf(['red', 'blue'] as const), fallback: () => DEFAULTS.color },
  on: { name: 'on', kind: bool(), fallback: () => DEFAULTS.on },
  rate: { name: 'r', kind: decimalIn(0.001, 1), fallback: () => DEFAULTS.rate },
  note: { name: 'n', kind: textUpTo(5), fallback: () => DEFAULTS.note },
  picks: { name: 'p', kind: intList(0, 9, 3), fallback: () => DEFAULTS.picks },
  spots: { name: 's', kind: pairList({ parts: (s) => [s.x, s.y], make: (x, y) => ({ x, y }) }, (link) => [link.width - 1, 3], 3), fallback: () => DEFAULTS.spots },
  tags: { name: 't', kind: idList(['a', 'b', 'c'] as const, 100), fallback: () => DEFAULTS.tags },
  locks: { name: 'l', kind: idList(['a', 'b', 'c'] as const, 100, (link) => link.tags), fallback: () => DEFAULTS.locks },
  lang: { name: 'lang', kind: optionalEnum(['en', 'zh'] as const), fallback: () => undefined },
};

const read = (query: string) => readParams(TOY, query, DEFAULTS);

describe('writeParams', () => {
  it('writes only what differs from the default, in table order, plus `always` parameters', () => {
    expect(writeParams(TOY, DEFAULTS, DEFAULTS)).toBe('h=4');
    const values: Toy = { ...DEFAULTS, width: 48, heads: 6, note: 'a b,c', picks: [3, 1], spots: [{ x: 2, y: 3 }], tags: ['b', 'a'], locks: ['a'], lang: 'zh' };
    expect(writeParams(TOY, values, DEFAULTS)).toBe('h=6&w=48&n=a+b,c&p=3,1&s=2-3&t=b,a&l=a&lang=zh');
  });

  it('leaves out what its reader would refuse: pairs outside their limits, locks of ids not in the list they need', () => {
    expect(writeParams(TOY, { ...DEFAULTS, width: 4, spots: [{ x: 9, y: 0 }, { x: 1, y: 1 }], locks: ['c'] }, DEFAULTS)).toBe('h=4&w=4&s=1-1');
    expect(writeParam(TOY, 'n', { ...DEFAULTS, note: 'longer than five' })).toBe('longe');
    expect(writeParam(TOY, 'lang', DEFAULTS)).toBeUndefined();
  });

  it('encodes readably by default (spaces +, commas kept, apostrophes escaped) or as a form', () => {
    expect(readableEncoding("it's a,b")).toBe('it%27s+a,b');
    expect(formEncoding("it's a,b")).toBe('it%27s+a%2Cb');
    expect(writeParams(TOY, { ...DEFAULTS, picks: [1, 2] }, DEFAULTS, formEncoding)).toBe('h=4&p=1%2C2');
  });
});

describe('readParams', () => {
  it('gives back what writeParams wrote, without notices', () => {
    const values: Toy = { ...DEFAULTS, width: 48, heads: 6, color: 'blue', on: false, rate: 0.002, note: '', picks: [3, 1], spots: [{ x: 40, y: 3 }], tags: ['c'], locks: ['c'], lang: 'en' };
    const back = read(writeParams(TOY, values, DEFAULTS));
    expect(back.notices).toEqual([]);
    expect({ ...DEFAULTS, ...back.values }).toEqual(values);
  });

  it('returns the fields the link sets, and fallbacks that differ from the defaults', () => {
    expect(read('?w=48')).toEqual({ values: { width: 48 }, notices: [] });
    expect(read('w=32&c=red')).toEqual({ values: { width: 32, color: 'red' }, notices: [] });
  });

  it('reads a parameter whose limit depends on one later in the table', () => {
    expect(read('h=6&w=48').values).toEqual({ heads: 6, width: 48 });
    // 6 does not divide 32: the nearest count that does, of those up to 8.
    expect(read('h=6').notices).toEqual([{ param: 'h', value: '6', reason: 'heads-do-not-divide', fallback: '4' }]);
    expect(read('h=3&w=48').notices).toEqual([]);
    expect(read('s=40-0').notices).toEqual([{ param: 's', value: '40-0', reason: 'out-of-range', fallback: '' }]);
    expect(read('s=40-0&w=64').notices).toEqual([]);
  });

  it.each([
    ['w=abc', { param: 'w', value: 'abc', reason: 'invalid', fallback: '32' }],
    ['w=0', { param: 'w', value: '0', reason: 'out-of-range', fallback: '32' }],
    ['w=-3', { param: 'w', value: '-3', reason: 'out-of-range', fallback: '32' }],
    ['w=99999999999999', { param: 'w', value: '99999999999999', reason: 'out-of-range', fallback: '32' }],
    ['w=1e1', { param: 'w', value: '1e1', reason: 'invalid', fallback: '32' }],
    ['c=green', { param: 'c', value: 'green', reason: 'invalid', fallback: 'red' }],
    ['on=yes', { param: 'on', value: 'yes', reason: 'invalid', fallback: '1' }],
    ['r=2', { param: 'r', value: '2', reason: 'out-of-range', fallback: '0.5' }],
    ['r=1e999', { param: 'r', value: '1e999', reason: 'out-of-range', fallback: '0.5' }],
    ['r=0x1', { param: 'r', value: '0x1', reason: 'invalid', fallback: '0.5' }],
    ['n=toolong', { param: 'n', value: 'toolong', reason: 'too-long', fallback: 'hi' }],
    ['p=1,2,3,4', { param: 'p', value: '1,2,3,4', reason: 'too-long', fallback: '' }],
    ['p=1,x', { param: 'p', value: '1,x', reason: 'invalid', fallback: '' }],
    ['p=10', { param: 'p', value: '10', reason: 'out-of-range', fallback: '' }],
    ['s=1-2-3', { param: 's', value: '1-2-3', reason: 'invalid', fallback: '' }],
    ['s=0-4', { param: 's', value: '0-4', reason: 'out-of-range', fallback: '' }],
    ['lang=fr', { param: 'lang', value: 'fr', reason: 'invalid', fallback: '' }],
    ['h=9', { param: 'h', value: '9', reason: 'out-of-range', fallback: '4' }],
  ])('%s → its reason and fallback', (query, notice) => {
    expect(read(query).notices).toEqual([notice]);
  });

  it('keeps the known ids of a forgiving list and notes the rest once', () => {
    expect(read('t=b,zz,a,b,+c+,none,,zz').values.tags).toEqual(['b', 'a', 'c']);
    expect(read('t=b,zz,a').notices).toEqual([{ param: 't', value: 'zz', reason: 'invalid', fallback: '' }]);
    expect(read('t=a&l=a,b,q')).toEqual({
      values: { tags: ['a'], locks: ['a'] },
      notices: [
        { param: 'l', value: 'q', reason: 'invalid', fallback: '' },
        { param: 'l', value: 'b', reason: 'out-of-range', fallback: '' },
      ],
    });
  });

  it('uses the first of a repeated parameter and says so before any notice of that value', () => {
    expect(read('w=16&w=64&w=8').values.width).toBe(16);
    expect(read('w=x&w=64').notices).toEqual([
      { param: 'w', value: '64', reason: 'repeated', fallback: 'x' },
      { param: 'w', value: 'x', reason: 'invalid', fallback: '32' },
    ]);
  });

  it('lists notices in table order, whatever order the link has and whichever parameter was read first', () => {
    expect(read('lang=xx&c=green&h=5&w=zz').notices.map((n) => n.param)).toEqual(['h', 'w', 'c', 'lang']);
  });

  it('ignores names that are not in the table, and never throws on bad percent-encoding', () => {
    expect(read('zzz=1&__proto__=x&constructor=y')).toEqual({ values: {}, notices: [] });
    expect(() => read('n=%E0%A4%A&w=%')).not.toThrow();
  });

  it('refuses a table whose limits depend on each other in a circle (a programming error)', () => {
    interface Loop {
      readonly a: number;
      readonly b: number;
    }
    const loop: ParamTable<Loop> = {
      a: { name: 'a', kind: intIn(0, (link) => link.b), fallback: () => 0 },
      b: { name: 'b', kind: intIn(0, (link) => link.a), fallback: () => 0 },
    };
    expect(() => readParams(loop, 'a=1&b=1', { a: 0, b: 0 })).toThrow(/depends on itself/);
  });
});

describe('unknownParamNotices', () => {
  it('names each unknown parameter once (its first value), then counts the rest', () => {
    const query = ['w=1', 'x=1', 'x=2', ...Array.from({ length: 10 }, (_, i) => `p${i}=v`)].join('&');
    const notices = unknownParamNotices(query, new Set(['w']));
    expect(notices).toHaveLength(MAX_UNKNOWN_NOTICES + 1);
    expect(notices[0]).toEqual({ param: 'x', value: '1', reason: 'unknown', fallback: '' });
    expect(notices[MAX_UNKNOWN_NOTICES]).toEqual({ param: '', value: String(11 - MAX_UNKNOWN_NOTICES), reason: 'unknown-more', fallback: '' });
    expect(unknownParamNotices('?w=1', new Set(['w']))).toEqual([]);
  });
});
