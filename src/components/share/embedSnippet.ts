import type { Locale } from '../../state/uiStore';
import { DEFAULT_SETTINGS, type LabSettings } from '../../state/labStore';
import { HEIGHT_MESSAGE, type EmbedOptions, type EmbedWidget } from '../../shared/embedContract';
import { embedQuery } from '../../shared/embedParams';
import { elementFailureMessages } from './elementFailure.messages';
import { shareMessages } from './share.messages';
import { siteDownloadMessages } from './siteDownload.messages';

/*
 * Pure builders for what the "Embed / share" dialog hands out: the embed link, the <iframe> snippet (with the
 * optional auto-height script) and the custom-element snippet. Every value that goes into an HTML attribute is
 * escaped here, so a sentence with quotes, <, > or & still gives valid HTML whose link decodes to the same sentence.
 */

export const EMBED_SIZES = ['small', 'medium', 'large', 'auto'] as const;
export type EmbedSize = (typeof EMBED_SIZES)[number];

/** Fixed frame sizes in CSS pixels. 'auto' is full width and starts at AUTO_INITIAL_HEIGHT until the embed reports. */
export const SIZE_PRESETS: Readonly<Record<Exclude<EmbedSize, 'auto'>, { readonly width: number; readonly height: number }>> = {
  small: { width: 480, height: 360 },
  medium: { width: 720, height: 520 },
  large: { width: 960, height: 700 },
};
export const AUTO_INITIAL_HEIGHT = 520;
/** A reported height above this is clamped (a runaway layout must not make the host page kilometres long). */
export const MAX_AUTO_HEIGHT = 5000;

/** The attribute that marks frames the auto-height script may resize. */
export const AUTO_HEIGHT_ATTRIBUTE = 'data-attention-lab';

/** Files next to the app's index.html (vite base './'), resolved against the app's own location. */
export const EMBED_PAGE = './embed.html';
export const WIDGETS_SCRIPT = './attention-lab-widgets.js';

/** Escapes text for a double- or single-quoted HTML attribute value (and for text content). */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The absolute embed link for these settings, relative to the app's own location (`baseUri` = document.baseURI), so
 * a build served from https://school.example/ai/lab/ links to https://school.example/ai/lab/embed.html?…. The
 * `page` setting (lab or walkthrough tab) means nothing inside an embed and is left out.
 */
export function embedUrl(settings: LabSettings, locale: Locale, options: EmbedOptions, baseUri: string): string {
  const query = embedQuery({ ...settings, page: DEFAULT_SETTINGS.page }, locale, options);
  return new URL(`${EMBED_PAGE}?${query}`, baseUri).href;
}

/**
 * The language of what a snippet says itself (a frame's title, an element's fallback): the widget's own, i.e. the
 * link's `lang`, so the snippet reads as one piece with the widget it shows. The dialog's own language plays no
 * part: the same view gives the same snippet in either interface language. English where the link has no lang.
 */
export function snippetLocale(url: string): Locale {
  return new URL(url).searchParams.get('lang') === 'zh' ? 'zh' : 'en';
}

/** An embed frame's title (its accessible name), in the widget's language, e.g. "Attention Lab: Grid of all heads". */
export function frameTitle(widget: EmbedWidget, url: string): string {
  const messages = shareMessages[snippetLocale(url)];
  return messages['share.embed.iframeTitle'].replace('{widget}', () => messages[`share.embed.widget.${widget}`]);
}

export interface IframeSnippetInput {
  readonly url: string;
  /** The frame's accessible name (translated), e.g. "Attention Lab: attention heatmap". */
  readonly title: string;
  readonly size: EmbedSize;
}

function attributes(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([name, value]) => `${name}="${escapeAttribute(value)}"`).join(' ');
}

