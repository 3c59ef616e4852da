import type { LabSettings } from '../labStore';

/** What a link leaves out of the settings, for the interface to say: how much of each part is kept. */
export interface LinkCutPart {
  /** text: characters (code points) of the sentence; the rest: entries of that list parameter. */
  readonly part: 'text' | 'cells' | 'pad' | 'off';
  readonly kept: number;
  readonly total: number;
}

const codePoints = (text: string): number => Array.from(text).length;

/**
 * The parts of `original` that `sent` (what fitSettings / fitLinkSettings made of it) carries only in part, in
 * the order text, cells, pad, off; [] when the link carries everything. The fitters only shorten, so a part
 * whose length is unchanged is whole.
 */
export function describeCut(original: LabSettings, sent: LabSettings): LinkCutPart[] {
  const parts: LinkCutPart[] = [];
  if (sent.text !== original.text) parts.push({ part: 'text', kept: codePoints(sent.text), total: codePoints(original.text) });
  const lists = [
    ['cells', sent.customMask.length, original.customMask.length],
    ['pad', sent.paddingTokens.length, original.paddingTokens.length],
    ['off', sent.disabledHeads.length, original.disabledHeads.length],
  ] as const;
  for (const [part, kept, total] of lists) if (kept < total) parts.push({ part, kept, total });
  return parts;
}
