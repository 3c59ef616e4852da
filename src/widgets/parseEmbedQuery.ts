import type { LabSettings } from '../state/labStore';
import type { Locale } from '../state/locale';
import { readParams, type ValueNotice, type ValueReason } from '../state/url/params';
import type { LabParamNotice, UrlNotice } from '../state/url/urlState';
import { DEFAULT_EMBED_OPTIONS, EMBED_PARAMS, type EmbedOptions, type EmbedParam } from '../shared/embedContract';
import { DEFAULT_EMBED_LINK_VALUES, EMBED_LINK_PARAMS, type EmbedLinkParam } from '../shared/embedParams';

/*
 * Reads an embed link with its parameter table (src/shared/embedParams.ts): the lab's own parameters, then the
 * embed's widget, step, controls and lock. As on the lab page, nothing refused is fatal: a bad value falls back to
 * its default and yields a notice with the same reason codes, so a broken or hostile link still shows a working
 * widget. Parameters the embed does not know are ignored without a notice (a host page may add its own).
 */

/**
 * widget / step: not a known id, controls / lock: entries that are not control ids ('invalid'); lock: controls
 * locked but not shown ('out-of-range', a lock applies to shown controls only); 'repeated'.
 */
export type EmbedNoticeReason = ValueReason;

/** An embed parameter's value that was not (fully) used. `value` is raw user data: render as text only. */
export type EmbedNotice = ValueNotice<EmbedParam>;

/** A lab notice or an embed notice; the parameter names of the two never overlap. */
export type EmbedPageNotice = UrlNotice | EmbedNotice;

const isEmbedParam = (param: string): param is EmbedParam => (EMBED_PARAMS as readonly string[]).includes(param);

export function isEmbedNotice(notice: EmbedPageNotice): notice is EmbedNotice {
  return isEmbedParam(notice.param);
}

/** The notice typed by the page that owns its parameter. */
function pageNotice(notice: ValueNotice<EmbedLinkParam>): EmbedNotice | LabParamNotice {
  const { param } = notice;
  return isEmbedParam(param) ? { ...notice, param } : { ...notice, param };
}

export interface ParsedEmbedQuery {
  /** The lab settings the link sets (as parseQuery gives them), to be applied over DEFAULT_SETTINGS. */
  readonly settings: Partial<LabSettings>;
  readonly locale?: Locale;
  readonly options: EmbedOptions;
  /** The lab's notices first, then the embed's, in parameter order. */
  readonly notices: readonly EmbedPageNotice[];
}

/** Reads a query string (with or without '?') of an embed link. */
export function parseEmbedQuery(search: string): ParsedEmbedQuery {
  const { values, notices } = readParams(EMBED_LINK_PARAMS, search, DEFAULT_EMBED_LINK_VALUES);
  const { locale, widget, step, controls, locked, ...settings } = values;
  const options: EmbedOptions = {
    widget: widget ?? DEFAULT_EMBED_OPTIONS.widget,
    step: step ?? DEFAULT_EMBED_OPTIONS.step,
    controls: controls ?? DEFAULT_EMBED_OPTIONS.controls,
    locked: locked ?? DEFAULT_EMBED_OPTIONS.locked,
  };
  const base = { settings, options, notices: notices.map(pageNotice) };
  return locale === undefined ? base : { ...base, locale };
}
