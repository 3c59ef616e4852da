/**
 * One colour per head for the first eight heads: eight distinct hues (blue, orange, green, pink, olive, teal,
 * crimson, indigo), each dark enough to read as a 2 px line on white (contrast ≥ 3.5:1), and at least 25 apart in
 * CIEDE2000 from each other (tests/components/headview/headColors.test.ts checks all three). Two lightness tiers
 * alternate so that neighbouring hues (blue / indigo, orange / crimson, green / teal) also differ in lightness.
 * The earlier Okabe–Ito palette put orange, vermillion and yellow (heads 2, 5, 8) and blue and sky blue (heads 1, 6)
 * only about 22 apart: alike as thin translucent lines. Beyond eight heads the hues repeat dashed (headStroke).
 */
export const HEAD_COLORS: readonly string[] = [
  '#0B8BE0', // blue
  '#DE5F2C', // orange
  '#22520A', // dark green
  '#C95BBF', // pink
  '#998400', // olive
  '#00987F', // teal
  '#910530', // crimson
  '#323C9D', // indigo
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
