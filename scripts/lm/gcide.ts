/**
 * Quotations of the GNU Collaborative International Dictionary of English (Debian `dict-gcide`, the dictd text of
 * gcide.dict.dz): the citations that illustrate a sense, indented nine or more spaces and signed "--Author.", e.g.
 *
 *          A merry heart goes all the day,
 *          Your sad tires in a mile-a.              --Shak.
 *
 * Whole sentences of English prose and verse (mostly 1913 Webster's, so older than everyday English), beside the
 * definitions themselves, which are telegraphic and full of markup. Pure: no I/O.
 */

/** A quotation is dropped when markup is left in it (accents such as [=a], pronunciations in backslashes). */
const MARKUP = /[[\]\\<>|]/;

export function gcideQuotations(dict: string): string[] {
  const out: string[] = [];
  let block: string[] = [];
  const flush = (): void => {
    if (block.length === 0) return;
    const joined = block.map((l) => l.trim()).join(' ');
    block = [];
    const signed = /\s+--\s*\S[^]*$/.exec(joined);
    if (signed === null) return;
    const text = joined.slice(0, signed.index).replace(/[{}]/g, '').replace(/\s+/g, ' ').trim();
    if ([...text].length >= 12 && !MARKUP.test(text)) out.push(text);
  };
  for (const line of dict.split('\n')) {
    if (/^ {9,}\S/.test(line)) block.push(line);
    else flush();
  }
  flush();
  return out;
}
