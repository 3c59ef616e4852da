import type { Locator, Page } from '@playwright/test';
import { PWNED } from './screenHealth';

/*
 * The hostile-input suite's cases, as data: where to go, what to do to the browser first, what proves the page
 * still works, and which notice must say that the input was changed. Payloads that could run script set
 * window.__pwned (checked by expectHealthy in every frame).
 */

export interface HostileCase {
  readonly name: string;
  /** Relative to the app's origin. */
  readonly url: string;
  /** Runs before navigation (init scripts: storage contents, storage that throws). */
  readonly before?: (page: Page) => Promise<void>;
  /** What shows the page works (visible once it has rendered). */
  readonly shows: (page: Page) => Locator;
  /** Text of the visible notice (role status or alert) that says what was changed; absent when nothing was. */
  readonly notice?: RegExp;
  /** Lessons quote PyTorch's NaN on purpose. */
  readonly allowNaN?: boolean;
  /** Checks after the page has settled (the address bar, a control that must still work …). */
  readonly then?: (page: Page) => Promise<void>;
}

const XSS_IMG = `<img src=x onerror="${PWNED}">`;
const XSS_SCRIPT = `<script>${PWNED}</script>`;
const XSS_SVG = `<svg onload="${PWNED}"></svg>`;
const enc = encodeURIComponent;

export const labShown = (page: Page): Locator => page.getByRole('textbox', { name: 'Your sentence (English or Chinese)' });
export const heatmapShown = (page: Page): Locator => page.getByRole('heading', { name: /^Layer \d+, (head \d+|average of)/i }).first();
export const lessonMapShown = (page: Page): Locator => page.getByRole('heading', { name: 'The course', exact: true });
export const playgroundShown = (page: Page): Locator => page.getByRole('button', { name: /^(Start|Resume)$/ });
export const embedShown = (page: Page): Locator => page.getByRole('link', { name: /Open in Attention Lab/ });

const words = (n: number): string => Array.from({ length: n }, (_, i) => 'abcdefghijklmnopqrstuvwxyz'[(i * 7) % 26]).join(' ');

/**
 * Lab links: every parameter given something it cannot use. Most run the trained model (a refused d, h, layers or
 * seed falls back to its default, and a link without model= and with default ones means that model); the cases
 * whose notice is the untrained encoder's own (its tokenizer, its 512-token limit) say model=untrained.
 */
