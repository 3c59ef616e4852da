import { MAX_TOKENS } from '../engine';
import { isLocale, type Locale } from './locale';
import { DEFAULT_SETTINGS, LAB_PAGES, MATRIX_VIEWS, type HeadChoice, type LabPage, type LabSettings, type MaskMode, type MatrixView } from './labStore';
import { URL_BUDGET } from './urlBudget';
import { fitSettings } from './urlFit';

/*
 * Every setting in the query string, TensorFlow Playground style: a shared link reproduces the view.
 *
 *   ?text=The+cat&d=32&h=4&layers=2&seed=7&pe=0&mask=causal&pad=1,3&cells=0-1,2-3&off=0-1&layer=0&head=avg&lang=zh
 *
 * Only values that differ from DEFAULT_SETTINGS are written (short links); `lang` is always written when given,
 * because the interface language has no fixed default (it follows the browser). A link never outgrows
 * URL_BUDGET.maxQueryLength encoded characters: longer settings are shortened first (src/state/urlFit.ts says what
 * goes first; src/state/linkCut.ts describes it for the interface). Reading validates every value:
 * anything unreadable or out of range falls back to the default for that field and yields a notice, so a broken
 * or hostile link still opens a working lab. The text is data only — it is never parsed as markup.
 */

/** Limits of what a link may ask for. They match the largest choices the settings panel offers. */
export const URL_LIMITS = {
  /**
   * Longest text (UTF-16 code units) a link carries; longer text is cut when written, refused when read. Links are
   * also held to URL_BUDGET (encoded size), which can cut a text sooner: 2,000 Chinese characters take 18,000.
   */
  maxTextLength: 2000,
  maxEmbedDim: 128,
  maxHeads: 16,
  maxLayers: 4,
  /** mulberry32 reads the seed as an unsigned 32-bit integer. */
  maxSeed: 0xffffffff,
  /** Token indices in pad / cells are below the engine's token limit. */
  maxTokenIndex: MAX_TOKENS - 1,
  /** Most entries in one list parameter (pad, cells, off). */
  maxListEntries: 10_000,
} as const;

/** The short names, in the order they are written. */
export const URL_PARAMS = ['text', 'd', 'h', 'layers', 'seed', 'pe', 'mask', 'pad', 'cells', 'off', 'layer', 'head', 'view', 'page', 'lang'] as const;
export type UrlParam = (typeof URL_PARAMS)[number];

export type UrlNoticeReason =
  /** Not readable as this parameter's type (d=abc, mask=evil, cells=1-2-3). */
  | 'invalid'
  /** Readable but outside the allowed range (layers=99, seed=-1, head=9 with 4 heads). */
  | 'out-of-range'
  /** h does not divide d. */
  | 'heads-do-not-divide'
  /** text longer than URL_LIMITS.maxTextLength, or a list with too many entries. */
  | 'too-long'
  /** The parameter appears more than once; the first occurrence is used. */
  | 'repeated';

/** Why a parameter that is not the lab's was left out of the address (src/state/urlUnknown.ts). */
export type UnknownParamReason =
  /** Not a lab parameter: `param` is the name the link used, `value` its (first) value. */
  | 'unknown'
  /** More unknown parameters than are listed one by one: `value` is how many more (digits). */
  | 'unknown-more';

/** A value from the link that was not used. Typed so the interface can translate it; `value` is raw user data. */
export interface LabParamNotice {
  readonly param: UrlParam;
  /** The offending value exactly as it was in the link (decoded). Render as text only. */
  readonly value: string;
  readonly reason: UrlNoticeReason;
  /** What is used instead, serialised as it would be in a link ('' for an empty list). */
  readonly fallback: string;
}

/** A parameter the lab does not know, dropped from the address and from shared links. */
export interface UnknownParamNotice {
  /** The name as it was in the link (raw user data: render as text, cut short); '' for 'unknown-more'. */
  readonly param: string;
  readonly value: string;
  readonly reason: UnknownParamReason;
  readonly fallback: '';
}

export type UrlNotice = LabParamNotice | UnknownParamNotice;

export interface ParsedQuery {
  /** The fields the link sets validly (or their fallbacks when a value was refused). Absent = not in the link. */
  readonly settings: Partial<LabSettings>;
  readonly locale?: Locale;
  readonly notices: readonly UrlNotice[];
}

