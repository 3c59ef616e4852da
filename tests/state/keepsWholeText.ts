import { DEFAULT_SETTINGS } from '../../src/state/labStore';
import { describeCut } from '../../src/state/url/linkCut';
import { fitLinkSettings } from '../../src/state/url/urlState';

/** Whether the link to a view with this text (every other setting at its default) carries the whole text. */
export function keepsWholeText(text: string): boolean {
  const settings = { ...DEFAULT_SETTINGS, text };
  return !describeCut(settings, fitLinkSettings(settings)).some((cut) => cut.part === 'text');
}
