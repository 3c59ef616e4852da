import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { expectHealthy, watchPage } from './screenHealth';
import { coursePage, startOtherSite, type OtherSite } from './otherSite';
import { waitForTrainedTokens } from './trainedModel';
import { elementSnippet, embedUrl } from '../../src/components/share/embedSnippet';
import { DEFAULT_EMBED_OPTIONS } from '../../src/shared/embedContract';
import { DEFAULT_SETTINGS } from '../../src/state/labStore';

/*
 * Embeds as instructors use them: the Embed dialog's own snippets pasted into a course page on ANOTHER site
 * (http://localhost:<port>, while the app is at http://127.0.0.1:4173). Chromium refuses localStorage to such
 * third-party frames; the widgets must draw and size their frames all the same.
 */

const WIDGETS = ['heatmap', 'heads-grid', 'head-view'] as const;
type Widget = (typeof WIDGETS)[number];

function drawn(frame: FrameLocator, widget: Widget): Locator {
  switch (widget) {
    case 'heatmap':
      return frame.getByRole('heading', { name: 'Layer 1, head 1' });
    case 'heads-grid':
      return frame.getByRole('button', { name: 'Layer 2, head 4' });
    case 'head-view':
      return frame.getByRole('heading', { name: /^Head view, layer 1/ });
  }
}

/** The snippet the Embed dialog gives for `widget` (auto height), on the lab's own origin. */
async function dialogSnippet(page: Page, widget: Widget): Promise<string> {
  await page.getByRole('button', { name: 'Embed / share…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed or share this view' });
  await dialog.getByRole('combobox', { name: 'Widget' }).selectOption(widget);
  await dialog.getByRole('radio', { name: 'Full width, height adjusts to the content' }).check();
  const snippet = await dialog.getByRole('textbox', { name: 'HTML to paste into your page' }).inputValue();
  await page.keyboard.press('Escape');
  return snippet;
}

let site: OtherSite;
test.beforeAll(async () => {
  site = await startOtherSite();
});
test.afterAll(async () => {
  await site.close();
});

async function snippets(page: Page): Promise<string[]> {
  await page.goto('/?lang=en&text=The+cat+sat+on+the+mat+because+it+was+tired');
  const all: string[] = [];
  for (const widget of WIDGETS) all.push(await dialogSnippet(page, widget));
  return all;
}

async function expectEveryWidgetDrawnAndSized(page: Page): Promise<void> {
  for (const [i, widget] of WIDGETS.entries()) {
    const iframe = page.locator('iframe').nth(i);
    await iframe.scrollIntoViewIfNeeded();
    await expect(drawn(page.frameLocator(`iframe >> nth=${i}`), widget), widget).toBeVisible({ timeout: 15_000 });
    // The heatmap and the head view draw tokens: sized once they show the trained model, not the stand-in before it.
    if (widget !== 'heads-grid') await waitForTrainedTokens(page.frameLocator(`iframe >> nth=${i}`).locator('.ev-widget'));
    // Resized by the snippet's script to the height the frame reports (the snippet starts every frame elsewhere).
    await expect
      .poll(async () => {
        const frameHeight = await iframe.evaluate((el) => parseFloat((el as HTMLIFrameElement).style.height) || 0);
        const content = await (await iframe.elementHandle())!.contentFrame().then((f) => f!.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height)));
        return frameHeight > 0 && Math.abs(frameHeight - content) <= 1;
      }, { message: `${widget} frame sized to its content`, timeout: 15_000 })
      .toBe(true);
  }
}

test('the dialog’s snippets on a course page of another site draw every widget and size every frame', async ({ page }) => {
  const pasted = await snippets(page);
  const watch = watchPage(page);
  await page.goto(site.page('/course.html', coursePage('Week 3: attention', pasted)));
  await expectEveryWidgetDrawnAndSized(page);
  // The condition this test is about: the frames really are third-party and get no storage.
  const frame = page.frames().find((f) => f.url().includes('/embed.html'));
  expect(new URL(frame!.url()).origin).not.toBe(new URL(page.url()).origin);
  await expectHealthy(page, watch);
});

test('the widgets keep working when every storage call throws in the frame', async ({ page, baseURL }) => {
  const pasted = await snippets(page);
  const watch = watchPage(page);
  // Whatever this Chromium allows third-party frames, make storage throw in every frame of the app's origin.
  await page.addInitScript((appPort) => {
    if (location.port !== appPort) return;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError');
      },
    });
  }, new URL(baseURL!).port);
  await page.goto(site.page('/course-blocked.html', coursePage('Storage blocked', pasted)));
  await expectEveryWidgetDrawnAndSized(page);
  // Interaction still works inside a frame (select another head in the grid).
  const grid = page.frameLocator('iframe >> nth=1');
  await grid.getByRole('button', { name: 'Layer 1, head 2' }).click();
  await expect(grid.getByRole('button', { name: 'Layer 1, head 2' })).toHaveAttribute('aria-pressed', 'true');
  await expectHealthy(page, watch);
});

/** Chromium's own report of a refused cross-origin module script; no page can keep it out of the console. */
const CORS_REFUSAL = /^console: Access to script at '.*attention-lab-widgets\.js' from origin '.*' has been blocked by CORS policy/;

