import { DEFAULT_LINK_VALUES, LAB_PARAMS, URL_LIMITS, type LabLinkValues, type UrlParam } from '../state/url/labParams';
import type { LabSettings } from '../state/labStore';
import type { Locale } from '../state/locale';
import { enumOf, idList, writeParams, type ParamTable } from '../state/url/params';
import { fitLinkSettings } from '../state/url/urlState';
import { POST_LN_STEPS, type WalkthroughStepId } from '../state/walkthroughStore';
import { DEFAULT_EMBED_OPTIONS, EMBED_CONTROLS, EMBED_WIDGETS, type EmbedOptions, type EmbedParam } from './embedContract';

/*
 * An embed link's parameters: the lab's own (LAB_PARAMS, the same entries) followed by the embed's widget, step,
 * controls and lock, in one table that both writes the links the "Embed / share" dialog hands out (embedQuery) and
 * reads them on the embed page and in the custom elements (parseEmbedQuery).
 */

export type EmbedLinkValues = LabLinkValues & EmbedOptions;
export type EmbedLinkParam = UrlParam | EmbedParam;

export const DEFAULT_EMBED_LINK_VALUES: EmbedLinkValues = { ...DEFAULT_LINK_VALUES, ...DEFAULT_EMBED_OPTIONS };

export const EMBED_LINK_PARAMS: ParamTable<EmbedLinkValues, EmbedLinkParam> = {
  ...LAB_PARAMS,
  // Always written, even the default: a link says which widget it shows.
  widget: { name: 'widget', kind: enumOf(EMBED_WIDGETS), fallback: () => DEFAULT_EMBED_OPTIONS.widget, always: true },
  // Read (and checked) for every widget, a typo being worth a notice, but written only for the one that shows it.
  step: {
    name: 'step',
    kind: enumOf<WalkthroughStepId, EmbedLinkValues>(POST_LN_STEPS),
    fallback: () => DEFAULT_EMBED_OPTIONS.step,
    omitWhen: (link) => link.widget !== 'walkthrough-step',
  },
  controls: { name: 'controls', kind: idList(EMBED_CONTROLS, URL_LIMITS.maxListEntries), fallback: () => DEFAULT_EMBED_OPTIONS.controls },
  // A lock applies to shown controls only; a lock on a hidden one is dropped ('out-of-range').
  locked: { name: 'lock', kind: idList(EMBED_CONTROLS, URL_LIMITS.maxListEntries, (link) => link.controls), fallback: () => DEFAULT_EMBED_OPTIONS.locked },
};

/**
 * The query string (no '?') of an embed link: the lab settings that differ from the defaults (fitted to the lab's
 * link budget, fitLinkSettings), the language, the widget, then the embed options that differ from theirs.
 * parseEmbedQuery reads it back to the same settings and options.
 */
export function embedQuery(settings: LabSettings, locale: Locale, options: EmbedOptions): string {
  const values: EmbedLinkValues = { ...fitLinkSettings(settings, locale), locale, ...options };
  return writeParams(EMBED_LINK_PARAMS, values, DEFAULT_EMBED_LINK_VALUES);
}
