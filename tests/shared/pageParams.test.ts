import { catalogs } from '../../src/i18n/catalog';
import { translate } from '../../src/i18n/translate';
import { noticeText } from '../../src/playground/components/PlaygroundNotices';
import { defaultLinkValues, defaultPlaygroundParams, PLAYGROUND_PARAMS, type PlaygroundLinkValues } from '../../src/playground/playgroundParams';
import { parsePlaygroundQuery, playgroundQuery, PLAYGROUND_PARAM_NAMES } from '../../src/playground/playgroundUrl';
import type { PlaygroundNotice } from '../../src/playground/types';
import { EMBED_PARAMS } from '../../src/shared/embedContract';
import { DEFAULT_EMBED_LINK_VALUES, EMBED_LINK_PARAMS, embedQuery, type EmbedLinkValues } from '../../src/shared/embedParams';
import { DEFAULT_LINK_VALUES, LAB_PARAMS, URL_PARAMS, type LabLinkValues } from '../../src/state/url/labParams';
import { DEFAULT_SETTINGS, type LabSettings } from '../../src/state/labStore';
import type { Locale } from '../../src/state/locale';
import type { ParamNotice, ParamTable, ValueReason } from '../../src/state/url/params';
import { parseQuery, settingsToQuery } from '../../src/state/url/urlState';
import { embedNoticeKey } from '../../src/widgets/EmbedNotices';
import { isEmbedNotice, parseEmbedQuery, type EmbedPageNotice } from '../../src/widgets/parseEmbedQuery';
import { cells, heads } from '../state/pairs';

/*
 * Every parameter of every page, table-driven: each one round-trips through the page's own writer and reader
 * (write → read gives the same values, no notices), and a bad value of each gives its reason code, the documented
 * fallback and a translated notice. The Records are keyed by the tables' fields, so a parameter added to a table
 * without a sample and a bad case does not compile.
 */

interface BadCase<T> {
  readonly query: string;
  readonly reason: ValueReason;
  /** The notice's fallback: what is used instead, as a link writes it. */
  readonly fallback: string;
  /** The value the page then uses. */
  readonly used: T;
}

interface PageCase<V, Notice extends ParamNotice> {
  readonly table: ParamTable<V, string>;
  readonly defaults: V;
  /** The page's own writer and reader (the functions the app calls). */
  readonly write: (values: V) => string;
  readonly read: (query: string) => { readonly values: V; readonly notices: readonly Notice[] };
  /** Whether a notice has a text in this language. */
  readonly translated: (notice: Notice, locale: Locale) => boolean;
  /** Values other than the default, per field: patches over the defaults (with what the value needs, e.g. a width). */
  readonly samples: { readonly [K in keyof V]-?: readonly (Pick<V, K> & Partial<V>)[] };
  readonly bad: { readonly [K in keyof V]-?: readonly BadCase<V[K]>[] };
}

function describePage<V, Notice extends ParamNotice>(name: string, page: PageCase<V, Notice>): void {
  describe(name, () => {
    const keys = Object.keys(page.table) as (keyof V)[];

    it.each(keys.flatMap((key) => page.samples[key].map((patch) => [page.table[key].name, JSON.stringify(patch), patch] as const)))(
      '%s round-trips %s',
      (_name, _shown, patch) => {
        const values = { ...page.defaults, ...patch };
        const back = page.read(page.write(values));
        expect(back.notices).toEqual([]);
        expect(back.values).toEqual(values);
      },
    );

    it.each(keys.flatMap((key) => page.bad[key].map((bad) => [bad.query, bad.reason, key, bad] as const)))('%s → %s, the documented fallback, a translated notice', (_query, _reason, key, bad) => {
      const back = page.read(bad.query);
      const name = page.table[key].name;
      expect(back.notices).toContainEqual({ param: name, value: expect.any(String), reason: bad.reason, fallback: bad.fallback });
      expect(back.notices.map((n) => n.param)).toEqual(back.notices.map(() => name));
      expect(back.values[key]).toEqual(bad.used);
      for (const locale of ['en', 'zh'] as const) for (const notice of back.notices) expect(page.translated(notice, locale), `${locale} ${notice.reason}`).toBe(true);
    });

    it('reads an empty link as the defaults, without notices', () => {
      expect(page.read('')).toEqual({ values: page.defaults, notices: [] });
    });
  });
}

const hasText = (key: string, locale: Locale): boolean => ((catalogs[locale] as Readonly<Record<string, string>>)[key] ?? '').trim() !== '';

const labSettings = ({ locale: _locale, ...settings }: LabLinkValues): LabSettings => settings;

type LabPage = PageCase<LabLinkValues, ParamNotice>;