export const LAB_LINK_CASES: readonly HostileCase[] = [
  { name: 'text with an <img onerror> payload', url: `/?text=${enc(XSS_IMG)}`, shows: heatmapShown },
  { name: 'text with a <script> payload', url: `/?text=${enc(XSS_SCRIPT)}`, shows: heatmapShown },
  { name: 'text with an <svg onload> payload', url: `/?text=${enc(XSS_SVG)}`, shows: heatmapShown },
  { name: 'text of 5,000 characters', url: `/?text=${'a'.repeat(5000)}`, shows: heatmapShown, notice: /text.*too long/ },
  { name: 'empty text', url: '/?text=', shows: labShown, notice: /Type a sentence above/ },
  { name: 'text of spaces only', url: '/?text=+++&model=untrained', shows: labShown, notice: /Type a sentence above/ },
  { name: 'text of emoji and flags', url: `/?text=${enc('😀 👍🏽 🇨🇳 👨‍👩‍👧 ✨')}`, shows: heatmapShown },
  { name: 'text with a lone surrogate escape', url: '/?text=%ED%A0%80abc', shows: labShown },
  { name: 'text with a broken percent escape', url: '/?text=100%+sure%', shows: labShown },
  { name: 'text with control characters and RTL marks', url: `/?text=${enc('a\u0000b\u202Ec\u0007d\r\n e')}`, shows: heatmapShown },
  { name: 'text of 1,999 Chinese characters', url: `/?text=${enc('注'.repeat(1999))}`, shows: labShown },
  { name: 'text of 600 words (over the token limit)', url: `/?text=${enc(words(600))}&model=untrained`, shows: heatmapShown, notice: /600 tokens; only the first 512/ },
  { name: 'd that is not a number', url: '/?d=abc', shows: heatmapShown, notice: /sets d to abc/ },
  { name: 'd negative', url: '/?d=-32', shows: heatmapShown, notice: /sets d to -32/ },
  { name: 'd huge', url: '/?d=1e308', shows: heatmapShown, notice: /sets d to 1e308/ },
  { name: 'd in hexadecimal', url: '/?d=0x20', shows: heatmapShown, notice: /sets d to 0x20/ },
  { name: 'h zero', url: '/?h=0', shows: heatmapShown, notice: /sets h to 0/ },
  { name: 'h that does not divide d', url: '/?d=32&h=3', shows: heatmapShown, notice: /3 heads.*does not divide/ },
  { name: 'layers 99', url: '/?layers=99', shows: heatmapShown, notice: /sets layers to 99/ },
  { name: 'layers fractional', url: '/?layers=1.5', shows: heatmapShown, notice: /sets layers to 1\.5/ },
  { name: 'seed negative', url: '/?seed=-1', shows: heatmapShown, notice: /sets seed to -1/ },
  { name: 'seed beyond 32 bits', url: '/?seed=99999999999', shows: heatmapShown, notice: /sets seed to 99999999999/ },
  { name: 'seed nan', url: '/?seed=nan', shows: heatmapShown, notice: /sets seed to nan/ },
  { name: 'seed 1e999 (Infinity when parsed)', url: '/?seed=1e999', shows: heatmapShown, notice: /sets seed to 1e999/ },
  { name: 'pe 2', url: '/?pe=2', shows: heatmapShown, notice: /sets pe to 2/ },
  { name: 'mask unknown', url: '/?mask=evil', shows: heatmapShown, notice: /sets mask to evil/ },
  { name: 'custom cells malformed', url: '/?mask=custom&cells=1-2-3', shows: heatmapShown, notice: /sets cells to 1-2-3/ },
  { name: 'custom mask of 10,000 cells', url: `/?mask=custom&cells=${Array.from({ length: 10_000 }, (_, i) => `${i % 100}-${Math.floor(i / 100)}`).join(',')}`, shows: heatmapShown },
  { name: 'custom cells far out of range', url: '/?mask=custom&cells=999-999', shows: heatmapShown, notice: /sets cells to 999-999/ },
  { name: 'padding list of letters', url: '/?mask=padding&pad=a,b', shows: heatmapShown, notice: /sets pad to a,b/ },
  { name: 'off with a prototype key', url: '/?off=__proto__', shows: heatmapShown, notice: /sets off to __proto__/ },
  { name: 'layer out of range', url: '/?layer=9', shows: heatmapShown, notice: /sets layer to 9/ },
  { name: 'head out of range', url: '/?head=9', shows: heatmapShown, notice: /sets head to 9/ },
  { name: 'head negative', url: '/?head=-1', shows: heatmapShown, notice: /sets head to -1/ },
  { name: 'view unknown', url: '/?view=evil', shows: heatmapShown, notice: /sets view to evil/ },
  { name: 'page unknown', url: '/?page=evil', shows: heatmapShown, notice: /sets page to evil/ },
  { name: 'lang unknown', url: '/?lang=xx', shows: heatmapShown, notice: /sets lang to xx/ },
  { name: 'lang __proto__', url: '/?lang=__proto__', shows: heatmapShown, notice: /sets lang to __proto__/ },
  { name: 'a parameter given twice', url: '/?text=first&text=second', shows: heatmapShown, notice: /sets text more than once/ },
  {
    name: 'an unknown parameter of 100 KB, dropped from the address bar',
    url: `/?zzz=${'x'.repeat(100_000)}`,
    shows: heatmapShown,
    notice: /sets zzz to x+…?.*no such setting/,
    then: async (page) => {
      await page.waitForFunction(() => !location.search.includes('zzz'));
    },
  },
  { name: 'prototype-polluting parameter names', url: '/?__proto__[polluted]=1&constructor.prototype.polluted=1', shows: heatmapShown, notice: /no such setting/ },
  { name: 'a walkthrough link with every value wrong', url: '/?page=walkthrough&d=7&h=99&layer=-3&mask=%00', shows: labShown, notice: /sets h to 99/ },
  { name: 'an unknown lesson slug of 100 KB, cut on screen', url: `/#/lessons/${'y'.repeat(100_000)}`, shows: lessonMapShown, notice: /There is no lesson called “y+…”/, allowNaN: true },
  { name: 'a lesson slug with markup', url: `/#/lessons/${enc(XSS_IMG)}`, shows: lessonMapShown, notice: /There is no lesson called/, allowNaN: true },
  { name: 'a lesson slug with a broken escape', url: '/#/lessons/%E0%A4%A', shows: lessonMapShown, notice: /There is no lesson called/, allowNaN: true },
  { name: 'an unknown route', url: '/#/nowhere/../../etc/passwd', shows: heatmapShown },
];

