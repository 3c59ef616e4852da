import fc from 'fast-check';
import { DEFAULT_SETTINGS, type LabSettings } from '../../src/state/labStore';
import { parseQuery, settingsFromQuery, settingsToQuery, URL_LIMITS, type UrlNotice } from '../../src/state/url/urlState';
import { keepsWholeText } from './keepsWholeText';
import { validSettings } from './settingsArbitrary';

/** The notice for one parameter when a link carries only that parameter (plus the given context). */
function noticesFor(query: string): UrlNotice[] {
  return [...parseQuery(query).notices];
}

describe('settings ⇄ query string', () => {
  it('round-trips any valid settings and locale exactly, without notices', () => {
    fc.assert(
      fc.property(validSettings, fc.constantFrom('en' as const, 'zh' as const), (settings, locale) => {
        const query = settingsToQuery(settings, locale);
        const parsed = parseQuery(query);
        expect(parsed.notices).toEqual([]);
        expect(parsed.locale).toBe(locale);
        expect({ ...DEFAULT_SETTINGS, ...parsed.settings }).toEqual(settings);
        // A leading '?' (window.location.search) reads the same.
        expect(settingsFromQuery(`?${query}`)).toEqual(settings);
      }),
      { numRuns: 400 },
    );
  });

  it('writes only what differs from the defaults, with short readable names', () => {
    expect(settingsToQuery(DEFAULT_SETTINGS)).toBe('');
    expect(settingsToQuery(DEFAULT_SETTINGS, 'en')).toBe('lang=en');
    // A link without text= means the English sentence; a Chinese link carries its text, whichever it is.
    expect(settingsToQuery(DEFAULT_SETTINGS, 'zh')).toBe('text=The+animal+did+not+cross+the+street+because+it+was+too+tired.&lang=zh');
    const query = settingsToQuery(
      {
        ...DEFAULT_SETTINGS,
        model: 'untrained',
        text: 'The cat, sat',
        embedDim: 48,
        numHeads: 6,
        numLayers: 3,
        seed: 11,
        positionalEncoding: false,
        maskMode: 'padding',
        paddingTokens: [1, 3],
        customMask: [{ query: 0, key: 1 }, { query: 2, key: 3 }],
        disabledHeads: [{ layer: 0, head: 1 }],
        selectedLayer: 2,
        selectedHead: 'average',
      },
      'en',
    );
    expect(query).toBe('text=The+cat,+sat&d=48&h=6&layers=3&seed=11&pe=0&mask=padding&pad=1,3&cells=0-1,2-3&off=0-1&layer=2&head=avg&lang=en');
  });

  it('reads the example link from the design notes', () => {
    const parsed = parseQuery('?text=Hi+there&d=32&h=4&layers=2&seed=7&pe=1&mask=causal&pad=1,3&cells=0-1,2-3&off=0-1&layer=0&head=2&lang=zh');
    expect(parsed.notices).toEqual([]);
    expect(parsed.locale).toBe('zh');
    expect(parsed.settings).toEqual({
      text: 'Hi there',
      embedDim: 32,
      numHeads: 4,
      numLayers: 2,
      seed: 7,
      positionalEncoding: true,
      maskMode: 'causal',
      paddingTokens: [1, 3],
      customMask: [{ query: 0, key: 1 }, { query: 2, key: 3 }],
      disabledHeads: [{ layer: 0, head: 1 }],
      selectedLayer: 0,
      selectedHead: 2,
    });
  });

  it('drops ablated heads outside the model (left over after lowering the head count): they change nothing', () => {
    const query = settingsToQuery({ ...DEFAULT_SETTINGS, model: 'untrained', numHeads: 2, disabledHeads: [{ layer: 0, head: 1 }, { layer: 0, head: 3 }, { layer: 1, head: 0 }] });
    expect(query).toBe('h=2&off=0-1,1-0');
    expect(parseQuery(query)).toEqual({ settings: { model: 'untrained', numHeads: 2, disabledHeads: [{ layer: 0, head: 1 }, { layer: 1, head: 0 }] }, notices: [] });
  });

  it('a link that sets the width, heads, layers or seed without model= opens the untrained model it was made for', () => {
    expect(settingsFromQuery('')).toMatchObject({ model: 'trained' });
    expect(settingsFromQuery('text=hi&mask=causal&off=1-2')).toMatchObject({ model: 'trained' });
    for (const q of ['d=16', 'h=2', 'layers=3', 'seed=9']) expect(settingsFromQuery(q).model).toBe('untrained');
    expect(settingsFromQuery('model=trained&d=16')).toMatchObject({ model: 'trained', embedDim: 16 });
    expect(settingsFromQuery('model=untrained')).toMatchObject({ model: 'untrained', embedDim: DEFAULT_SETTINGS.embedDim });
    // Written only when the rest of the link does not already say it, so each view has one link.
    expect(settingsToQuery({ ...DEFAULT_SETTINGS, model: 'untrained' })).toBe('model=untrained');
    expect(settingsToQuery({ ...DEFAULT_SETTINGS, model: 'untrained', seed: 9 })).toBe('seed=9');
    expect(settingsToQuery({ ...DEFAULT_SETTINGS, seed: 9 })).toBe('model=trained&seed=9');
    expect(settingsToQuery({ ...DEFAULT_SETTINGS, causal: false, predictAt: 3 })).toBe('causal=0&at=3');
  });

  it('cuts text longer than the limit when writing, without splitting a surrogate pair', () => {
    const long = 'a'.repeat(URL_LIMITS.maxTextLength - 1) + '😀' + 'tail';
    expect(keepsWholeText(long)).toBe(false);
    const text = settingsFromQuery(settingsToQuery({ ...DEFAULT_SETTINGS, text: long })).text;
    expect(text).toBe('a'.repeat(URL_LIMITS.maxTextLength - 1));
    expect(settingsToQuery({ ...DEFAULT_SETTINGS, text: 'bad \uD800 surrogate' })).toBe('text=bad+%EF%BF%BD+surrogate');
  });
});