const MASK_MODES: readonly MaskMode[] = ['none', 'causal', 'padding', 'custom'];
const OWN = new Set<string>(URL_PARAMS);

/** True for the parameter names this module reads and writes. */
export function isUrlStateParam(name: string): boolean {
  return OWN.has(name);
}

// ——— writing ———

/** Lone surrogates cannot be percent-encoded (encodeURIComponent throws): replace them with U+FFFD. */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function clipText(text: string): string {
  if (text.length <= URL_LIMITS.maxTextLength) return text;
  let end = URL_LIMITS.maxTextLength;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1; // do not split a surrogate pair
  return text.slice(0, end);
}

/**
 * Readable encoding: spaces as '+', commas left as they are (they separate list entries). Apostrophes are
 * escaped too, so a copied link can sit inside a quoted HTML attribute of an instructor's page.
 */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+').replace(/%2C/gi, ',').replace(/'/g, '%27');
}

type Writers = { readonly [P in Exclude<UrlParam, 'lang'>]: (s: LabSettings) => string };

function headsInModel(s: Pick<LabSettings, 'disabledHeads' | 'numLayers' | 'numHeads'>): string[] {
  return s.disabledHeads.filter((key) => {
    const pair = parsePair(key);
    return pair !== null && pair[0] < s.numLayers && pair[1] < s.numHeads;
  });
}

const WRITERS: Writers = {
  text: (s) => wellFormed(clipText(s.text)),
  d: (s) => String(s.embedDim),
  h: (s) => String(s.numHeads),
  layers: (s) => String(s.numLayers),
  seed: (s) => String(s.seed),
  pe: (s) => (s.positionalEncoding ? '1' : '0'),
  mask: (s) => s.maskMode,
  pad: (s) => s.paddingTokens.join(','),
  cells: (s) => s.customMask.join(','),
  // Heads beyond the model (left over after the head count was lowered) change nothing; they are not shared.
  off: (s) => headsInModel(s).join(','),
  layer: (s) => String(s.selectedLayer),
  head: (s) => headToString(s.selectedHead),
  view: (s) => s.matrixView,
  page: (s) => s.page,
};

function headToString(head: HeadChoice): string {
  return head === 'average' ? 'avg' : String(head);
}

/** The query for exactly these settings, whatever its length (the text is only held to maxTextLength). */
function writeQuery(settings: LabSettings, locale?: Locale): string {
  const parts: string[] = [];
  for (const param of URL_PARAMS) {
    if (param === 'lang') continue;
    const value = WRITERS[param](settings);
    if (value !== WRITERS[param](DEFAULT_SETTINGS)) parts.push(`${param}=${encodeValue(value)}`);
  }
  if (locale) parts.push(`lang=${locale}`);
  return parts.join('&');
}

/**
 * The settings a link carries: the text held to URL_LIMITS.maxTextLength, then shortened (fitSettings) until the
 * encoded query is at most `budget` characters. Equal to `settings` (same object) when they fit as they are;
 * describeCut(settings, result) says what was left out.
 */
export function fitLinkSettings(settings: LabSettings, locale?: Locale, budget: number = URL_BUDGET.maxQueryLength): LabSettings {
  const text = clipText(settings.text);
  const held = text === settings.text ? settings : { ...settings, text };
  return fitSettings(held, (s) => writeQuery(s, locale).length, budget);
}

/**
 * The settings as a query string without the leading '?': only the fields that differ from the defaults, plus
 * `lang` when a locale is given, at most URL_BUDGET.maxQueryLength characters (fitLinkSettings).
 * parseQuery(settingsToQuery(s, l)) gives back s and l for any valid settings that fit.
 */
export function settingsToQuery(settings: LabSettings, locale?: Locale): string {
  return writeQuery(fitLinkSettings(settings, locale), locale);
}

// ——— reading ———

const INDEX = /^\d{1,10}$/;

/** A non-negative whole number written in plain decimal digits, or null ("", "1e3", "+2", "3.0", " 4" are not). */
function parseIndex(raw: string): number | null {
  return INDEX.test(raw) ? Number(raw) : null;
}

