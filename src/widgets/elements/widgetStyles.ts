import { CSS_PLACEHOLDER, FONT_PLACEHOLDER } from './shadowCss';

/**
 * Every stylesheet the widgets import, in import order, put in at build time by vite.widgets.config.ts (in tests
 * and the dev server it stays the placeholder, a CSS comment). Kept as a separate literal so the build finds it.
 */
const COLLECTED_CSS: string = CSS_PLACEHOLDER;
/** The KaTeX @font-face rules for the document (shadowCss.ts fontFacesForDocument), put in the same way. */
const DOCUMENT_FONTS: string = FONT_PLACEHOLDER;

/** The class of the element inside each shadow root that React renders into. */
export const ROOT_CLASS = 'attention-lab-root';

/*
 * The host page's inherited styles (font, colour, line height, alignment, letter spacing…) stop at ROOT_CLASS:
 * `all: initial` resets every inherited property there, then the widget's own base styles apply. Page rules
 * cannot reach inside the shadow root at all, and the widget's rules cannot reach out.
 */
const HOST_CSS = `
:host { display: block; background: transparent; }
:host([hidden]) { display: none; }
.${ROOT_CLASS} {
  all: initial;
  display: block;
  font-family: system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Noto Sans CJK SC', sans-serif;
  font-size: 16px;
  color: #1f2937;
  line-height: 1.45;
  text-align: start;
}
`;

/** The stylesheet text each element's shadow root gets (the host rules last: the lab's page background stays out). */
export function widgetCss(): string {
  return `${COLLECTED_CSS}\n${HOST_CSS}`;
}

/** One parsed stylesheet shared by every element on the page; null where constructable stylesheets are missing. */
let shared: CSSStyleSheet | null | undefined;

function sharedSheet(): CSSStyleSheet | null {
  if (shared !== undefined) return shared;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(widgetCss());
    shared = sheet;
  } catch {
    shared = null;
  }
  return shared;
}

/**
 * Gives a shadow root the widgets' styles: the shared constructed stylesheet (parsed once, and not an inline
 * <style>, which a page's Content-Security-Policy without style-src 'unsafe-inline' would block), else a <style>.
 */
export function attachWidgetStyles(shadow: ShadowRoot): void {
  const sheet = sharedSheet();
  if (sheet && Array.isArray(shadow.adoptedStyleSheets)) {
    shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = widgetCss();
  shadow.prepend(style);
}

let fontsInstalled = false;

/**
 * Declares the formulas' fonts on the host document once (a shadow root cannot declare fonts but uses the
 * document's), as a constructed stylesheet so a strict style-src does not block it. A page whose font-src refuses
 * data: URLs keeps its system math fonts; nothing else changes.
 */
export function installDocumentFonts(doc: Document = document): void {
  // Not `=== FONT_PLACEHOLDER`: the build replaces every copy of that literal, the comparison's too.
  if (fontsInstalled || !DOCUMENT_FONTS.includes('@font-face') || !Array.isArray(doc.adoptedStyleSheets)) return;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(DOCUMENT_FONTS);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    fontsInstalled = true;
  } catch {
    // No constructable stylesheets: the system fonts stay.
  }
}