describe('bad parameters fall back to the default, with a notice naming the parameter and value', () => {
  const cases: [query: string, notice: UrlNotice, field: keyof LabSettings, expected: unknown][] = [
    ['d=abc', { param: 'd', value: 'abc', reason: 'invalid', fallback: '32' }, 'embedDim', 32],
    ['d=0', { param: 'd', value: '0', reason: 'out-of-range', fallback: '32' }, 'embedDim', 32],
    ['d=4096', { param: 'd', value: '4096', reason: 'out-of-range', fallback: '32' }, 'embedDim', 32],
    ['d=3.5', { param: 'd', value: '3.5', reason: 'invalid', fallback: '32' }, 'embedDim', 32],
    ['h=5', { param: 'h', value: '5', reason: 'heads-do-not-divide', fallback: '4' }, 'numHeads', 4],
    ['d=32&h=5', { param: 'h', value: '5', reason: 'heads-do-not-divide', fallback: '4' }, 'numHeads', 4],
    ['h=0', { param: 'h', value: '0', reason: 'out-of-range', fallback: '4' }, 'numHeads', 4],
    ['h=32', { param: 'h', value: '32', reason: 'out-of-range', fallback: '4' }, 'numHeads', 4],
    ['layers=99', { param: 'layers', value: '99', reason: 'out-of-range', fallback: '2' }, 'numLayers', 2],
    ['layers=two', { param: 'layers', value: 'two', reason: 'invalid', fallback: '2' }, 'numLayers', 2],
    ['seed=-1', { param: 'seed', value: '-1', reason: 'out-of-range', fallback: '7' }, 'seed', 7],
    ['seed=4294967296', { param: 'seed', value: '4294967296', reason: 'out-of-range', fallback: '7' }, 'seed', 7],
    ['seed=99999999999999999999999', { param: 'seed', value: '99999999999999999999999', reason: 'out-of-range', fallback: '7' }, 'seed', 7],
    ['seed=1e3', { param: 'seed', value: '1e3', reason: 'invalid', fallback: '7' }, 'seed', 7],
    ['seed=', { param: 'seed', value: '', reason: 'invalid', fallback: '7' }, 'seed', 7],
    ['pe=yes', { param: 'pe', value: 'yes', reason: 'invalid', fallback: '1' }, 'positionalEncoding', true],
    ['mask=evil', { param: 'mask', value: 'evil', reason: 'invalid', fallback: 'none' }, 'maskMode', 'none'],
    ['page=admin', { param: 'page', value: 'admin', reason: 'invalid', fallback: 'lab' }, 'page', 'lab'],
    ['view=heat', { param: 'view', value: 'heat', reason: 'invalid', fallback: 'weights' }, 'matrixView', 'weights'],
    ['mask=__proto__', { param: 'mask', value: '__proto__', reason: 'invalid', fallback: 'none' }, 'maskMode', 'none'],
    ['head=9', { param: 'head', value: '9', reason: 'out-of-range', fallback: '0' }, 'selectedHead', 0],
    ['h=2&head=2', { param: 'head', value: '2', reason: 'out-of-range', fallback: '0' }, 'selectedHead', 0],
    ['head=average', { param: 'head', value: 'average', reason: 'invalid', fallback: '0' }, 'selectedHead', 0],
    ['layer=2', { param: 'layer', value: '2', reason: 'out-of-range', fallback: '0' }, 'selectedLayer', 0],
    ['pad=x', { param: 'pad', value: 'x', reason: 'invalid', fallback: '' }, 'paddingTokens', []],
    ['pad=1,,3', { param: 'pad', value: '1,,3', reason: 'invalid', fallback: '' }, 'paddingTokens', []],
    ['pad=1,512', { param: 'pad', value: '1,512', reason: 'out-of-range', fallback: '' }, 'paddingTokens', []],
    ['cells=1-2-3', { param: 'cells', value: '1-2-3', reason: 'invalid', fallback: '' }, 'customMask', []],
    ['cells=0-1,a-b', { param: 'cells', value: '0-1,a-b', reason: 'invalid', fallback: '' }, 'customMask', []],
    ['cells=0-600', { param: 'cells', value: '0-600', reason: 'out-of-range', fallback: '' }, 'customMask', []],
    ['off=0-4', { param: 'off', value: '0-4', reason: 'out-of-range', fallback: '' }, 'disabledHeads', []],
    ['off=2-0', { param: 'off', value: '2-0', reason: 'out-of-range', fallback: '' }, 'disabledHeads', []],
    ['off=0', { param: 'off', value: '0', reason: 'invalid', fallback: '' }, 'disabledHeads', []],
    ['off=-1-0', { param: 'off', value: '-1-0', reason: 'invalid', fallback: '' }, 'disabledHeads', []],
  ];

  it.each(cases)('%s', (query, notice, field, expected) => {
    const parsed = parseQuery(query);
    expect(parsed.notices).toEqual([notice]);
    expect(settingsFromQuery(query)[field]).toEqual(expected);
  });

  it('text over the length limit', () => {
    const long = 'x'.repeat(URL_LIMITS.maxTextLength + 1);
    const parsed = parseQuery(`text=${long}`);
    expect(parsed.notices).toEqual([{ param: 'text', value: long, reason: 'too-long', fallback: DEFAULT_SETTINGS.text }]);
    expect(settingsFromQuery(`text=${long}`).text).toBe(DEFAULT_SETTINGS.text);
    expect(settingsFromQuery(`text=${'x'.repeat(URL_LIMITS.maxTextLength)}`).text).toHaveLength(URL_LIMITS.maxTextLength);
  });

  it('a list with too many entries', () => {
    const many = Array.from({ length: URL_LIMITS.maxListEntries + 1 }, () => '1').join(',');
    expect(noticesFor(`pad=${many}`)).toEqual([{ param: 'pad', value: many, reason: 'too-long', fallback: '' }]);
  });

  it('an unknown language is refused; the locale stays unset', () => {
    const parsed = parseQuery('lang=fr');
    expect(parsed.locale).toBeUndefined();
    expect(parsed.notices).toEqual([{ param: 'lang', value: 'fr', reason: 'invalid', fallback: '' }]);
  });

  it('unknown parameter names are ignored, without a notice', () => {
    expect(parseQuery('foo=1&constructor=x&__proto__=y&d=16')).toEqual({ settings: { model: 'untrained', embedDim: 16 }, notices: [] });
  });

  it('a repeated parameter uses the first value and says so', () => {
    const parsed = parseQuery('d=16&d=64');
    expect(parsed.settings.embedDim).toBe(16);
    expect(parsed.notices).toEqual([{ param: 'd', value: '64', reason: 'repeated', fallback: '16' }]);
  });

  it('a bad width still gives heads that divide the width used: the nearest to those asked for (or to 4)', () => {
    expect(settingsFromQuery('d=abc&h=4')).toMatchObject({ embedDim: 32, numHeads: 4 });
    // 4 (the default) does not divide 6: the nearest head count that does is taken, as the settings panel does.
    expect(parseQuery('d=6')).toEqual({ settings: { model: 'untrained', embedDim: 6, numHeads: 3 }, notices: [] });
    expect(settingsFromQuery('d=7&h=2')).toMatchObject({ embedDim: 7, numHeads: 1 });
    expect(parseQuery('d=7&h=2').notices).toEqual([{ param: 'h', value: '2', reason: 'heads-do-not-divide', fallback: '1' }]);
    // 5 heads on width 24: 4 and 6 divide it and are equally near; the smaller wins.
    expect(parseQuery('d=24&h=5').notices).toEqual([{ param: 'h', value: '5', reason: 'heads-do-not-divide', fallback: '4' }]);
    expect(settingsFromQuery('d=17')).toMatchObject({ embedDim: 17, numHeads: 1 });
    // Out of range is not a near miss: the default (made to divide the width) is used.
    expect(parseQuery('d=24&h=99').notices).toEqual([{ param: 'h', value: '99', reason: 'out-of-range', fallback: '4' }]);
  });

  it('selection and ablations are checked against the model the link describes, not the default one', () => {
    expect(settingsFromQuery('layers=4&layer=3&h=8&head=7&off=3-7')).toMatchObject({ selectedLayer: 3, selectedHead: 7, disabledHeads: [{ layer: 3, head: 7 }] });
    expect(settingsFromQuery('layers=1')).toMatchObject({ numLayers: 1, selectedLayer: 0 });
    expect(settingsFromQuery('h=1')).toMatchObject({ numHeads: 1, selectedHead: 0 });
  });

  it('every bad value in one link: each field falls back on its own, the good ones are kept', () => {
    const parsed = parseQuery('text=ok&d=abc&h=5&layers=99&seed=-1&pe=2&mask=evil&pad=x&cells=1-2-3&off=9-9&layer=7&head=9&lang=xx');
    expect(parsed.notices.map((n) => n.param)).toEqual(['d', 'h', 'layers', 'seed', 'pe', 'mask', 'pad', 'cells', 'off', 'layer', 'head', 'lang']);
    expect({ ...DEFAULT_SETTINGS, ...parsed.settings }).toEqual({ ...DEFAULT_SETTINGS, text: 'ok' });
  });

  it('malformed percent-encoding does not throw', () => {
    expect(() => parseQuery('text=%E0%A4%A&d=%')).not.toThrow();
    expect(parseQuery('d=%').notices[0]).toMatchObject({ param: 'd', reason: 'invalid' });
  });
});

describe('user text from the URL is data only', () => {
  const payloads = ['<img src=x onerror=alert(1)>', 'javascript:alert(1)', '"><script>alert(1)</script>', "'; alert(1); //", '{{constructor.constructor("alert(1)")()}}'];

  it.each(payloads)('%s comes back verbatim as the text setting', (payload) => {
    const query = settingsToQuery({ ...DEFAULT_SETTINGS, text: payload });
    expect(query).not.toMatch(/[<>"' ]/);
    const parsed = parseQuery(query);
    expect(parsed.settings).toEqual({ text: payload });
    expect(parsed.notices).toEqual([]);
    // Also when typed into the address bar unencoded (URLSearchParams decodes; nothing is interpreted).
    expect(parseQuery(`text=${payload.replace(/&/g, '%26').replace(/#/g, '%23').replace(/\+/g, '%2B')}`).settings.text).toBe(payload);
  });
});
