import { DEFAULT_LINK_VALUES, LAB_PARAMS, URL_LIMITS, type UrlParam } from './labParams';
import { DEFAULT_SETTINGS, type LabSettings } from '../labStore';
import type { Locale } from '../locale';
import { clipText, paramNames, readParams, unknownParamNotices, writeParams, type UnknownNotice, type UnknownReason, type ValueNotice, type ValueReason } from './params';
import { URL_BUDGET } from './urlBudget';
import { fitSettings } from './urlFit';

/*
 * Every setting in the query string, TensorFlow Playground style: a shared link reproduces the view. The
 * parameters are declared once, in LAB_PARAMS (src/state/url/labParams.ts); this module reads and writes the lab page's
 * address with them.
 *
 * Only values that differ from DEFAULT_SETTINGS are written (short links); `lang` is always written when given,
 * because the interface language has no fixed default (it follows the browser). A link never outgrows
 * URL_BUDGET.maxQueryLength encoded characters: longer settings are shortened first (src/state/urlFit.ts says what
 * goes first; src/state/linkCut.ts describes it for the interface). Reading validates every value:
 * anything unreadable or out of range falls back to the default for that field and yields a notice, so a broken
 * or hostile link still opens a working lab. The text is data only — it is never parsed as markup.
 */

export { URL_LIMITS, URL_PARAMS, type UrlParam } from './labParams';
export { wellFormed } from './params';

/** Why a value in the link was not used (the same codes on every page). */
export type UrlNoticeReason = ValueReason;
/** Why a parameter that is not the lab's was left out of the address. */
export type UnknownParamReason = UnknownReason;
/** A value from the link that was not used. Typed so the interface can translate it; `value` is raw user data. */
export type LabParamNotice = ValueNotice<UrlParam>;
/** A parameter the lab does not know, dropped from the address and from shared links. */
export type UnknownParamNotice = UnknownNotice;
export type UrlNotice = LabParamNotice | UnknownParamNotice;

export interface ParsedQuery {
  /** The fields the link sets validly (or their fallbacks when a value was refused). Absent = not in the link. */
  readonly settings: Partial<LabSettings>;
  readonly locale?: Locale;
  readonly notices: readonly LabParamNotice[];
}

const OWN = paramNames(LAB_PARAMS);

/** True for the parameter names this module reads and writes. */
export function isUrlStateParam(name: string): boolean {
  return OWN.has(name);
}

// ——— writing ———

/** The query for exactly these settings, whatever its length (the text is only held to maxTextLength). */
function writeQuery(settings: LabSettings, locale?: Locale): string {
  return writeParams(LAB_PARAMS, { ...settings, locale }, DEFAULT_LINK_VALUES);
}

/**
 * The settings a link carries: the text held to URL_LIMITS.maxTextLength, then shortened (fitSettings) until the
 * encoded query is at most `budget` characters. Equal to `settings` (same object) when they fit as they are;
 * describeCut(settings, result) says what was left out.
 */
export function fitLinkSettings(settings: LabSettings, locale?: Locale, budget: number = URL_BUDGET.maxQueryLength): LabSettings {
  const text = clipText(settings.text, URL_LIMITS.maxTextLength);
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

/**
 * Reads a query string (with or without '?'). Every known parameter is validated; a refused value falls back to
 * the default of its field (or a value consistent with the other fields, e.g. the head count nearest to the one
 * asked for that divides the width) and is reported as a notice. Unknown parameters are ignored here, without a
 * notice: an embed link carries its own (widget, step, …). The lab page reports and drops them (unknownLabParams).
 */
export function parseQuery(query: string): ParsedQuery {
  const { values, notices } = readParams(LAB_PARAMS, query, DEFAULT_LINK_VALUES);
  const { locale, ...settings } = values;
  return locale === undefined ? { settings, notices } : { settings, locale, notices };
}

/** The full settings a query string describes: the defaults, overridden by what the link sets. */
export function settingsFromQuery(query: string): LabSettings {
  return { ...DEFAULT_SETTINGS, ...parseQuery(query).settings };
}

/**
 * Parameters in the lab page's address that are not lab settings. Nothing on the page reads them (lessons, the
 * guide and the playground live in the hash; embed options only mean something on embed.html), so the address
 * bar and shared links leave them out — a pasted `?zzz=<100 KB>` must not ride along in every copied link — and
 * these notices say so.
 */
export function unknownLabParams(query: string): UnknownParamNotice[] {
  return unknownParamNotices(query, OWN);
}
