/** HTML (DocBook-generated pages such as the Debian Reference) to plain text. Pure: no I/O. */
import { joinSoftBreaks } from './text';

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', copy: '©', reg: '®', trade: '™', hellip: '…',
  mdash: '—', ndash: '–', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«', raquo: '»', middot: '·',
  bull: '•', times: '×', divide: '÷', deg: '°', larr: '←', rarr: '→', uarr: '↑', darr: '↓', harr: '↔', sect: '§',
  para: '¶', shy: '', zwnj: '', zwj: '', ensp: ' ', emsp: ' ', thinsp: ' ',
};

/** Decodes named (from a common subset), decimal and hex character references; unknown names are left as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[A-Za-z][A-Za-z0-9]*);/g, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body] ?? whole;
  });
}

/** Elements whose contents are never text: dropped with everything inside. */
const DROPPED = /<(script|style|head|noscript|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
/** Block-level elements: their boundaries become paragraph breaks. */
const BLOCK = new Set([
  'p', 'div', 'section', 'article', 'header', 'footer', 'nav', 'aside', 'main', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'ul', 'ol', 'dl', 'table', 'blockquote', 'pre', 'figure', 'hr', 'body', 'html',
]);
/** Elements whose boundaries become a single line break (items, rows, explicit breaks). */
const LINE = new Set(['br', 'li', 'dt', 'dd', 'tr', 'caption', 'thead', 'tbody']);

/**
 * Strips tags and decodes entities. Text outside <pre> is re-flowed (source line wraps are not line breaks in HTML);
 * <pre> keeps its lines. Block elements separate paragraphs with a blank line; the caller normalises whitespace.
 */
export function htmlToText(html: string): string {
  const source = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '').replace(DROPPED, '');
  let out = '';
  let preDepth = 0;
  const tagRe = /<(\/?)([A-Za-z][A-Za-z0-9]*)\b[^>]*>|<![^>]*>|<\?[^>]*>/g;
  let last = 0;
  const emitText = (raw: string): void => {
    const text = preDepth > 0 ? raw : joinSoftBreaks(raw.replace(/[ \t\r]+/g, ' '));
    out += decodeEntities(text);
  };
  for (let m = tagRe.exec(source); m !== null; m = tagRe.exec(source)) {
    emitText(source.slice(last, m.index));
    last = m.index + m[0].length;
    const closing = m[1] === '/';
    const name = (m[2] ?? '').toLowerCase();
    if (name === 'pre') preDepth = Math.max(0, preDepth + (closing ? -1 : 1));
    if (BLOCK.has(name)) out += '\n\n';
    // Only the opening tag: `</li><li>` is one line break, not a blank line between items.
    else if (LINE.has(name) && !closing) out += '\n';
    else if (name === 'td' || name === 'th') out += ' ';
  }
  emitText(source.slice(last));
  return out;
}
