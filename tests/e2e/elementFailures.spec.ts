import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { elementSnippet, embedUrl } from '../../src/components/share/embedSnippet';
import { DEFAULT_EMBED_OPTIONS } from '../../src/shared/embedContract';
import { DEFAULT_SETTINGS } from '../../src/state/labStore';
import { startAppSite, type AppSite, type AppSiteOptions } from './appSite';
import { startOtherSite, type OtherSite } from './otherSite';
import { expectHealthy, watchPage, type Watch } from './screenHealth';
import { START_TOKEN } from './trainedModel';

/*
 * The custom element on a course page of another site when something it needs does not arrive, at phone and desktop
 * widths, in both languages. The app's build is served as plain static files by appSite.ts (http://127.0.0.1:<port>),
 * the course page by otherSite.ts (http://localhost:<port>), with the Embed dialog's own snippet builder:
 *   (a) the script without CORS: no code of ours runs, and the snippet's own fallback says why, in the widget's language;
 *   (b) the script with CORS but no model file (404): the element says "not found" and draws the untrained model;
 *   (c) a damaged model file: the element says the file is damaged.
 * Once the element is defined, its shadow root (no <slot>) hides the fallback: checked in (b) and (c).
 */

const DIST = resolve(import.meta.dirname, '../../dist');
const MODEL = '/models/lm/model.bin';

/** Chromium's own report of a refused cross-origin module script; no page can keep it out of the console. */
const CORS_REFUSAL = /^console: Access to script at '.*attention-lab-widgets\.js' from origin '.*' has been blocked by CORS policy/;

const TEXT = { en: 'The cat sat on the mat', zh: '小猫坐在垫子上' } as const;
const LOCALES = ['en', 'zh'] as const;
type Locale = (typeof LOCALES)[number];

const SAYS = {
  fallback: { en: /^The Attention Lab widget has not loaded\. If this message stays, the site at http:\/\/127\.0\.0\.1:\d+ must send the header Access-Control-Allow-Origin .*“Download for your site”/, zh: /^注意力实验室组件还没有加载。如果这条消息一直显示，说明 http:\/\/127\.0\.0\.1:\d+ 上的网站必须为组件的脚本发送 Access-Control-Allow-Origin 头.*“下载到你的网站”/ },
  notFound: { en: /The trained model’s file was not found at http:\/\/127\.0\.0\.1:\d+\/models\/lm\/model\.bin \(404\).*The untrained model is shown instead\./, zh: /在 http:\/\/127\.0\.0\.1:\d+\/models\/lm\/model\.bin 找不到训练好的模型文件（404）.*现在显示未训练的模型。/ },
  damaged: { en: /The trained model’s file at http:\/\/127\.0\.0\.1:\d+\/models\/lm\/model\.bin is damaged or not a model file.*The untrained model is shown instead\./, zh: /http:\/\/127\.0\.0\.1:\d+\/models\/lm\/model\.bin 上的训练好的模型文件已损坏，或者不是模型文件.*现在显示未训练的模型。/ },
  heading: { en: 'Layer 1, head 1', zh: '第 1 层，头 1' },
} as const;

let course: OtherSite;
let app: AppSite | null = null;
test.beforeAll(async () => {
  course = await startOtherSite();
});
test.afterEach(async () => {
  await app?.close();
  app = null;
});
test.afterAll(async () => {
  await course.close();
});

/** Serves the build as `options` say, and opens a course page in `locale` with the dialog's snippet for a heatmap. */
async function openCoursePage(page: Page, locale: Locale, options: Omit<AppSiteOptions, 'root'>, name: string): Promise<Watch> {
  app = await startAppSite({ root: DIST, ...options });
  const base = `${app.origin}/`;
  const url = embedUrl({ ...DEFAULT_SETTINGS, text: TEXT[locale] }, locale, DEFAULT_EMBED_OPTIONS, base);
  const html = `<!doctype html><html lang="${locale === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${name}</title></head><body>
<h1>${name}</h1>
<p>Some course text before the widget.</p>
${elementSnippet('heatmap', url, base)}
<p>Some course text after it.</p>
</body></html>`;
  const watch = watchPage(page);
  await page.goto(course.page(`/${name}.html`, html));
  return watch;
}

