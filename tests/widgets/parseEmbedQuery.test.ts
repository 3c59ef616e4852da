import fc from 'fast-check';
import { DEFAULT_SETTINGS } from '../../src/state/labStore';
import { URL_LIMITS } from '../../src/state/url/urlState';
import { DEFAULT_EMBED_OPTIONS, type EmbedOptions } from '../../src/shared/embedContract';
import { embedQuery } from '../../src/shared/embedParams';
import { isEmbedNotice, parseEmbedQuery, type EmbedNotice } from '../../src/widgets/parseEmbedQuery';
import { anyOptions, validSettings } from './arbitraries';

const embedNotices = (query: string): EmbedNotice[] => parseEmbedQuery(query).notices.filter(isEmbedNotice);

/** What embedQuery promises to carry: the step only for walkthrough-step, locks only of shown controls. */
function carried(o: EmbedOptions): EmbedOptions {
  return {
    widget: o.widget,
    step: o.widget === 'walkthrough-step' ? o.step : DEFAULT_EMBED_OPTIONS.step,
    controls: o.controls,
    locked: o.locked.filter((c) => o.controls.includes(c)),
  };
}

describe('parseEmbedQuery', () => {
  it('reads an empty query as the defaults, without notices', () => {
    for (const query of ['', '?']) {
      const parsed = parseEmbedQuery(query);
      expect(parsed.options).toEqual(DEFAULT_EMBED_OPTIONS);
      expect(parsed.settings).toEqual({});
      expect(parsed.locale).toBeUndefined();
      expect(parsed.notices).toEqual([]);
    }
  });

  it('reads the example link of the contract', () => {
    const parsed = parseEmbedQuery('?widget=heatmap&text=The+cat+sat&h=2&mask=causal&controls=text,mask&lock=text');
    // h=2 without model= is a link made for the untrained encoder (the only model with a head count to set).
    expect(parsed.settings).toEqual({ model: 'untrained', text: 'The cat sat', numHeads: 2, maskMode: 'causal' });
    expect(parsed.options).toEqual({ widget: 'heatmap', step: 'softmax', controls: ['text', 'mask'], locked: ['text'] });
    expect(parsed.notices).toEqual([]);
  });

  it('round-trips any settings, locale and options through embedQuery, without notices', () => {
    fc.assert(
      fc.property(validSettings, fc.constantFrom('en' as const, 'zh' as const), anyOptions, (settings, locale, options) => {
        const parsed = parseEmbedQuery(embedQuery(settings, locale, options));
        expect(parsed.notices).toEqual([]);
        expect({ ...DEFAULT_SETTINGS, ...parsed.settings }).toEqual(settings);
        expect(parsed.locale).toBe(locale);
        expect(parsed.options).toEqual(carried(options));
        // A leading '?' (window.location.search) reads the same.
        expect(parseEmbedQuery(`?${embedQuery(settings, locale, options)}`).options).toEqual(carried(options));
      }),
      { numRuns: 400 },
    );
  });

  it('keeps the lab’s own notices (first) next to the embed’s', () => {
    const parsed = parseEmbedQuery('d=abc&widget=nope');
    expect(parsed.notices).toEqual([
      { param: 'd', value: 'abc', reason: 'invalid', fallback: '32' },
      { param: 'widget', value: 'nope', reason: 'invalid', fallback: 'heatmap' },
    ]);
    expect(parsed.notices.map(isEmbedNotice)).toEqual([false, true]);
    expect(parsed.settings.embedDim).toBe(32);
  });

  it('an unknown widget falls back to the default widget with a notice', () => {
    for (const value of ['nope', '', 'HEATMAP', 'heatmap ', '<img src=x onerror=alert(1)>']) {
      const parsed = parseEmbedQuery(`widget=${encodeURIComponent(value)}`);
      expect(parsed.options.widget).toBe('heatmap');
      expect(parsed.notices).toEqual([{ param: 'widget', value, reason: 'invalid', fallback: 'heatmap' }]);
    }
  });

  it('an unknown step falls back to softmax with a notice', () => {
    const parsed = parseEmbedQuery('widget=walkthrough-step&step=softmaxx');
    expect(parsed.options).toMatchObject({ widget: 'walkthrough-step', step: 'softmax' });
    expect(parsed.notices).toEqual([{ param: 'step', value: 'softmaxx', reason: 'invalid', fallback: 'softmax' }]);
    expect(parseEmbedQuery('widget=walkthrough-step&step=ffn').options.step).toBe('ffn');
  });

  it('drops unknown control ids with one notice, keeps the known ones in the link’s order', () => {
    const parsed = parseEmbedQuery('controls=settings,foo,text,<b>,foo');
    expect(parsed.options.controls).toEqual(['settings', 'text']);
    expect(parsed.notices).toEqual([{ param: 'controls', value: 'foo,<b>', reason: 'invalid', fallback: '' }]);
  });

  it('reads none, blanks, spaces around ids and repeated ids quietly', () => {
    expect(parseEmbedQuery('controls=none').options.controls).toEqual([]);
    expect(parseEmbedQuery('controls=').options.controls).toEqual([]);
    const parsed = parseEmbedQuery('controls=text,+mask,,text&lock=none');
    expect(parsed.options.controls).toEqual(['text', 'mask']);
    expect(parsed.options.locked).toEqual([]);
    expect(parsed.notices).toEqual([]);
  });

  it('ignores locks of controls that are not shown, and unknown locks, each with a notice', () => {
    const parsed = parseEmbedQuery('controls=text,heads&lock=heads,mask,bogus,settings');
    expect(parsed.options.locked).toEqual(['heads']);
    expect(parsed.notices).toEqual([
      { param: 'lock', value: 'bogus', reason: 'invalid', fallback: '' },
      { param: 'lock', value: 'mask,settings', reason: 'out-of-range', fallback: '' },
    ]);
    // No controls at all: nothing can be locked.
    expect(parseEmbedQuery('lock=text').options.locked).toEqual([]);
    expect(embedNotices('lock=text')).toEqual([{ param: 'lock', value: 'text', reason: 'out-of-range', fallback: '' }]);
  });

  it('uses the first of repeated embed parameters, with a notice', () => {
    const parsed = parseEmbedQuery('widget=head-view&widget=residual&widget=sqrt-dk&controls=text&controls=mask&lock=text&lock=');
    expect(parsed.options).toMatchObject({ widget: 'head-view', controls: ['text'], locked: ['text'] });
    expect(parsed.notices).toEqual([
      { param: 'widget', value: 'residual, sqrt-dk', reason: 'repeated', fallback: 'head-view' },
      { param: 'controls', value: 'mask', reason: 'repeated', fallback: 'text' },
      { param: 'lock', value: '', reason: 'repeated', fallback: 'text' },
    ]);
  });

  it('a huge control list costs one notice, not one per entry', () => {
    const parsed = parseEmbedQuery(`controls=${Array.from({ length: URL_LIMITS.maxListEntries + 50 }, (_, i) => `x${i % 3}`).join(',')},text`);
    expect(parsed.notices).toHaveLength(1);
    expect(parsed.notices[0]).toMatchObject({ param: 'controls', value: 'x0,x1,x2' });
  });

  it('takes the lab’s text as data: markup and script URLs stay plain text', () => {
    const parsed = parseEmbedQuery(`text=${encodeURIComponent('<img src=x onerror=alert(1)>')}&widget=heatmap`);
    expect(parsed.settings.text).toBe('<img src=x onerror=alert(1)>');
    expect(parseEmbedQuery('text=javascript:alert(1)').settings.text).toBe('javascript:alert(1)');
  });
});