const LAB_SAMPLES: LabPage['samples'] = {
  model: [{ model: 'untrained' }],
  text: [{ text: '' }, { text: 'The cat, sat' }, { text: "it's <b>&amp; 我 😀 a+b=c #x" }],
  embedDim: [{ embedDim: 16 }, { embedDim: 128 }, { embedDim: 6, numHeads: 3 }],
  numHeads: [{ numHeads: 1 }, { numHeads: 16 }, { numHeads: 3, embedDim: 48 }],
  numLayers: [{ numLayers: 1 }, { numLayers: 4 }],
  seed: [{ seed: 0 }, { seed: 0xffffffff }],
  positionalEncoding: [{ positionalEncoding: false }],
  maskMode: [{ maskMode: 'causal' }, { maskMode: 'padding' }, { maskMode: 'custom' }],
  paddingTokens: [{ paddingTokens: [1, 3] }, { paddingTokens: [511, 0] }],
  customMask: [{ customMask: cells([0, 1], [2, 3]) }, { customMask: cells([511, 511], [0, 0]) }],
  disabledHeads: [{ disabledHeads: heads([0, 1], [1, 3]) }, { numLayers: 4, numHeads: 8, disabledHeads: heads([3, 7]) }],
  causal: [{ causal: false }],
  predictAt: [{ predictAt: 0 }, { predictAt: 511 }],
  selectedLayer: [{ selectedLayer: 1 }],
  selectedHead: [{ selectedHead: 'average' }, { selectedHead: 3 }],
  matrixView: [{ matrixView: 'scores' }, { matrixView: 'scaled' }],
  page: [{ page: 'walkthrough' }],
  locale: [{ locale: 'en' }, { locale: 'zh' }],
};

const LAB_BAD: LabPage['bad'] = {
  model: [{ query: 'model=gpt4', reason: 'invalid', fallback: 'trained', used: 'trained' }],
  text: [{ query: `text=${'x'.repeat(2001)}`, reason: 'too-long', fallback: DEFAULT_SETTINGS.text, used: DEFAULT_SETTINGS.text }],
  embedDim: [
    { query: 'd=abc', reason: 'invalid', fallback: '32', used: 32 },
    { query: 'd=999', reason: 'out-of-range', fallback: '32', used: 32 },
  ],
  numHeads: [
    { query: 'h=5', reason: 'heads-do-not-divide', fallback: '4', used: 4 },
    { query: 'd=32&h=3', reason: 'heads-do-not-divide', fallback: '2', used: 2 },
    { query: 'h=0', reason: 'out-of-range', fallback: '4', used: 4 },
  ],
  numLayers: [{ query: 'layers=9', reason: 'out-of-range', fallback: '2', used: 2 }],
  seed: [{ query: 'seed=1e3', reason: 'invalid', fallback: '7', used: 7 }],
  positionalEncoding: [{ query: 'pe=yes', reason: 'invalid', fallback: '1', used: true }],
  maskMode: [{ query: 'mask=evil', reason: 'invalid', fallback: 'none', used: 'none' }],
  paddingTokens: [{ query: 'pad=1,,3', reason: 'invalid', fallback: '', used: [] }],
  customMask: [
    { query: 'cells=0-600', reason: 'out-of-range', fallback: '', used: [] },
    { query: `cells=${Array.from({ length: 10_001 }, () => '0-0').join(',')}`, reason: 'too-long', fallback: '', used: [] },
  ],
  disabledHeads: [{ query: 'off=0-4', reason: 'out-of-range', fallback: '', used: [] }],
  causal: [{ query: 'causal=maybe', reason: 'invalid', fallback: '1', used: true }],
  predictAt: [
    { query: 'at=-1', reason: 'out-of-range', fallback: '', used: null },
    { query: 'at=x', reason: 'invalid', fallback: '', used: null },
  ],
  selectedLayer: [{ query: 'layer=2', reason: 'out-of-range', fallback: '0', used: 0 }],
  selectedHead: [{ query: 'head=average', reason: 'invalid', fallback: '0', used: 0 }],
  matrixView: [{ query: 'view=heat', reason: 'invalid', fallback: 'weights', used: 'weights' }],
  page: [{ query: 'page=admin', reason: 'invalid', fallback: 'lab', used: 'lab' }],
  locale: [{ query: 'lang=fr', reason: 'invalid', fallback: '', used: undefined }],
};

describePage<LabLinkValues, ParamNotice>('the lab’s link', {
  table: LAB_PARAMS,
  defaults: DEFAULT_LINK_VALUES,
  write: (values) => settingsToQuery(labSettings(values), values.locale),
  read: (query) => {
    const { settings, locale, notices } = parseQuery(query);
    return { values: { ...DEFAULT_LINK_VALUES, ...settings, locale }, notices };
  },
  translated: (notice, locale) => hasText(`url.notice.${notice.reason}`, locale),
  samples: LAB_SAMPLES,
  bad: LAB_BAD,
});

// An embed link always names its language (the dialog's), so the page's defaults here carry one.
const EMBED_DEFAULTS: EmbedLinkValues = { ...DEFAULT_EMBED_LINK_VALUES, locale: 'en' };

