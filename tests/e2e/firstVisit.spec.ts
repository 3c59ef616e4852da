import { expect, test, type Page } from '@playwright/test';
import { labAxe } from './axe';
import { watchErrors } from './watchErrors';

// Every test starts in a fresh browser context: nothing saved, as on a first visit.
const EN_SENTENCE = 'The animal did not cross the street because it was too tired.';
const ZH_SENTENCE = '那只动物没有过马路，因为它太累了。';

const entry = (page: Page) => page.getByRole('region', { name: 'Getting started' });
const sentence = (page: Page, locale: 'en' | 'zh') => page.getByLabel(locale === 'en' ? 'Your sentence (English or Chinese)' : '你的句子（中文或英文）');

test('a first visit shows the entry to lesson 1; Dismiss hides it for good', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/?lang=en');
  await expect(entry(page)).toContainText('New here? Start with lesson 1: What attention is');
  await page.getByRole('button', { name: 'Dismiss the getting-started hint' }).click();
  await expect(entry(page)).toHaveCount(0);
  await page.reload();
  await expect(sentence(page, 'en')).toBeVisible();
  await expect(entry(page)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('following the entry’s link opens lesson 1, and the entry does not come back', async ({ page }) => {
  await page.goto('/?lang=en');
  await entry(page).getByRole('link', { name: 'Start with lesson 1: What attention is' }).click();
  await expect(page).toHaveURL(/#\/lessons\/what-is-attention$/);
  await expect(page.locator('#lesson-title')).toHaveText('What attention is');
  await page.goto('/?lang=en');
  await expect(sentence(page, 'en')).toBeVisible();
  await expect(entry(page)).toHaveCount(0);
});

test.describe('a Chinese reader', () => {
  test.use({ locale: 'zh-CN' });

  test('opens on the Chinese sentence, keeps it over a reload, and English swaps it back', async ({ page }) => {
    await page.goto('/');
    await expect(sentence(page, 'zh')).toHaveValue(ZH_SENTENCE);
    await expect(page.getByRole('region', { name: '入门' })).toContainText('第一次来？');
    await page.reload();
    await expect(sentence(page, 'zh')).toHaveValue(ZH_SENTENCE);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(sentence(page, 'en')).toHaveValue(EN_SENTENCE);
  });

  test('a typed sentence stays when the language changes', async ({ page }) => {
    await page.goto('/');
    await sentence(page, 'zh').fill('我爱北京');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(sentence(page, 'en')).toHaveValue('我爱北京');
  });
});

test('a link in Chinese with no sentence of its own opens on the Chinese sentence', async ({ page }) => {
  await page.goto('/?lang=zh');
  await expect(sentence(page, 'zh')).toHaveValue(ZH_SENTENCE);
});

for (const locale of ['en', 'zh'] as const) {
  test(`at 375 px the header’s guide link is visible and opens the guide (${locale})`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/?lang=${locale}`);
    const link = page.locator('.app-header').getByRole('link', { name: locale === 'en' ? 'Instructor guide' : '教师指南' });
    await expect(link).toBeVisible();
    const box = await link.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    const axe = await labAxe(page).include('.app-header').include('.first-visit').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await link.click();
    await expect(page).toHaveURL(/#\/guide$/);
    await expect(page.getByRole('heading', { name: locale === 'en' ? 'Instructor guide: embedding Attention Lab' : '教师指南：嵌入注意力实验室' })).toBeVisible();
  });
}

/*
 * The first screen, as a new student sees it: the sentence box and the attention map, not a column of settings.
 * Desktop: both within 900 px. Phone (375 × 740, the first-visit hint still up): the box, then the map's first
 * row; the model and mask controls come after the views, reached by a link under the sentence.
 */
for (const [name, viewport] of [
  ['desktop', { width: 1400, height: 900 }],
  ['phone', { width: 375, height: 740 }],
] as const) {
  test(`${name}: the first screen shows the sentence box and the attention map`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/?lang=en&model=untrained');
    await expect(page.locator('.lab-status[data-lab-pending="false"]')).toBeAttached();
    const box = await sentence(page, 'en').boundingBox();
    const firstCell = await page.locator('.selected-head .attention-heatmap__cells rect[data-q="0"]').first().boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(firstCell).not.toBeNull();
    expect(firstCell && firstCell.y + firstCell.height).toBeLessThanOrEqual(viewport.height);
    if (name === 'phone') {
      await page.getByRole('link', { name: 'Model, examples and masks ↓' }).click();
      await expect(page.getByRole('complementary', { name: 'Model and settings' })).toBeFocused();
      await expect(page.getByRole('combobox', { name: 'Model', exact: true })).toBeInViewport();
    }
  });
}
