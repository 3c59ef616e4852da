import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import '../../src/messages';
import { translate } from '../../src/i18n/translate';
import { EMBED_WIDGETS, type EmbedWidget } from '../../src/shared/embedContract';
import type { Locale } from '../../src/state/uiStore';
import { coursePage, startOtherSite, type OtherSite } from './otherSite';
import { expectHealthy, watchPage } from './screenHealth';
import { START_TOKEN } from './trainedModel';

/*
 * An instructor's path for every one of the eight widgets: the Embed dialog's iframe snippet, pasted into a course
 * page on ANOTHER site (http://localhost:<port>; the app is at 127.0.0.1), at a phone's and a desktop's width, in
 * both languages. Each frame must draw its widget with the trained model, not the untrained stand-in.
 */

const TEXT = 'The cat sat on the mat because it was tired';

/** The dialog's snippet for `widget`, with the dialog in `locale` (its labels are looked up, not hard-coded). */
async function dialogSnippet(page: Page, locale: Locale, widget: EmbedWidget): Promise<string> {
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
  await page.getByRole('button', { name: t('share.embed.open') }).click();
  const dialog = page.getByRole('dialog', { name: t('share.embed.heading') });
  await dialog.getByRole('combobox', { name: t('share.embed.widget') }).selectOption(widget);
  await dialog.getByRole('radio', { name: t('share.embed.size.auto') }).check();
  const snippet = await dialog.getByRole('textbox', { name: t('share.embed.snippet') }).first().inputValue();
  await page.keyboard.press('Escape');
  return snippet;
}

/** Waits until the frame shows `widget` computed by the trained model. */
async function expectDrawnByTrainedModel(frame: FrameLocator, locale: Locale, widget: EmbedWidget): Promise<void> {
  const view = frame.locator('.ev-widget');
  const timeout = 20_000;
  switch (widget) {
    case 'heatmap':
    case 'head-view':
    case 'walkthrough-step':
      // Only the trained model's run has the start token among the tokens it draws.
      await expect(view, widget).toContainText(START_TOKEN, { timeout });
      return;
    case 'heads-grid':
      // Head labels are measured on the trained model only.
      await expect(view, widget).toContainText(translate(locale, 'headLabels.kind.previousToken'), { timeout });
      return;
    case 'sqrt-dk':
      // An experiment on random vectors: no model. Drawn when its readout is there.
      await expect(view.getByTestId('wt-dk'), widget).toBeVisible({ timeout });
      return;
    case 'residual':
      await expect(view.getByTestId('wt-collapse-result'), widget).toBeVisible({ timeout });
      return;
    case 'predictions':
      await expect(view.getByRole('heading', { name: translate(locale, 'predictions.title') }), widget).toBeVisible({ timeout });
      await expect(view, widget).toContainText(START_TOKEN, { timeout });
      return;
    case 'generation': {
      const generate = view.getByRole('button', { name: translate(locale, 'lw.generation.generate') });
      await expect(generate, widget).toBeEnabled({ timeout });
      await generate.click();
      await expect(view.getByTestId('generation-step'), widget).toBeVisible({ timeout });
      return;
    }
  }
}

let site: OtherSite;
test.beforeAll(async () => {
  site = await startOtherSite();
});
test.afterAll(async () => {
  await site.close();
});

for (const locale of ['en', 'zh'] as const) {
  for (const width of [375, 1400]) {
    test(`all eight widgets from the dialog's snippets, on another site, at ${width} px, in ${locale}`, async ({ page }) => {
      test.setTimeout(120_000);
      expect(EMBED_WIDGETS).toHaveLength(8);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/?lang=${locale}&text=${encodeURIComponent(TEXT)}`);
      const pasted: string[] = [];
      for (const widget of EMBED_WIDGETS) pasted.push(await dialogSnippet(page, locale, widget));
      for (const snippet of pasted) expect(snippet).toContain(`lang=${locale}`);

      const watch = watchPage(page);
      await page.goto(site.page(`/course-${locale}-${width}.html`, coursePage(`Every widget (${locale})`, pasted)));
      for (const [i, widget] of EMBED_WIDGETS.entries()) {
        await page.locator('iframe').nth(i).scrollIntoViewIfNeeded();
        await expectDrawnByTrainedModel(page.frameLocator(`iframe >> nth=${i}`), locale, widget);
      }
      // Every frame of the app is third-party here, and none is wider than the page.
      const frames = page.frames().filter((f) => f.url().includes('/embed.html'));
      expect(frames).toHaveLength(8);
      for (const frame of frames) expect(new URL(frame.url()).origin).not.toBe(new URL(page.url()).origin);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      await expectHealthy(page, watch);
    });
  }
}
