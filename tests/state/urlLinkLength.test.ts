import fc from 'fast-check';
import { useUi } from '../../src/state/uiStore';
import { DEFAULT_SETTINGS, useLab, type LabSettings } from '../../src/state/labStore';
import { describeCut } from '../../src/state/url/linkCut';
import { URL_BUDGET } from '../../src/state/url/urlBudget';
import { fitLinkSettings, parseQuery, settingsFromQuery, settingsToQuery, URL_LIMITS, wellFormed } from '../../src/state/url/urlState';
import { currentShareUrl, initUrlSync, URL_WRITE_DELAY_MS, useUrlNotices } from '../../src/state/url/urlSync';
import { keepsWholeText } from './keepsWholeText';
import { allCells, cells } from './pairs';

/** What common servers accept for a whole request line; every link the app writes stays under it. */
const MAX_LINK = 8192;
const CHINESE_1999 = '注意力'.repeat(667).slice(0, 1999);
const CHINESE_2000 = '我'.repeat(2000);
const HEAVY: LabSettings = { ...DEFAULT_SETTINGS, text: CHINESE_2000, maskMode: 'custom', customMask: allCells(URL_LIMITS.maxListEntries) };
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

let stop: (() => void) | undefined;
beforeEach(() => {
  vi.useFakeTimers();
  useLab.setState(DEFAULT_SETTINGS);
  useUi.setState({ locale: 'en' });
  useUrlNotices.setState({ notices: [] });
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
});

describe('links stay under 8 KB, measured encoded', () => {
  it('the whole-link budget is 8,192 characters, and the settings’ share leaves room for origin, path, embed options and hash', () => {
    expect(URL_BUDGET.maxLinkLength).toBe(MAX_LINK);
    expect(URL_BUDGET.maxQueryLength + 120 + URL_BUDGET.maxHashLength).toBeLessThan(MAX_LINK - 200);
  });

  it('1,999 Chinese characters (18,000 encoded) give a short link that keeps the 512 characters the lab reads', () => {
    const query = settingsToQuery({ ...DEFAULT_SETTINGS, text: CHINESE_1999 }, 'zh');
    expect(query.length).toBeLessThanOrEqual(URL_BUDGET.maxQueryLength);
    const parsed = parseQuery(query);
    expect(parsed.notices).toEqual([]);
    expect(parsed.settings.text).toBe(CHINESE_1999.slice(0, 512));
    expect(keepsWholeText(CHINESE_1999)).toBe(false);
    expect(keepsWholeText('a'.repeat(URL_LIMITS.maxTextLength))).toBe(true);
  });

  it('the address bar and the share link stay under 8 KB with 2,000 Chinese characters and a 10,000-cell mask', () => {
    stop = initUrlSync();
    useLab.getState().set(HEAVY);
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS);
    expect(window.location.href.length).toBeLessThanOrEqual(MAX_LINK);
    expect(currentShareUrl().length).toBeLessThanOrEqual(MAX_LINK);
    // The link is still valid: it reads back without notices, to the text the lab reads and the first cells.
    const parsed = parseQuery(window.location.search);
    expect(parsed.notices).toEqual([]);
    const read = settingsFromQuery(window.location.search);
    expect(read.maskMode).toBe('custom');
    expect(read.text).toBe('我'.repeat(512));
    expect(read.customMask.length).toBeGreaterThan(100);
    expect(read.customMask).toEqual(HEAVY.customMask.slice(0, read.customMask.length));
    expect(describeCut(HEAVY, fitLinkSettings(HEAVY, 'en'))).toEqual([
      { part: 'text', kept: 512, total: 2000 },
      { part: 'cells', kept: read.customMask.length, total: URL_LIMITS.maxListEntries },
    ]);
  });

  it('short links are written exactly as before: nothing is cut', () => {
    const settings = { ...DEFAULT_SETTINGS, text: 'The cat sat', maskMode: 'custom' as const, customMask: cells([0, 1], [2, 3]) };
    expect(fitLinkSettings(settings, 'en')).toBe(settings);
    expect(settingsToQuery(settings, 'en')).toBe('text=The+cat+sat&mask=custom&cells=0-1,2-3&lang=en');
    expect(describeCut(settings, fitLinkSettings(settings, 'en'))).toEqual([]);
  });
});

