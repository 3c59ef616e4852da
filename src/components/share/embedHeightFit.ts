import { SIZE_PRESETS, type EmbedSize } from './embedSnippet';

/** A fixed-size frame lower than the content it shows: both heights in CSS pixels. */
export interface HeightCut {
  readonly content: number;
  readonly frame: number;
}

/**
 * Whether the snippet's frame cuts the widget off: the content height the widget reported (its height messages,
 * sent whatever the size) against the chosen preset's height. Null when it fits, for 'auto' (the script resizes
 * the frame) and while no height has been reported.
 */
export function heightCut(size: EmbedSize, contentHeight: number | null): HeightCut | null {
  if (size === 'auto' || contentHeight === null) return null;
  const frame = SIZE_PRESETS[size].height;
  return contentHeight > frame ? { content: contentHeight, frame } : null;
}
