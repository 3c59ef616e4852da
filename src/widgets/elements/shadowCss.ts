/*
 * Build-time helpers (used by vite.widgets.config.ts): the app's stylesheets, turned into one stylesheet for a
 * shadow root, and the placeholder the bundle carries until that stylesheet is put in.
 */

/** A CSS comment, so an unbuilt module (tests, the dev server) injects nothing harmful. */
export const CSS_PLACEHOLDER = '/*attention-lab:widget-css*/';

/**
 * The app's CSS for use inside a shadow root: `:root` rules (the base font and colours) apply to the host instead,
 * and @font-face rules are dropped: Chromium ignores them inside shadow trees, and their inlined fonts (KaTeX's)
 * would only make the bundle megabytes larger. KaTeX then draws with the system's serif and math fonts.
 */
export function cssForShadowRoot(css: string): string {
  return css.replace(/@font-face\s*\{[^}]*\}/g, '').replace(/:root\b/g, ':host');
}

/**
 * Replaces the placeholder string literal (any quote style) in built JavaScript with `css` as a JSON string
 * literal. Returns null when the placeholder is not there.
 */
export function fillCssPlaceholder(code: string, css: string): string | null {
  const escaped = CSS_PLACEHOLDER.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const literal = new RegExp(`(["'\`])${escaped}\\1`, 'g');
  if (!literal.test(code)) return null;
  // A replacer function: `$` in the CSS must not be read as a replacement pattern.
  return code.replace(literal, () => JSON.stringify(css));
}