describe('what is cut first', () => {
  it('mask lists of a mode that is not chosen go before anything the view uses', () => {
    const settings = { ...DEFAULT_SETTINGS, text: 'The cat sat', maskMode: 'causal' as const, customMask: allCells(10_000), paddingTokens: [1] };
    const sent = fitLinkSettings(settings, 'en');
    expect(sent).toMatchObject({ text: 'The cat sat', maskMode: 'causal', customMask: [], paddingTokens: [] });
    expect(describeCut(settings, sent)).toEqual([
      { part: 'cells', kept: 0, total: 10_000 },
      { part: 'pad', kept: 0, total: 1 },
    ]);
  });

  it('cells past the last token go before cells inside the sentence', () => {
    const settings = { ...DEFAULT_SETTINGS, text: 'a b c', maskMode: 'custom' as const, customMask: allCells(10_000) };
    expect(fitLinkSettings(settings, 'en').customMask).toEqual(cells([0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2], [2, 0], [2, 1], [2, 2]));
  });

  it('the text keeps priority over the mask: mask cells are cut before the text', () => {
    const text = 'яяяяяяяяя '.repeat(120).trim(); // 120 tokens, about 6,600 encoded characters
    const settings = { ...DEFAULT_SETTINGS, text, maskMode: 'custom' as const, customMask: allCells(10_000) };
    const sent = fitLinkSettings(settings, 'en');
    expect(sent.text).toBe(text);
    expect(sent.customMask.length).toBeGreaterThan(0);
    expect(sent.customMask).toEqual(settings.customMask.filter((c) => c.query < 120 && c.key < 120).slice(0, sent.customMask.length));
    expect(settingsToQuery(settings).length).toBeLessThanOrEqual(URL_BUDGET.maxQueryLength);
  });

  it('a text too long even alone is cut by its encoded size, at a character boundary', () => {
    const text = 'я'.repeat(URL_LIMITS.maxTextLength); // 12,000 encoded characters in one token
    const query = settingsToQuery({ ...DEFAULT_SETTINGS, text });
    expect(query.length).toBeLessThanOrEqual(URL_BUDGET.maxQueryLength);
    const kept = settingsFromQuery(query).text;
    expect(kept.length).toBeGreaterThan(1000);
    expect(text.startsWith(kept)).toBe(true);
  });

  it('never splits a surrogate pair (or an emoji sequence)', () => {
    for (const unit of ['𝒜', '👩‍👩‍👧']) {
      const text = unit.repeat(Math.floor(URL_LIMITS.maxTextLength / unit.length));
      const query = settingsToQuery({ ...DEFAULT_SETTINGS, text });
      expect(query.length).toBeLessThanOrEqual(URL_BUDGET.maxQueryLength);
      const kept = settingsFromQuery(query).text;
      expect(kept.length).toBeGreaterThan(0);
      expect(kept).not.toMatch(LONE_SURROGATE);
      expect(kept.length % unit.length).toBe(0);
      expect(text.startsWith(kept)).toBe(true);
    }
  });

  it('any settings, however large, give a valid link within the budget that keeps part of each of them', () => {
    const unit = fc.constantFrom('我', 'a', ' ', '😀', '👩‍👩‍👧', '&', '"', 'я', 'e\u0301', '\uD800');
    const cell = fc.tuple(fc.nat(URL_LIMITS.maxTokenIndex), fc.nat(URL_LIMITS.maxTokenIndex));
    const sameCell = (a: readonly [number, number], b: readonly [number, number]) => a[0] === b[0] && a[1] === b[1];
    fc.assert(
      fc.property(
        fc.array(unit, { maxLength: 1200, size: 'max' }).map((u) => u.join('').slice(0, URL_LIMITS.maxTextLength)),
        fc.uniqueArray(cell, { maxLength: 3000, size: 'max', comparator: sameCell }).map((pairs) => cells(...pairs)),
        fc.uniqueArray(fc.nat(URL_LIMITS.maxTokenIndex), { maxLength: 512, size: 'max' }),
        fc.constantFrom('custom' as const, 'padding' as const),
        (text, customMask, paddingTokens, maskMode) => {
          const settings = { ...DEFAULT_SETTINGS, text, customMask, paddingTokens, maskMode };
          const query = settingsToQuery(settings, 'zh');
          expect(query.length).toBeLessThanOrEqual(URL_BUDGET.maxQueryLength);
          const parsed = parseQuery(query);
          expect(parsed.notices).toEqual([]);
          const read = { ...DEFAULT_SETTINGS, ...parsed.settings };
          expect(read.text).not.toMatch(LONE_SURROGATE);
          expect(wellFormed(text).startsWith(read.text) || read.text === DEFAULT_SETTINGS.text).toBe(true);
          expect(customMask).toEqual(expect.arrayContaining([...read.customMask]));
          expect(paddingTokens).toEqual(expect.arrayContaining([...read.paddingTokens]));
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('parameters that are not the lab’s', () => {
  it('an unknown 100 KB parameter leaves the address bar and the share link, with a notice', () => {
    const big = 'z'.repeat(100_000);
    window.history.replaceState(null, '', `/?d=16&zzz=${big}`);
    stop = initUrlSync();
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS);
    expect(window.location.search).toBe('?d=16&lang=en');
    expect(currentShareUrl()).toBe(`${window.location.origin}/?d=16&lang=en`);
    expect(useUrlNotices.getState().notices).toEqual([{ param: 'zzz', value: big, reason: 'unknown', fallback: '' }]);
  });

  it('one notice per name, at most five, then a count of the rest', () => {
    window.history.replaceState(null, '', '/?a=1&a=2&b=&c=3&d=16&e=4&f=5&g=6&h=2&i=7');
    stop = initUrlSync();
    expect(useUrlNotices.getState().notices).toEqual([
      { param: 'a', value: '1', reason: 'unknown', fallback: '' },
      { param: 'b', value: '', reason: 'unknown', fallback: '' },
      { param: 'c', value: '3', reason: 'unknown', fallback: '' },
      { param: 'e', value: '4', reason: 'unknown', fallback: '' },
      { param: 'f', value: '5', reason: 'unknown', fallback: '' },
      { param: '', value: '2', reason: 'unknown-more', fallback: '' },
    ]);
    vi.advanceTimersByTime(URL_WRITE_DELAY_MS);
    expect(window.location.search).toBe('?d=16&h=2&lang=en');
  });

  it('a pasted hash longer than any the app writes (a 100 KB lesson name) stays out of the share link', () => {
    window.history.replaceState(null, '', `/?seed=3#/lessons/${'x'.repeat(100_000)}`);
    stop = initUrlSync();
    expect(currentShareUrl()).toBe(`${window.location.origin}/?seed=3&lang=en`);
    window.history.replaceState(null, '', '/?seed=3#/lessons/masking');
    expect(currentShareUrl()).toBe(`${window.location.origin}/?seed=3&lang=en#/lessons/masking`);
  });
});