/** Nothing on the page is wider than the screen. */
async function expectNoSideScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const width of [375, 1400]) {
  for (const locale of LOCALES) {
    test.describe(`${width} px, ${locale}`, () => {
      test.beforeEach(async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
      });

      test('(a) the script served without CORS: the snippet’s fallback says why and what to do, not a blank box', async ({ page }) => {
        const watch = await openCoursePage(page, locale, { cors: false }, `no-cors-${width}-${locale}`);
        // Wait until the browser has refused the script, so what is checked is the final state, not the loading one.
        await expect.poll(() => watch.errors.filter((e) => CORS_REFUSAL.test(e)).length, { message: 'the browser refused the script' }).toBeGreaterThan(0);
        const fallback = page.locator('attention-heatmap > span');
        await expect(fallback).toBeVisible();
        await expect(fallback).toHaveText(SAYS.fallback[locale]);
        expect(await page.evaluate(() => customElements.get('attention-heatmap') === undefined)).toBe(true);
        const box = await page.locator('attention-heatmap').boundingBox();
        expect(box && box.height >= 10 && box.width >= 100, 'the element’s box shows the fallback').toBe(true);
        await expectNoSideScroll(page, width);
        // The one console error allowed is the browser's own CORS refusal (and its "Failed to load resource", which
        // watchPage already leaves out): our code never ran, so it cannot have logged anything.
        watch.errors.splice(0, watch.errors.length, ...watch.errors.filter((e) => !CORS_REFUSAL.test(e)));
        await expectHealthy(page, watch);
      });

      test('(b) the script with CORS but no model file: “not found” inside the element, the untrained model drawn', async ({ page }) => {
        const watch = await openCoursePage(page, locale, { cors: true, replace: { [MODEL]: 404 } }, `no-model-${width}-${locale}`);
        const element = page.locator('attention-heatmap');
        await expect(element.getByRole('alert')).toHaveText(SAYS.notFound[locale], { timeout: 15_000 });
        await expect(element.getByRole('heading', { level: 2 })).toHaveText(SAYS.heading[locale]);
        await expect(element.getByRole('application')).toBeVisible();
        await expect(element.getByRole('application')).not.toContainText(START_TOKEN);
        expect(app!.requests).toContain(MODEL);
        // Defined: the shadow root hides the fallback.
        await expect(page.locator('attention-heatmap > span')).toBeHidden();
        await expectNoSideScroll(page, width);
        await expectHealthy(page, watch);
      });

      test('(c) a damaged model file: the element names a damaged file', async ({ page }) => {
        const halve = (file: Buffer): Buffer => file.subarray(0, file.length >> 1);
        const watch = await openCoursePage(page, locale, { cors: true, replace: { [MODEL]: halve } }, `damaged-${width}-${locale}`);
        const element = page.locator('attention-heatmap');
        await expect(element.getByRole('alert')).toHaveText(SAYS.damaged[locale], { timeout: 15_000 });
        await expect(element.getByRole('heading', { level: 2 })).toHaveText(SAYS.heading[locale]);
        await expect(element.getByRole('application')).not.toContainText(START_TOKEN);
        await expect(page.locator('attention-heatmap > span')).toBeHidden();
        await expectNoSideScroll(page, width);
        await expectHealthy(page, watch);
      });
    });
  }
}

test('with CORS and the model file there, the element runs the trained model and says nothing of a failure', async ({ page }) => {
  const watch = await openCoursePage(page, 'en', { cors: true }, 'all-well');
  const element = page.locator('attention-heatmap');
  await expect(element.getByRole('application')).toContainText(START_TOKEN, { timeout: 15_000 });
  await expect(element.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('attention-heatmap > span')).toBeHidden();
  await expectHealthy(page, watch);
});