/** Embed links and the messages an embed accepts from its page. */
export const EMBED_LINK_CASES: readonly HostileCase[] = [
  { name: 'embed: unknown widget', url: '/embed.html?widget=evil', shows: embedShown, notice: /widget evil, which does not exist/ },
  { name: 'embed: widget with markup', url: `/embed.html?widget=${enc(XSS_IMG)}`, shows: embedShown, notice: /which does not exist/ },
  { name: 'embed: unknown step', url: '/embed.html?widget=walkthrough-step&step=999', shows: embedShown, notice: /walkthrough step 999/ },
  { name: 'embed: unknown controls', url: '/embed.html?controls=evil,text', shows: embedShown, notice: /controls that do not exist: evil/ },
  { name: 'embed: lock of a control not shown', url: '/embed.html?lock=mask', shows: embedShown, notice: /locks mask, which is not among the shown controls/ },
  { name: 'embed: text payload', url: `/embed.html?text=${enc(XSS_SCRIPT)}`, shows: embedShown },
  { name: 'embed: lang unknown', url: '/embed.html?lang=xx', shows: embedShown, notice: /sets lang to xx/ },
  {
    name: 'embed: the heaviest settings with 512 words are cut to stay responsive',
    url: `/embed.html?widget=heads-grid&d=128&h=16&layers=4&text=${enc(words(512))}`,
    shows: embedShown,
    notice: /512 tokens; this widget computes the first \d+, so that the page around it stays responsive/,
  },
  { name: 'embed: a custom mask of 10,000 cells', url: `/embed.html?mask=custom&cells=${Array.from({ length: 10_000 }, (_, i) => `${i % 100}-${Math.floor(i / 100)}`).join(',')}`, shows: embedShown },
  { name: 'embed: every parameter empty', url: '/embed.html?widget=&step=&controls=&lock=&text=&d=&h=&layers=', shows: embedShown },
  { name: 'embed: d with heads that do not divide it', url: '/embed.html?widget=head-view&d=30&h=7&controls=settings', shows: embedShown, notice: /7 heads/ },
];

/** Saved state, and storage that refuses to work. */
const saved = (state: unknown, version = 1): string => JSON.stringify({ state, version });
const withSaved = (key: string, text: string) => async (page: Page) => {
  await page.addInitScript(([k, t]) => localStorage.setItem(k, t), [key, text] as const);
};
const UI = 'attention-lab-ui';
const PROGRESS = 'attention-lab-progress';

/** Makes every read of window.localStorage throw, as in a frame whose third-party storage is blocked. */
export async function storageThrows(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
  });
}

