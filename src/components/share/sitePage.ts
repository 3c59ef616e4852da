import { isLocale, type Locale } from '../../state/locale';
import { DEFAULT_EMBED_WIDGET, EMBED_WIDGETS, type EmbedWidget } from '../../shared/embedContract';
import { elementName, elementSnippet, escapeAttribute, WIDGETS_SCRIPT } from './embedSnippet';

/*
 * The example page of the "Download for your site" archive: the element exactly as the Embed dialog writes it
 * (same function, same embed link, so the same attributes), with its script pointed at the copy beside the page.
 */

/** What the archive is made for, read back from the dialog's embed link (the one its element snippet comes from). */
export interface SiteTarget {
  /** The app's folder: where the files are fetched from, and what the dialog's snippet resolves the script against. */
  readonly base: string;
  readonly widget: EmbedWidget;
  readonly locale: Locale;
  readonly embedLink: string;
}

export function siteTarget(embedLink: string, fallbackLocale: Locale): SiteTarget {
  const link = new URL(embedLink);
  const widget = EMBED_WIDGETS.find((w) => w === link.searchParams.get('widget')) ?? DEFAULT_EMBED_WIDGET;
  const lang = link.searchParams.get('lang');
  // embed.html sits in the app's folder (EMBED_PAGE), so the link's folder is the app's.
  return { base: new URL('./', link).href, widget, locale: isLocale(lang) ? lang : fallbackLocale, embedLink };
}

/**
 * The dialog's element snippet (same function, same link: the same element and attributes) for the archive: the
 * script's src made relative (./attention-lab-widgets.js), and the fallback the element shows while the script has
 * not run told what fails for a copy on the instructor's own site (the page opened from the disk, a file left
 * behind) instead of the dialog's, which is about the lab's site and CORS.
 */
export function localElementSnippet({ base, widget, embedLink }: SiteTarget, fallbackText: string): string {
  const snippet = elementSnippet(widget, embedLink, base);
  const absolute = `src="${escapeAttribute(new URL(WIDGETS_SCRIPT, base).href)}"`;
  // The element, its attributes kept (their values are escaped, so no '>' inside the opening tag), its content swapped.
  const name = elementName(widget);
  const element = new RegExp(`(<${name}(?:\\s[^>]*)?>)[\\s\\S]*?(</${name}>)`);
  // Fail loudly rather than ship a page that loads the script from the app's site (the CORS case this avoids).
  if (!snippet.includes(absolute) || !element.test(snippet)) throw new Error('The element snippet no longer has the form this archive expects.');
  return snippet
    .replace(absolute, () => `src="${escapeAttribute(WIDGETS_SCRIPT)}"`)
    .replace(element, (_whole, open: string, close: string) => `${withLabAttribute(open, base)}<span>${escapeAttribute(fallbackText)}</span>${close}`);
}

/**
 * The element's opening tag with lab="<the app's index.html>": on the course site no lab sits beside the script, so
 * the element's "Open in Attention Lab" goes back to the app the archive came from (src/widgets/elements/labAttribute.ts).
 */
function withLabAttribute(openTag: string, base: string): string {
  return openTag.replace(/>$/, ` lab="${escapeAttribute(new URL('index.html', base).href)}">`);
}

export interface SitePageInput {
  readonly locale: Locale;
  /** localElementSnippet's result. */
  readonly snippet: string;
  /** The page's translated text (plain text: escaped here). */
  readonly title: string;
  readonly intro: string;
  /** Above the element: the widgets' own headings (h2, h3) then follow the page's order. */
  readonly widgetHeading: string;
  readonly copyHeading: string;
  readonly copy: string;
  readonly labLabel: string;
  /** The app the archive came from (its index.html), linked at the bottom. */
  readonly labUrl: string;
}

/**
 * index.html of the archive: the live element, then the same lines to copy. The empty icon spares the browser a
 * request for /favicon.ico, whose 404 would be the only error in the console of a page that works.
 */
export function sitePage({ locale, snippet, title, intro, widgetHeading, copyHeading, copy, labLabel, labUrl }: SitePageInput): string {
  const text = escapeAttribute;
  return `<!doctype html>
<html lang="${locale === 'zh' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${text(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2937; max-width: 60rem; margin: 0 auto; padding: 1rem; }
  pre { background: #f1f5f9; padding: 0.75rem; border-radius: 6px; white-space: pre-wrap; overflow-wrap: anywhere; }
</style>
</head>
<body>
<main>
<h1>${text(title)}</h1>
<p>${text(intro)}</p>
<h2>${text(widgetHeading)}</h2>
${snippet}
<h2>${text(copyHeading)}</h2>
<p>${text(copy)}</p>
<pre><code>${text(snippet)}</code></pre>
<p>${text(labLabel)} <a href="${text(labUrl)}">${text(labUrl)}</a></p>
</main>
</body>
</html>
`;
}
