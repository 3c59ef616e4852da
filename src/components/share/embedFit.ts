import type { Locale } from '../../state/uiStore';
import type { LabSettings } from '../../state/labStore';
import { URL_BUDGET } from '../../state/url/urlBudget';
import { fitSettings } from '../../state/url/urlFit';
import { fitLinkSettings } from '../../state/url/urlState';
import type { EmbedOptions } from '../../shared/embedContract';
import { elementSnippet, embedUrl } from './embedSnippet';

/**
 * The settings every output of the Embed dialog is built from: those of a lab link (fitLinkSettings), shortened
 * further (same order, src/state/urlFit.ts) while the embed link or the custom-element snippet is longer than
 * URL_BUDGET.maxLinkLength — a long path in `baseUri`, or a text full of quotes and ampersands, which HTML
 * attributes escape into up to 6 characters each.
 */
export function fitEmbedSettings(settings: LabSettings, locale: Locale, options: EmbedOptions, baseUri: string): LabSettings {
  const longest = (s: LabSettings): number => {
    const url = embedUrl(s, locale, options, baseUri);
    return Math.max(url.length, elementSnippet(options.widget, url, baseUri).length);
  };
  return fitSettings(fitLinkSettings(settings, locale), longest, URL_BUDGET.maxLinkLength);
}