/** "a-b" with two plain non-negative integers, or null. */
function parsePair(raw: string): [number, number] | null {
  const parts = raw.split('-');
  if (parts.length !== 2) return null;
  const a = parseIndex(parts[0]);
  const b = parseIndex(parts[1]);
  return a === null || b === null ? null : [a, b];
}

/** The largest head count up to the limit that divides the width (what the settings panel picks too). */
export function fallbackHeads(embedDim: number, preferred: number = DEFAULT_SETTINGS.numHeads): number {
  if (embedDim % preferred === 0 && preferred <= URL_LIMITS.maxHeads) return preferred;
  for (let h = Math.min(embedDim, URL_LIMITS.maxHeads); h > 1; h--) if (embedDim % h === 0) return h;
  return 1;
}

type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: UrlNoticeReason };
const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
const fail = (reason: UrlNoticeReason): Outcome<never> => ({ ok: false, reason });

function integerIn(raw: string, min: number, max: number): Outcome<number> {
  if (/^-\d+$/.test(raw)) return fail('out-of-range');
  const n = INDEX.test(raw) ? Number(raw) : /^\d+$/.test(raw) ? Infinity : null;
  if (n === null) return fail('invalid');
  return n >= min && n <= max ? ok(n) : fail('out-of-range');
}

/** A comma-separated list; '' is the empty list. Duplicates are dropped, order is kept. */
function listOf<T>(raw: string, item: (entry: string) => Outcome<T>, keyOf: (value: T) => string): Outcome<T[]> {
  if (raw === '') return ok([]);
  const entries = raw.split(',');
  if (entries.length > URL_LIMITS.maxListEntries) return fail('too-long');
  const seen = new Set<string>();
  const out: T[] = [];
  for (const entry of entries) {
    const parsed = item(entry);
    if (!parsed.ok) return parsed;
    const key = keyOf(parsed.value);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(parsed.value);
    }
  }
  return ok(out);
}

function pairWithin(raw: string, maxA: number, maxB: number): Outcome<string> {
  const pair = parsePair(raw);
  if (pair === null) return fail('invalid');
  return pair[0] <= maxA && pair[1] <= maxB ? ok(`${pair[0]}-${pair[1]}`) : fail('out-of-range');
}

/**
 * Reads a query string (with or without '?'). Every known parameter is validated; a refused value falls back to
 * the default of its field (or a value consistent with the other fields, e.g. a head count that divides the
 * width) and is reported as a notice. Unknown parameters are ignored here, without a notice: an embed link
 * carries its own (widget, step, …). The lab page reports and drops them itself (src/state/urlUnknown.ts).
 */
