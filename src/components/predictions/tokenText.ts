import { END_OF_TEXT } from '../../engine';

/** How a token label (CausalLmModel.tokenLabel) is shown: quoted text, the end-of-text token, or a lone byte. */
export type ShownToken =
  | { readonly kind: 'text'; readonly text: string; readonly whitespace: boolean }
  | { readonly kind: 'endOfText' }
  | { readonly kind: 'byte'; readonly label: string };

const BYTE_LABEL = /^byte [0-9A-F]{2}$/;
const WHITESPACE = /\s/;

/** One character made visible: ↵ line break, ⇥ tab, ␣ any other space, a control picture (␀…␟, ␡) for controls. */
function visibleChar(ch: string): string {
  if (ch === '\n') return '↵';
  if (ch === '\t') return '⇥';
  if (WHITESPACE.test(ch)) return '␣';
  const code = ch.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '␡';
  return ch;
}

/** The text with its whitespace and control characters drawn as visible symbols (" cat" → "␣cat"). */
export function markWhitespace(text: string): string {
  return Array.from(text, visibleChar).join('');
}

export function shownToken(label: string): ShownToken {
  if (label === END_OF_TEXT) return { kind: 'endOfText' };
  if (BYTE_LABEL.test(label)) return { kind: 'byte', label };
  const text = markWhitespace(label);
  return { kind: 'text', text, whitespace: text !== label };
}