/** Storage that reads but refuses every write (quota exceeded). */
async function storageFull(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Storage.prototype.setItem = function setItem() {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
}

const corruptUi: readonly [string, string][] = [
  ['locale "xx"', saved({ locale: 'xx' })],
  ['locale null', saved({ locale: null })],
  ['locale 42', saved({ locale: 42 })],
  ['locale "__proto__"', saved({ locale: '__proto__' })],
  ['locale "constructor"', saved({ locale: 'constructor' })],
  ['locale an object', saved({ locale: { en: 1 } })],
  ['locale a 4 MB string', saved({ locale: 'x'.repeat(4 * 1024 * 1024) })],
  ['setLocale overwritten', saved({ locale: 'en', setLocale: 'boom' })],
  ['an unknown version', saved({ locale: 'zh' }, 99)],
  ['broken JSON', '{"state":{"locale":'],
];

export const SAVED_STATE_CASES: readonly HostileCase[] = [
  ...corruptUi.map(([what, text]): HostileCase => ({ name: `saved UI state: ${what} (lab)`, url: '/', before: withSaved(UI, text), shows: heatmapShown })),
  { name: 'saved UI state: locale "xx" (lessons)', url: '/#/lessons/masking', before: withSaved(UI, saved({ locale: 'xx' })), shows: (p) => p.getByRole('heading', { level: 1 }).first(), allowNaN: true },
  { name: 'saved UI state: locale null (playground)', url: '/#/playground', before: withSaved(UI, saved({ locale: null })), shows: playgroundShown },
  { name: 'saved UI state: locale 42 (embed)', url: '/embed.html?widget=heatmap', before: withSaved(UI, saved({ locale: 42 })), shows: embedShown },
  { name: 'saved UI state: setLocale "boom" — the language switch still works', url: '/', before: withSaved(UI, saved({ locale: 'en', setLocale: 'boom' })), shows: heatmapShown, then: switchToChinese },
  { name: 'saved progress: broken JSON (lesson map)', url: '/#/lessons', before: withSaved(PROGRESS, '{"state":'), shows: lessonMapShown, allowNaN: true },
  { name: 'saved progress: wrong types (lesson map)', url: '/#/lessons', before: withSaved(PROGRESS, saved({ visited: 42, answers: [1, 2] })), shows: lessonMapShown, allowNaN: true },
  { name: 'storage that throws: lab', url: '/', before: storageThrows, shows: heatmapShown, then: switchToChinese },
  { name: 'storage that throws: lessons', url: '/#/lessons/what-is-attention', before: storageThrows, shows: (p) => p.getByRole('heading', { level: 1 }).first(), allowNaN: true },
  { name: 'storage that throws: playground', url: '/#/playground', before: storageThrows, shows: playgroundShown },
  { name: 'storage that throws: embed', url: '/embed.html?widget=heads-grid', before: storageThrows, shows: embedShown },
  { name: 'storage that is full: lab', url: '/', before: storageFull, shows: heatmapShown, then: switchToChinese },
];

/** Playground links. */
export const PLAYGROUND_LINK_CASES: readonly HostileCase[] = [
  { name: 'playground: unknown task', url: '/#/playground?task=evil', shows: playgroundShown, notice: /There is no task “evil”/ },
  { name: 'playground: task with markup', url: `/#/playground?task=${enc(XSS_IMG)}`, shows: playgroundShown, notice: /There is no task/ },
  { name: 'playground: layers 99', url: '/#/playground?layers=99', shows: playgroundShown, notice: /layers = “99” is outside/ },
  { name: 'playground: heads that do not divide', url: '/#/playground?task=sort&width=32&heads=3', shows: playgroundShown, notice: /3 heads do not divide the width 32/ },
  { name: 'playground: width in hexadecimal', url: '/#/playground?width=0x20', shows: playgroundShown, notice: /width = “0x20” is not a valid value/ },
  { name: 'playground: lr not a number', url: '/#/playground?lr=abc', shows: playgroundShown, notice: /lr = “abc” is not a valid value/ },
  { name: 'playground: lr too large', url: '/#/playground?lr=5', shows: playgroundShown, notice: /lr = “5” is outside/ },
  { name: 'playground: seed negative', url: '/#/playground?seed=-1', shows: playgroundShown, notice: /seed = “-1”/ },
  { name: 'playground: causal maybe', url: '/#/playground?causal=maybe', shows: playgroundShown, notice: /causal = “maybe”/ },
  { name: 'playground: input of 100 KB', url: `/#/playground?input=${'9'.repeat(100_000)}`, shows: playgroundShown, notice: /is not an input for this task/ },
  { name: 'playground: unknown parameter', url: '/#/playground?zzz=1', shows: playgroundShown, notice: /“zzz” is not a playground setting/ },
];

async function switchToChinese(page: Page): Promise<void> {
  await page.getByRole('button', { name: '中文' }).click();
  await page.getByRole('textbox', { name: '你的句子（中文或英文）' }).waitFor();
}
