/**
 * One colour per head, from the Okabe–Ito palette (Okabe & Ito 2008), which stays distinguishable for the
 * common colour-vision deficiencies. Ordered so the first heads get the colours with the most contrast on white;
 * the yellow, hard to see as a thin line, comes last.
 */
export const HEAD_COLORS: readonly string[] = [
  '#0072B2', // blue
  '#E69F00', // orange
  '#009E73', // bluish green
  '#CC79A7', // reddish purple
  '#D55E00', // vermillion
  '#56B4E9', // sky blue
  '#000000', // black
  '#F0E442', // yellow
];

/** How one head's lines are stroked. */
export interface HeadStroke {
  readonly color: string;
  /** SVG stroke-dasharray pattern; empty for solid lines. The canvas (long inputs) draws every head solid: dashes cost seconds to rasterise there. */
  readonly dash: readonly number[];
  /** Line width in CSS pixels: the repeated colours are also thinner, so they stay apart on the canvas too. */
  readonly width: number;
}

/** A dash pattern per pass through the palette: heads 1–8 solid, 9–16 dashed, 17–24 dotted. */
const DASHES: readonly (readonly number[])[] = [[], [6, 3], [2, 2]];

/**
 * The stroke of head `head` (0-based). Beyond eight heads the colours repeat, so the second pass is dashed and thinner:
 * a head is never told apart from another by colour alone (its checkbox also carries its number).
 */
export function headStroke(head: number): HeadStroke {
  const n = HEAD_COLORS.length;
  const i = ((head % n) + n) % n;
  const pass = Math.floor(Math.max(0, head) / n) % DASHES.length;
  return { color: HEAD_COLORS[i], dash: DASHES[pass], width: pass === 0 ? 2 : 1.25 };
}

export function headColor(head: number): string {
  return headStroke(head).color;
}
