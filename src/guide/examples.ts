import { autoHeightScript, elementSnippet, embedUrl, frameTitle, iframeTag } from '../components/share/embedSnippet';
import { DEFAULT_SETTINGS, type LabSettings } from '../state/labStore';
import type { Locale } from '../state/locale';
import { DEFAULT_EMBED_OPTIONS, HEIGHT_MESSAGE, SET_TEXT_MESSAGE, type EmbedOptions } from '../shared/embedContract';
import type { Bi } from './types';

/*
 * The guide's code examples, made by the same builders as the embed dialog (so they cannot drift from what it
 * hands out), with {base} / {origin} where the address of this copy of the lab goes (filled in when rendered).
 */

/** A stand-in address, swapped for the {base} placeholder after building. */
const STAND_IN = 'https://lab.invalid/';
const toPlaceholders = (text: string): string => text.split(STAND_IN).join('{base}').split('https://lab.invalid').join('{origin}');

export const EXAMPLE_SETTINGS: LabSettings = { ...DEFAULT_SETTINGS, model: 'untrained', text: 'The cat sat on the mat', numHeads: 2, maskMode: 'causal' };
export const EXAMPLE_OPTIONS: EmbedOptions = { ...DEFAULT_EMBED_OPTIONS, widget: 'heatmap', controls: ['text', 'mask'], locked: ['mask'] };

const url = embedUrl(EXAMPLE_SETTINGS, 'en', EXAMPLE_OPTIONS, STAND_IN);
/** The guide's reader gets the example in their language: the link's lang, and the frame's title in that lang. */
const urlIn = (locale: Locale): string => embedUrl(EXAMPLE_SETTINGS, locale, EXAMPLE_OPTIONS, STAND_IN);
const frameIn = (locale: Locale, size: 'medium' | 'auto'): string => iframeTag({ url: urlIn(locale), title: frameTitle(EXAMPLE_OPTIONS.widget, urlIn(locale)), size });

export const EXAMPLE_URL = toPlaceholders(url);

/** A fixed-size frame. */
export const IFRAME_EXAMPLE: Bi = {
  en: toPlaceholders(frameIn('en', 'medium')),
  zh: toPlaceholders(frameIn('zh', 'medium')),
};

/** A full-width frame plus the host-page script that follows its height. */
export const AUTO_HEIGHT_EXAMPLE: Bi = {
  en: toPlaceholders(`${frameIn('en', 'auto')}\n${autoHeightScript(new URL(STAND_IN).origin)}`),
  zh: toPlaceholders(`${frameIn('zh', 'auto')}\n${autoHeightScript(new URL(STAND_IN).origin)}`),
};

export const ELEMENT_EXAMPLE = toPlaceholders(elementSnippet(EXAMPLE_OPTIONS.widget, url, STAND_IN));

export const HEIGHT_MESSAGE_EXAMPLE = `{ type: '${HEIGHT_MESSAGE}', height: 612 }`;

export const SET_TEXT_EXAMPLE: Bi = {
  en: [
    '// Change the sentence of an embed whose text control is not locked.',
    "const frame = document.querySelector('iframe[src*=\"embed.html\"]');",
    `frame.contentWindow.postMessage({ type: '${SET_TEXT_MESSAGE}', text: 'The dog chased the ball' }, '{origin}');`,
  ].join('\n'),
  zh: [
    '// 修改一个嵌入组件的句子（它的句子控件不能是只读的）。',
    "const frame = document.querySelector('iframe[src*=\"embed.html\"]');",
    `frame.contentWindow.postMessage({ type: '${SET_TEXT_MESSAGE}', text: '小猫坐在垫子上' }, '{origin}');`,
  ].join('\n'),
};
