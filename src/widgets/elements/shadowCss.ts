/*
 * Build-time helpers (used by vite.widgets.config.ts): the app's stylesheets, turned into one stylesheet for a
 * shadow root, and the placeholder the bundle carries until that stylesheet is put in.
 */

/** A CSS comment, so an unbuilt module (tests, the dev server) injects nothing harmful. */
export const CSS_PLACEHOLDER = '/*attention-lab:widget-css*/';
/** The same for the document-level font faces (see fontFacesForDocument). */
export const FONT_PLACEHOLDER = '/*attention-lab:widget-fonts*/';

/*
 * The KaTeX faces the widgets' formulas use (√d_k, QKᵀ, softmax, sums and big brackets). The others (Fraktur,
 * Script, Typewriter …) are left out: with all twenty the script would grow by about a megabyte.
 */
const DOCUMENT_FONT_FAMILIES = new Set(['KaTeX_Main', 'KaTeX_Math', 'KaTeX_AMS', 'KaTeX_Size1', 'KaTeX_Size2', 'KaTeX_Size3', 'KaTeX_Size4']);

/**
 * The app's CSS for use inside a shadow root: `:root` rules (the base font and colours) apply to the host instead,
 * and @font-face rules are dropped: Chromium ignores them inside shadow trees (fontFacesForDocument declares the
 * ones the formulas need on the document instead).
 */
export function cssForShadowRoot(css: string): string {
  return css.replace(/@font-face\s*\{[^}]*\}/g, '').replace(/:root\b/g, ':host');
}

/**
 * The @font-face rules to declare on the host document: a shadow tree cannot declare fonts, but it uses the
 * document's. Only DOCUMENT_FONT_FAMILIES, each with just its woff2 source (every browser that runs custom
 * elements reads woff2), without the italic Main and bold Math faces.
 */
export function fontFacesForDocument(css: string): string {
  const faces: string[] = [];
  for (const rule of css.match(/@font-face\s*\{[^}]*\}/g) ?? []) {
    const family = /font-family:\s*["']?([\w-]+)/.exec(rule)?.[1];
    if (!family || !DOCUMENT_FONT_FAMILIES.has(family)) continue;
    if (family === 'KaTeX_Main' && /font-style:\s*italic/.test(rule)) continue;
    if (family === 'KaTeX_Math' && /font-weight:\s*(bold|700)/.test(rule)) continue;
    const woff2 = /url\((["']?)([^)"']+)\1\)\s*format\((["']?)woff2\3\)/.exec(rule);
    if (!woff2) continue;
    // Not split on ';': the data: URLs hold one ('data:font/woff2;base64,…').
    const descriptors = rule.match(/font-(?:family|style|weight|display):[^;}]+/g) ?? [];
    const face = `@font-face{${descriptors.join(';')};src:url(${woff2[1]}${woff2[2]}${woff2[1]}) format("woff2")}`;
    // The same stylesheet can be imported by more than one module.
    if (!faces.includes(face)) faces.push(face);
  }
  return faces.join('\n');
}

/**
 * Replaces the placeholder string literal (any quote style) in built JavaScript with `css` as a JSON string
 * literal. Returns null when the placeholder is not there.
 */
export function fillCssPlaceholder(code: string, css: string, placeholder: string = CSS_PLACEHOLDER): string | null {
  const escaped = placeholder.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const literal = new RegExp(`(["'\`])${escaped}\\1`, 'g');
  if (!literal.test(code)) return null;
  // A replacer function: `$` in the CSS must not be read as a replacement pattern.
  return code.replace(literal, () => JSON.stringify(css));
}
