import { tokenize, type MaskCell } from '../../engine';
import type { LabSettings } from '../labStore';
import { largestPassing } from './largestPassing';

/*
 * Fits lab settings into a link of limited length. What goes, in this order, and only while the link is too long:
 *
 *   1. what the view does not use: the text after the last token the lab computes (MAX_TOKENS), mask lists of the
 *      modes not chosen (cells unless mask=custom, pad unless mask=padding), cells and padding past the last token;
 *   2. custom-mask cells, then padding tokens, from the end of the list;
 *   3. the text, from its end, a whole character (grapheme) at a time — a surrogate pair is never split;
 *   4. switched-off heads, from the end (never needed in practice: the model has at most 64 heads).
 *
 * The text comes before the lists because every other setting refers to its tokens. Short settings (numbers,
 * names) always stay. The result is a copy with shorter fields; nothing is reordered or rewritten.
 */

/** The length of the link (or snippet) these settings give, in the unit the budget is in. */
export type LinkMeasure = (settings: LabSettings) => number;

type ListField = 'customMask' | 'paddingTokens' | 'disabledHeads';

function withList(s: LabSettings, field: ListField, count: number): LabSettings {
  switch (field) {
    case 'customMask':
      return { ...s, customMask: s.customMask.slice(0, count) };
    case 'paddingTokens':
      return { ...s, paddingTokens: s.paddingTokens.slice(0, count) };
    case 'disabledHeads':
      return { ...s, disabledHeads: s.disabledHeads.slice(0, count) };
  }
}

function cutList(s: LabSettings, field: ListField, fits: (s: LabSettings) => boolean): LabSettings {
  if (fits(s)) return s;
  return withList(s, field, largestPassing(s[field].length, (k) => fits(withList(s, field, k))));
}

/** The text's user-perceived characters (graphemes) where the platform can tell them, else its code points. */
function characters(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) return Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => s.segment);
  return Array.from(text);
}

function cutText(s: LabSettings, fits: (s: LabSettings) => boolean): LabSettings {
  if (fits(s)) return s;
  const chars = characters(s.text);
  const prefix = (k: number): LabSettings => ({ ...s, text: chars.slice(0, k).join('') });
  return prefix(largestPassing(chars.length, (k) => fits(prefix(k))));
}

/** Step 1: the same view with less to carry. */
function withoutUnused(s: LabSettings): LabSettings {
  const { tokens, truncated } = tokenize(s.text, { overflow: 'truncate' });
  const count = tokens.length;
  const inside = (cell: MaskCell): boolean => cell.query < count && cell.key < count;
  return {
    ...s,
    text: truncated ? s.text.slice(0, tokens[count - 1].end) : s.text,
    customMask: s.maskMode === 'custom' ? s.customMask.filter(inside) : [],
    paddingTokens: s.maskMode === 'padding' ? s.paddingTokens.filter((i) => i < count) : [],
  };
}

/** The settings, shortened as above until `measure` is at most `budget` (unchanged when they already fit). */
export function fitSettings(settings: LabSettings, measure: LinkMeasure, budget: number): LabSettings {
  const fits = (s: LabSettings): boolean => measure(s) <= budget;
  if (fits(settings)) return settings;
  let s = withoutUnused(settings);
  s = cutList(s, 'customMask', fits);
  s = cutList(s, 'paddingTokens', fits);
  s = cutText(s, fits);
  return cutList(s, 'disabledHeads', fits);
}