test('custom elements load from the app’s site into a course page of another site, or say in their box why not', async ({ page, baseURL }) => {
  const app = `${new URL(baseURL!).origin}/`;
  const snippet = (widget: 'heatmap' | 'heads-grid', text: string, locale: 'en' | 'zh'): string =>
    elementSnippet(widget, embedUrl({ ...DEFAULT_SETTINGS, text }, locale, { ...DEFAULT_EMBED_OPTIONS, widget }, app), app);
  // `vite preview` lets pages on localhost load the app's files (its cors option); plain static hosting
  // (`python3 -m http.server`, many hosts) sends no CORS header, and then the browser refuses the module script.
  const probe = await page.request.get(`${app}attention-lab-widgets.js`, { headers: { origin: site.origin } });
  const cors = probe.headers()['access-control-allow-origin'] !== undefined;
  const watch = watchPage(page);
  await page.goto(site.page('/course-elements.html', coursePage('Elements', [snippet('heatmap', 'The cat sat on the mat', 'en'), snippet('heads-grid', '它累了', 'zh')])));
  if (!cors) {
    // No code of ours runs: each element shows the snippet's fallback, in its widget's language, instead of a blank box.
    await expect.poll(() => watch.errors.filter((e) => CORS_REFUSAL.test(e)).length, { message: 'the browser refused the script' }).toBeGreaterThan(0);
    await expect(page.locator('attention-heatmap > span')).toHaveText(/^The Attention Lab widget has not loaded\. .*Access-Control-Allow-Origin/);
    await expect(page.locator('attention-heads-grid > span')).toHaveText(/^注意力实验室组件还没有加载。.*Access-Control-Allow-Origin/);
    // The browser's refusal is the one error expected (our code never ran, so it logged nothing).
    watch.errors.splice(0, watch.errors.length, ...watch.errors.filter((e) => !CORS_REFUSAL.test(e)));
    await expectHealthy(page, watch);
    return;
  }
  await expect(page.locator('attention-heatmap').getByRole('heading', { name: 'Layer 1, head 1' })).toBeVisible({ timeout: 15_000 });
  // The trained model's file comes from the app's site too (a cross-origin fetch).
  await waitForTrainedTokens(page.locator('attention-heatmap').getByRole('application'));
  await expect(page.locator('attention-heads-grid').getByRole('button', { name: '第 2 层，头 4' })).toBeVisible();
  // Defined: their shadow roots (no <slot>) hide the fallbacks.
  await expect(page.locator('attention-heatmap > span')).toBeHidden();
  await expect(page.locator('attention-heads-grid > span')).toBeHidden();
  await expectHealthy(page, watch);
});

/*
 * Messages a course page (on another site) may post to an embed: only { type: 'attention-lab:set-text', text } with
 * a string of at most 2,000 characters changes anything; everything else is ignored, and nothing breaks the frame.
 */
const MESSAGE_CASES: readonly { readonly name: string; readonly message: string; readonly sets?: string }[] = [
  { name: 'a valid set-text message', message: `{ type: 'attention-lab:set-text', text: 'dogs bark loudly' }`, sets: 'dogs bark loudly' },
  { name: 'set-text with markup', message: `{ type: 'attention-lab:set-text', text: '<img src=x onerror="window.__pwned=1">' }`, sets: '<img src=x onerror="window.__pwned=1">' },
  { name: 'set-text of 100 KB', message: `{ type: 'attention-lab:set-text', text: 'x'.repeat(100000) }` },
  { name: 'set-text with a number', message: `{ type: 'attention-lab:set-text', text: 42 }` },
  { name: 'set-text with an extra key', message: `{ type: 'attention-lab:set-text', text: 'a b', heads: 99 }` },
  { name: 'a prototype-polluting object', message: `JSON.parse('{"type":"attention-lab:set-text","text":"a","__proto__":{"polluted":1}}')` },
  { name: 'a string', message: `'attention-lab:set-text'` },
  { name: 'null', message: 'null' },
  { name: 'an array', message: `['attention-lab:set-text', 'a b']` },
  { name: 'a deeply nested object', message: `(() => { let o = {}; for (let i = 0; i < 500; i++) o = { o }; return o; })()` },
  { name: 'a height message sent back to the frame', message: `{ type: 'attention-lab:height', height: 1e9 }` },
];

test.describe('messages from a course page on another site', () => {
  for (const c of MESSAGE_CASES) {
    test(c.name, async ({ page, baseURL }) => {
      const watch = watchPage(page);
      const query = 'widget=heatmap&controls=text&lang=en&text=The+cat+sat';
      const app = new URL(baseURL!).origin;
      await page.goto(site.page(`/messages-${MESSAGE_CASES.indexOf(c)}.html`, coursePage('Messages', [`<iframe id="w" src="${app}/embed.html?${query}" style="width:100%;height:600px;border:0"></iframe>`])));
      const frame = page.frameLocator('#w');
      const sentence = frame.getByRole('textbox');
      await expect(sentence).toHaveValue('The cat sat', { timeout: 15_000 });
      await page.evaluate(`document.getElementById('w').contentWindow.postMessage(${c.message}, '*')`);
      if (c.sets !== undefined) await expect(sentence).toHaveValue(c.sets);
      else {
        // Give the frame time to (wrongly) act on it, then check it did not.
        await page.waitForTimeout(300);
        await expect(sentence).toHaveValue('The cat sat');
      }
      await expect(frame.getByRole('heading', { name: 'Layer 1, head 1' })).toBeVisible();
      await expectHealthy(page, watch);
    });
  }
});
