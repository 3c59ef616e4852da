/*
 * How wide the head view's token columns must be for the tokens to show whole. Measured text would need a canvas
 * (absent in tests and costly per keystroke); this estimate is at or above the sans-serif widths at the column's
 * 0.9 rem: about 0.6 em for Latin letters, 1 em for CJK and other wide characters.
 */

const FONT_PX = 14.4; // .headview-token: font-size 0.9rem
/** The bar strip (1.8 rem), the gap (0.25 rem), the padding (2 × 0.3 rem) and a rounding margin, in px. */
const TOKEN_CHROME_PX = 28.8 + 4 + 9.6 + 2;

/** Characters drawn about one em wide: CJK, Hangul, full-width forms, and emoji beyond the BMP. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{1f000}-\u{1faff}]/u;

/** Estimated width in px of one token's text in the head view. */
export function tokenTextWidth(text: string): number {
  let em = 0;
  for (const ch of text) em += WIDE.test(ch) ? 1 : 0.6;
  return em * FONT_PX;
}

/** The column width (px) that shows the longest token whole, kept within [min, max]. */
export function fittedTokenColumn(tokens: readonly string[], min: number, max: number): number {
  let widest = 0;
  for (const tk of tokens) widest = Math.max(widest, tokenTextWidth(tk));
  return Math.max(min, Math.min(max, Math.ceil(widest + TOKEN_CHROME_PX)));
}
