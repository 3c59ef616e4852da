/** fortune(6) data files (Debian `fortunes`, `fortunes-zh`) to documents, one per fortune. Pure: no I/O. */

/** ANSI colour escapes: fortunes-zh colours its attributions ("\x1b[33m -- …\x1b[m"). */
const ANSI = new RegExp(`${String.fromCharCode(0x1b)}\\[[0-9;]*m`, 'g');
/** Box-drawing characters: fortunes-zh carries the Debian Reference's tables drawn with them, which are not prose. */
const BOX = /[\u2500-\u257f]/;

/**
 * The fortunes of one file: entries are separated by a line holding only "%". Colour escapes are removed, and an
 * entry drawn as a table (box-drawing characters) or left empty is skipped.
 */
export function fortunes(file: string): string[] {
  return file
    .replace(/\r\n?/g, '\n')
    .split(/\n%\n/)
    .map((entry) => entry.replace(ANSI, '').replace(/^%\n|\n%$/g, '').trim())
    .filter((entry) => entry !== '' && entry !== '%' && !BOX.test(entry));
}
