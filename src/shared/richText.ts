/** A piece of lesson prose: plain text, inline TeX ($…$), code (`…`) or bold (**…**). */
export type RichPart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'math'; readonly tex: string }
  | { readonly kind: 'code'; readonly text: string }
  | { readonly kind: 'bold'; readonly text: string };

// `\$` inside math would end it early, so lesson TeX writes dollars as \text{\$}… never; a lone $ stays text.
const MARKUP = /\$([^$\n]+)\$|`([^`\n]+)`|\*\*([^*\n]+)\*\*/g;

/** Splits lesson prose into parts. Unmatched markers stay as text, so a typo never swallows a sentence. */
export function parseRichText(source: string): RichPart[] {
  const parts: RichPart[] = [];
  let last = 0;
  for (const match of source.matchAll(MARKUP)) {
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: source.slice(last, start) });
    if (match[1] !== undefined) parts.push({ kind: 'math', tex: match[1] });
    else if (match[2] !== undefined) parts.push({ kind: 'code', text: match[2] });
    else if (match[3] !== undefined) parts.push({ kind: 'bold', text: match[3] });
    last = start + match[0].length;
  }
  if (last < source.length) parts.push({ kind: 'text', text: source.slice(last) });
  return parts;
}