/** `<iframe src=… title=… width height loading="lazy" style="border:0">` — no allow/sandbox extras are needed. */
export function iframeTag({ url, title, size }: IframeSnippetInput): string {
  const box: (readonly [string, string])[] =
    size === 'auto'
      ? [['height', String(AUTO_INITIAL_HEIGHT)], ['style', 'border:0;width:100%'], [AUTO_HEIGHT_ATTRIBUTE, '']]
      : [['width', String(SIZE_PRESETS[size].width)], ['height', String(SIZE_PRESETS[size].height)], ['style', 'border:0']];
  return `<iframe ${attributes([['src', url], ['title', title], ...box, ['loading', 'lazy']])}></iframe>`;
}

/** A JavaScript string literal that is also safe inside an inline <script> element. */
function scriptString(value: string): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
}

/**
 * The host-page script for auto height. It accepts only { type: 'attention-lab:height', height: <positive number> }
 * from the embed's origin, and resizes the marked frame whose contentWindow sent it, so one copy serves every
 * embed on the page (pasting it twice is harmless). An opaque origin ('null', a file:// build) cannot be checked.
 */
export function autoHeightScript(embedOrigin: string): string {
  const originCheck = embedOrigin === 'null' ? '' : `event.origin !== ${scriptString(embedOrigin)} || `;
  return [
    '<script>',
    "window.addEventListener('message', function (event) {",
    '  var data = event.data;',
    `  if (${originCheck}!data || data.type !== ${scriptString(HEIGHT_MESSAGE)} || typeof data.height !== 'number' || !(data.height > 0)) return;`,
    `  var frames = document.querySelectorAll('iframe[${AUTO_HEIGHT_ATTRIBUTE}]');`,
    '  for (var i = 0; i < frames.length; i++) {',
    `    if (frames[i].contentWindow === event.source) frames[i].style.height = Math.min(Math.ceil(data.height), ${MAX_AUTO_HEIGHT}) + 'px';`,
    '  }',
    '});',
    '</script>',
  ].join('\n');
}

/** The whole snippet to paste: the frame, plus the auto-height script when the size is 'auto'. */
export function embedSnippet(input: IframeSnippetInput): string {
  const frame = iframeTag(input);
  return input.size === 'auto' ? `${frame}\n${autoHeightScript(new URL(input.url).origin)}` : frame;
}

/** The custom element for a widget: attention-<widget id>, e.g. <attention-heatmap>. */
export function elementName(widget: EmbedWidget): string {
  return `attention-${widget}`;
}

/**
 * What an element shows while it is not defined: the browser draws an unknown element's children, so this is
 * what remains when the widgets script never runs (another site's module script without CORS, a wrong address),
 * where no code of ours could say anything. Once the element is defined its shadow root (without a <slot>) hides it.
 * A <span>, not a <p>: a block inside an instructor's <p> would close that paragraph and land outside the element,
 * and then stay visible under the widget.
 */
export function elementFallback(scriptUrl: string, locale: Locale): string {
  const text = elementFailureMessages[locale]['element.fallback']
    .replace('{origin}', () => new URL(scriptUrl).origin)
    .replace('{download}', () => siteDownloadMessages[locale]['share.download.button']);
  return `<span>${escapeAttribute(text)}</span>`;
}

/**
 * The no-iframe alternative: the widgets script, then the element with the embed link's parameters as attributes
 * (same names, decoded values; `widget` is the element's name instead) and the fallback inside it, in the widget's
 * language (snippetLocale).
 */
export function elementSnippet(widget: EmbedWidget, url: string, baseUri: string): string {
  const pairs = Array.from(new URL(url).searchParams.entries()).filter(([name]) => name !== 'widget');
  const name = elementName(widget);
  const scriptUrl = new URL(WIDGETS_SCRIPT, baseUri).href;
  const script = `<script type="module" src="${escapeAttribute(scriptUrl)}"></script>`;
  const attrs = pairs.length > 0 ? ` ${attributes(pairs)}` : '';
  return `${script}\n<${name}${attrs}>${elementFallback(scriptUrl, snippetLocale(url))}</${name}>`;
}
