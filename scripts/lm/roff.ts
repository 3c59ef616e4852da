/** man-page roff (man macros plus the troff escapes they use) to plain text. Pure: no I/O. */
import { joinSoftBreaks } from './text';

/** Named glyphs \(xx / \[xx] / \*(xx that carry meaning; all others are dropped. */
const GLYPHS: Record<string, string> = {
  em: '—', en: '–', hy: '-', mi: '-', bu: '•', co: '©', rg: '®', tm: '™', lq: '“', rq: '”', oq: '‘', cq: '’',
  aq: "'", dq: '"', ga: '`', aa: '´', ti: '~', ha: '^', rs: '\\', sl: '/', ba: '|', bv: '|', dg: '†', de: '°',
  mu: '×', di: '÷', '<=': '≤', '>=': '≥', '!=': '≠', '->': '→', '<-': '←', R: '®', Tm: '™',
};

/** Macros whose arguments are printed with alternating fonts and no space between them (.BR foo (1) → "foo(1)"). */
const ALTERNATING = new Set(['BR', 'RB', 'BI', 'IB', 'IR', 'RI']);
/** Macros whose arguments are printed joined by spaces. */
const INLINE = new Set(['B', 'I', 'SM', 'SB', 'UR', 'MT', 'OP']);
/** Requests that begin a new paragraph. */
const BREAKS = new Set(['PP', 'LP', 'P', 'TP', 'IP', 'HP', 'TQ', 'sp', 'br', 'SH', 'SS', 'RS', 'RE', 'EX', 'EE', 'nf', 'fi', 'bp', 'in', 'ti']);

/** Reads an escape's name argument at `at`: x, (xx or [name]. `end` is the index of its last character. */
function readEscapeName(line: string, at: number): { name: string; end: number } {
  const opener = line[at];
  if (opener === '(') return { name: line.slice(at + 1, at + 3), end: Math.min(at + 2, line.length - 1) };
  if (opener === '[') {
    const close = line.indexOf(']', at);
    const end = close < 0 ? line.length - 1 : close;
    return { name: line.slice(at + 1, end), end };
  }
  return { name: opener ?? '', end: at };
}

/** Removes troff escapes from one line of text (after the request name has been handled). */
export function stripRoffEscapes(line: string): string {
  let out = '';
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = line[i + 1];
    if (next === undefined) break;
    i++;
    switch (next) {
      case '"': // comment to end of line
        return out;
      case '-': case 'e': case '\\': out += next === '-' ? '-' : '\\'; break;
      case ' ': case '~': case '0': case 't': out += ' '; break;
      case "'": out += "'"; break; // acute accent in troff, but man pages mean an apostrophe
      case '`': out += '`'; break;
      case '.': out += '.'; break;
      case '(': case '[': {
        // \(xx and \[name] are the named-glyph escape itself.
        const arg = readEscapeName(line, i);
        out += GLYPHS[arg.name] ?? '';
        i = arg.end;
        break;
      }
      case '*': {
        // \*x, \*(xx, \*[name]: a defined string; man pages use it mostly for quotes, ® and ™.
        const arg = readEscapeName(line, i + 1);
        out += GLYPHS[arg.name] ?? '';
        i = arg.end;
        break;
      }
      case 's': {
        // \s+2, \s-1, \s0, \s(12, \s[12]: point-size changes print nothing.
        const sized = /^[+-]?\d{1,2}/.exec(line.slice(i + 1));
        i = sized ? i + sized[0].length : readEscapeName(line, i + 1).end;
        break;
      }
      case 'f': case 'n': case 'F': case 'm': case 'M': case 'k': case 'g': case 'Y': case 'V':
        // Font, register, colour and similar escapes with a name argument print nothing.
        i = readEscapeName(line, i + 1).end;
        break;
      default:
        // \& \) \/ \, \^ \| \% \: \c \{ \} and anything unknown print nothing.
        break;
    }
  }
  return out;
}

/** Splits a macro's argument string like the shell-ish roff parser: spaces separate, double quotes group. */
export function roffArgs(rest: string): string[] {
  const args: string[] = [];
  const re = /"((?:[^"]|"")*)"?|(\S+)/g;
  for (let m = re.exec(rest); m !== null; m = re.exec(rest)) args.push(m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]);
  return args;
}

/**
 * One man page to plain text: paragraphs separated by blank lines, section headings as their own paragraph, filled
 * text re-joined (joinSoftBreaks keeps Chinese free of spurious spaces), .nf blocks keep their line breaks.
 * Comments, the .TH title line, macro definitions (.de … ..), ignored blocks (.ig … ..) and tbl format lines are dropped.
 */
export function roffToText(raw: string): string {
  const paragraphs: string[] = [];
  let current: string[] = [];
  let noFill = false;
  let skipUntilDots = false;
  let tableFormat = false;
  // After .TP the next output line is the item's tag (an option name): it gets its own line, apart from its text.
  let tagPending = false;
  const pushText = (text: string): void => {
    current.push(text);
    if (tagPending) {
      tagPending = false;
      flush();
    }
  };
  const flush = (): void => {
    const text = noFill ? current.join('\n') : joinSoftBreaks(current.join('\n'));
    if (text.trim().length > 0) paragraphs.push(text.trim());
    current = [];
  };
  for (const rawLine of raw.split(/\r?\n/)) {
    if (skipUntilDots) {
      if (/^\.\.\s*$/.test(rawLine)) skipUntilDots = false;
      continue;
    }
    if (tableFormat) {
      // tbl: options line ends with ';', the format section ends at the first line ending with '.'.
      if (/\.\s*$/.test(rawLine)) tableFormat = false;
      continue;
    }
    const request = /^[.'][ \t]*([A-Za-z]{1,3}|\\"|\.)?(.*)$/.exec(rawLine);
    if (request === null) {
      if (/^T[{}]\s*$/.test(rawLine) || /^[_=]\s*$/.test(rawLine)) continue;
      pushText(stripRoffEscapes(rawLine.replace(/\t/g, ' ')));
      continue;
    }
    const name = request[1] ?? '';
    const rest = request[2] ?? '';
    if (name === '' || name === '\\"' || name === '.') continue; // empty request or comment
    if (name === 'de' || name === 'ig' || name === 'am') {
      skipUntilDots = true;
      continue;
    }
    if (name === 'TS') {
      flush();
      noFill = true;
      tableFormat = true;
      continue;
    }
    if (name === 'TE') {
      flush();
      noFill = false;
      continue;
    }
    if (BREAKS.has(name)) {
      flush();
      tagPending = name === 'TP';
      if (name === 'nf' || name === 'EX') noFill = true;
      if (name === 'fi' || name === 'EE') noFill = false;
      const args = roffArgs(rest).map(stripRoffEscapes);
      if (name === 'SH' || name === 'SS') {
        if (args.length > 0) paragraphs.push(args.join(' '));
      } else if ((name === 'IP' || name === 'TQ') && args.length > 0 && args[0].length > 0) {
        // .IP's first argument is the item's tag (often a bullet or an option name).
        current.push(args[0]);
        flush();
      }
      continue;
    }
    const args = roffArgs(rest).map(stripRoffEscapes);
    if (ALTERNATING.has(name)) pushText(args.join(''));
    else if (INLINE.has(name)) pushText(args.join(' '));
    // Any other request (.TH, .ft, .ad, .ne, .so, .UE, .ME, …) prints nothing we want.
  }
  flush();
  return paragraphs.join('\n\n');
}