describePage<EmbedLinkValues, EmbedPageNotice>('the embed’s link', {
  table: EMBED_LINK_PARAMS,
  defaults: EMBED_DEFAULTS,
  write: ({ widget, step, controls, locked, ...lab }) => embedQuery(labSettings(lab), lab.locale ?? 'en', { widget, step, controls, locked }),
  read: (query) => {
    const { settings, locale, options, notices } = parseEmbedQuery(query);
    return { values: { ...DEFAULT_LINK_VALUES, ...settings, locale: locale ?? EMBED_DEFAULTS.locale, ...options }, notices };
  },
  translated: (notice, locale) => hasText(isEmbedNotice(notice) ? embedNoticeKey(notice) : `url.notice.${notice.reason}`, locale),
  samples: {
    ...LAB_SAMPLES,
    locale: [{ locale: 'zh' }],
    widget: [{ widget: 'heads-grid' }, { widget: 'walkthrough-step' }, { widget: 'sqrt-dk' }],
    step: [{ widget: 'walkthrough-step', step: 'ffn' }],
    controls: [{ controls: ['text', 'mask'] }, { controls: ['settings', 'heads', 'mask', 'text'] }],
    locked: [{ controls: ['text', 'heads'], locked: ['heads'] }],
  },
  bad: {
    ...LAB_BAD,
    locale: [{ query: 'lang=fr', reason: 'invalid', fallback: '', used: 'en' }],
    widget: [{ query: 'widget=nope', reason: 'invalid', fallback: 'heatmap', used: 'heatmap' }],
    step: [{ query: 'step=softmaxx', reason: 'invalid', fallback: 'softmax', used: 'softmax' }],
    controls: [{ query: 'controls=text,foo', reason: 'invalid', fallback: '', used: ['text'] }],
    locked: [{ query: 'controls=text&lock=mask', reason: 'out-of-range', fallback: '', used: [] }],
  },
});

const REVERSAL = defaultLinkValues('reversal');

describePage<PlaygroundLinkValues, PlaygroundNotice>('the playground’s link', {
  table: PLAYGROUND_PARAMS,
  defaults: REVERSAL,
  write: ({ input, ...params }) => playgroundQuery(params, input),
  read: (query) => {
    const { params, input, notices } = parsePlaygroundQuery(query);
    return { values: { ...params, input }, notices };
  },
  translated: (notice, locale) => {
    const text = noticeText((key, params) => translate(locale, key, params), notice, defaultPlaygroundParams());
    return text.trim() !== '' && !/\{\w+\}/.test(text);
  },
  samples: {
    task: [{ task: 'copy' }, { ...defaultLinkValues('sort') }, { ...defaultLinkValues('induction') }, { task: 'induction' }],
    layers: [{ layers: 4 }],
    heads: [{ heads: 8 }, { width: 24, heads: 3 }],
    width: [{ width: 4 }, { width: 128 }],
    learningRate: [{ learningRate: 1e-5 }, { learningRate: 1 }, { learningRate: 0.003 }],
    seed: [{ seed: 0 }, { seed: 0xffffffff }],
    causal: [{ causal: true }],
    input: [{ input: [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3] }],
  },
  bad: {
    task: [{ query: 'task=nope', reason: 'invalid', fallback: 'reversal', used: 'reversal' }],
    layers: [{ query: 'layers=1.5', reason: 'invalid', fallback: '1', used: 1 }],
    heads: [
      { query: 'heads=3', reason: 'heads-do-not-divide', fallback: '2', used: 2 },
      { query: 'heads=9', reason: 'out-of-range', fallback: '1', used: 1 },
    ],
    width: [{ query: 'width=200', reason: 'out-of-range', fallback: '32', used: 32 }],
    learningRate: [{ query: 'lr=abc', reason: 'invalid', fallback: '0.01', used: 0.01 }],
    seed: [{ query: 'seed=-1', reason: 'out-of-range', fallback: '1', used: 1 }, { query: 'seed=2&seed=3&seed=-1', reason: 'repeated', fallback: '2', used: 2 }],
    causal: [{ query: 'causal=yes', reason: 'invalid', fallback: '0', used: false }],
    input: [{ query: 'input=123', reason: 'invalid', fallback: '', used: null }],
  },
});

describe('the tables and the parameter lists the interface documents', () => {
  const names = <V>(table: ParamTable<V, string>): string[] => (Object.keys(table) as (keyof V)[]).map((key) => table[key].name);

  it('name the parameters in link order', () => {
    expect(names(LAB_PARAMS)).toEqual([...URL_PARAMS]);
    expect(names(EMBED_LINK_PARAMS)).toEqual([...URL_PARAMS, ...EMBED_PARAMS]);
    expect(PLAYGROUND_PARAM_NAMES).toEqual(['task', 'layers', 'heads', 'width', 'lr', 'seed', 'causal', 'input']);
  });

  it('the embed reuses the lab’s own entries', () => {
    for (const key of Object.keys(LAB_PARAMS) as (keyof LabLinkValues)[]) expect(EMBED_LINK_PARAMS[key]).toBe(LAB_PARAMS[key]);
  });
});
