/** LibreOffice's offline help pages (Debian `libreoffice-help-zh-cn`, one HTML file a topic) to plain text. Pure. */
import { htmlToText } from './html';

/**
 * Only the topic itself, `<div id="DisplayArea">` up to the footer: the rest of every page is the same navigation
 * (module menu, index, search box) and a debug footer naming the source file.
 */
export function libreofficeHelpToText(html: string): string {
  const start = html.indexOf('<div id="DisplayArea"');
  if (start < 0) return '';
  const endCandidates = ['<div id="SearchFrame"', '<footer'].map((m) => html.indexOf(m, start)).filter((i) => i >= 0);
  const end = endCandidates.length > 0 ? Math.min(...endCandidates) : html.length;
  return htmlToText(html.slice(start, end));
}
