import { rgb } from 'd3';

/** WCAG 2 relative luminance of a CSS colour (0 black … 1 white); NaN when the colour does not parse. */
export function relativeLuminance(colour: string): number {
  const c = rgb(colour);
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
}

/** WCAG 2 contrast ratio of two colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * White or black text, whichever contrasts more with the cell's background. One of the two always reaches at least
 * 4.58:1 (WCAG AA for small text); a lightness threshold did not (white on the scale's mid teal gave 3.2:1).
 */
export function readableTextColour(background: string): '#fff' | '#000' {
  const l = relativeLuminance(background);
  if (!Number.isFinite(l)) return '#000';
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#fff' : '#000';
}
