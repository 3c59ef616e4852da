/** Mallard help pages (GNOME's `.page` XML, Debian `gnome-user-docs`) to plain text. Pure: no I/O. */
import { htmlToText } from './html';

/**
 * Drops the <info> block (links, credits, licences: names and e-mail addresses, not prose), makes titles and
 * descriptions paragraphs, and reads the rest as HTML (<p> is a block there too; <item>, <note> hold <p>s).
 */
export function mallardToText(xml: string): string {
  const body = xml
    .replace(/<info\b[^>]*>[\s\S]*?<\/info>/g, '')
    .replace(/<(\/?)(title|desc|item|note|section|terms|tree|table)\b[^>]*>/g, '<$1p>');
  return htmlToText(body);
}