export function parseQuery(query: string): ParsedQuery {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const settings: { -readonly [K in keyof LabSettings]?: LabSettings[K] } = {};
  const notices: UrlNotice[] = [];

  /** The first value of a parameter, or undefined when absent (repeats are noted). */
  const raw = (param: UrlParam): string | undefined => {
    const all = params.getAll(param);
    if (all.length > 1) notices.push({ param, value: all.slice(1).join(', '), reason: 'repeated', fallback: all[0] });
    return all[0];
  };
  /** Validates one parameter; on refusal notes it and returns the fallback. */
  const read = <T>(param: UrlParam, validate: (value: string) => Outcome<T>, fallback: T, show: (value: T) => string): T | undefined => {
    const value = raw(param);
    if (value === undefined) return undefined;
    const result = validate(value);
    if (result.ok) return result.value;
    notices.push({ param, value, reason: result.reason, fallback: show(fallback) });
    return fallback;
  };
  const assign = <K extends keyof LabSettings>(key: K, value: LabSettings[K] | undefined): void => {
    if (value !== undefined) settings[key] = value;
  };

  assign(
    'text',
    read('text', (v) => (v.length <= URL_LIMITS.maxTextLength ? ok(v) : fail('too-long')), DEFAULT_SETTINGS.text, String),
  );

  const embedDim = read('d', (v) => integerIn(v, 1, URL_LIMITS.maxEmbedDim), DEFAULT_SETTINGS.embedDim, String);
  assign('embedDim', embedDim);
  const width = embedDim ?? DEFAULT_SETTINGS.embedDim;

  let numHeads = read(
    'h',
    (v) => {
      const n = integerIn(v, 1, URL_LIMITS.maxHeads);
      return n.ok && width % n.value !== 0 ? fail('heads-do-not-divide') : n;
    },
    fallbackHeads(width),
    String,
  );
  // A width from the link that the default head count does not divide: pick a head count that does.
  if (numHeads === undefined && width % DEFAULT_SETTINGS.numHeads !== 0) numHeads = fallbackHeads(width);
  assign('numHeads', numHeads);
  const heads = numHeads ?? DEFAULT_SETTINGS.numHeads;

  const numLayers = read('layers', (v) => integerIn(v, 1, URL_LIMITS.maxLayers), DEFAULT_SETTINGS.numLayers, String);
  assign('numLayers', numLayers);
  const layers = numLayers ?? DEFAULT_SETTINGS.numLayers;

  assign('seed', read('seed', (v) => integerIn(v, 0, URL_LIMITS.maxSeed), DEFAULT_SETTINGS.seed, String));

  assign(
    'positionalEncoding',
    read(
      'pe',
      (v) => (v === '1' || v === 'true' ? ok(true) : v === '0' || v === 'false' ? ok(false) : fail('invalid')),
      DEFAULT_SETTINGS.positionalEncoding,
      (b) => (b ? '1' : '0'),
    ),
  );

  assign(
    'maskMode',
    read('mask', (v) => ((MASK_MODES as readonly string[]).includes(v) ? ok(v as MaskMode) : fail('invalid')), DEFAULT_SETTINGS.maskMode, String),
  );

  const tokenIndex = (v: string) => integerIn(v, 0, URL_LIMITS.maxTokenIndex);
  assign('paddingTokens', read('pad', (v) => listOf(v, tokenIndex, String), DEFAULT_SETTINGS.paddingTokens, (l) => l.join(',')));
  assign(
    'customMask',
    read('cells', (v) => listOf(v, (e) => pairWithin(e, URL_LIMITS.maxTokenIndex, URL_LIMITS.maxTokenIndex), String), DEFAULT_SETTINGS.customMask, (l) => l.join(',')),
  );
  assign(
    'disabledHeads',
    read('off', (v) => listOf(v, (e) => pairWithin(e, layers - 1, heads - 1), String), DEFAULT_SETTINGS.disabledHeads, (l) => l.join(',')),
  );

  const defaultLayer = Math.min(DEFAULT_SETTINGS.selectedLayer, layers - 1);
  let selectedLayer = read('layer', (v) => integerIn(v, 0, layers - 1), defaultLayer, String);
  if (selectedLayer === undefined && defaultLayer !== DEFAULT_SETTINGS.selectedLayer) selectedLayer = defaultLayer;
  assign('selectedLayer', selectedLayer);

  const defaultHead: HeadChoice = typeof DEFAULT_SETTINGS.selectedHead === 'number' && DEFAULT_SETTINGS.selectedHead >= heads ? 0 : DEFAULT_SETTINGS.selectedHead;
  let selectedHead = read<HeadChoice>('head', (v) => (v === 'avg' ? ok('average') : integerIn(v, 0, heads - 1)), defaultHead, headToString);
  if (selectedHead === undefined && defaultHead !== DEFAULT_SETTINGS.selectedHead) selectedHead = defaultHead;
  assign('selectedHead', selectedHead);

  assign(
    'matrixView',
    read('view', (v) => ((MATRIX_VIEWS as readonly string[]).includes(v) ? ok(v as MatrixView) : fail('invalid')), DEFAULT_SETTINGS.matrixView, String),
  );

  assign('page', read('page', (v) => ((LAB_PAGES as readonly string[]).includes(v) ? ok(v as LabPage) : fail('invalid')), DEFAULT_SETTINGS.page, String));

  let locale: Locale | undefined;
  const lang = raw('lang');
  if (lang !== undefined) {
    if (isLocale(lang)) locale = lang;
    else notices.push({ param: 'lang', value: lang, reason: 'invalid', fallback: '' });
  }

  return locale === undefined ? { settings, notices } : { settings, locale, notices };
}

/** The full settings a query string describes: the defaults, overridden by what the link sets. */
export function settingsFromQuery(query: string): LabSettings {
  return { ...DEFAULT_SETTINGS, ...parseQuery(query).settings };
}
