import type { MessageKey } from '../../i18n/catalog';
import type { Translate } from '../../i18n/translate';
import type { UrlNotice } from '../../state/url/urlState';

/*
 * A few link parameters hold positions counted from 0, as the engine counts (layer=0 is the first layer, off=0-1 is
 * the second head of the first layer), while the interface counts layers, heads and tokens from 1. The link format
 * stays as it is; a notice about one of these parameters names what is shown in the interface's words ("layer 1",
 * not "0") and, when the link's number was out of range or given twice, says how links count, so a student can
 * match what they typed to what they see.
 */

/** The parameters whose numbers count from 0, each with the sentence that says so. */
const COUNTS_FROM_0: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  ['layer', 'url.countsFrom0.layer'],
  ['head', 'url.countsFrom0.head'],
  ['at', 'url.countsFrom0.at'],
  ['pad', 'url.countsFrom0.pad'],
  ['cells', 'url.countsFrom0.cells'],
  ['off', 'url.countsFrom0.off'],
]);

/**
 * "Links count layers from 0: layer=0 is layer 1." for a notice about a 0-based parameter whose number was out of
 * range or repeated; null otherwise (a value that is not a number at all is not about counting).
 */
export function countingNote(notice: UrlNotice, t: Translate): string | null {
  const key = COUNTS_FROM_0.get(notice.param);
  return key !== undefined && (notice.reason === 'out-of-range' || notice.reason === 'repeated') ? t(key) : null;
}

/**
 * What the lab shows instead of a refused layer, head or prediction position, as the interface names it ("layer 1",
 * "the average of the heads", "the last token"); null for any other parameter, whose fallback is shown as the link
 * would write it.
 */
export function shownInstead(notice: UrlNotice, t: Translate): string | null {
  if (notice.reason !== 'invalid' && notice.reason !== 'out-of-range') return null;
  const { param, fallback } = notice;
  // The fallback is written as in a link: a 0-based index, 'avg' for the head average, '' for "the last token".
  const shown = /^\d+$/.test(fallback) ? Number(fallback) + 1 : null;
  if (param === 'layer') return shown === null ? null : t('url.shown.layer', { n: shown });
  if (param === 'head') return fallback === 'avg' ? t('url.shown.headAverage') : shown === null ? null : t('url.shown.head', { n: shown });
  if (param === 'at') return fallback === '' ? t('url.shown.lastToken') : shown === null ? null : t('url.shown.token', { n: shown });
  return null;
}
