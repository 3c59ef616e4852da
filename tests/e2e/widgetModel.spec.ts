import { expect, test } from '@playwright/test';
import { watchErrors } from './watchErrors';

// A student meets two models: the lessons said "the lab" for both. Each widget now names the model it runs, and its
// button opens the lab on that very model: after choosing 8 heads in lesson 5, the lab (which opens on the trained
// model) shows the untrained encoder with those 8 heads.

for (const width of [375, 1400]) {
  test(`lesson 5 at ${width} px: the head-count widget names the untrained encoder and opens the lab on it with 8 heads`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/?lang=en#/lessons/multi-head');
    const widget = page.locator('[data-widget=head-split]');
    await widget.scrollIntoViewIfNeeded();
    await expect(widget.locator('.widget-model')).toHaveText(/Runs the untrained encoder: random weights, width 32, 4 heads, 2 layers, seed 7\./);
    await widget.getByRole('button', { name: '8', exact: true }).click();
    await expect(widget.locator('.widget-model')).toHaveText(/width 32, 8 heads/);
    const card = widget.getByRole('link', { name: 'Model card' });
    expect(await card.getAttribute('href')).toMatch(/models\/untrained\/README\.md$/);
    expect((await page.request.get(new URL(String(await card.getAttribute('href')), page.url()).href)).status()).toBe(200);

    await widget.getByRole('button', { name: 'Open the lab on this model' }).click();
    await expect(page.locator('.model-picker select')).toHaveValue('untrained');
    await expect(page.getByRole('checkbox', { name: /Head 8\b/ }).first()).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('lesson 5 in Chinese: the trained-model widget names the trained language model, and its card is served', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/?lang=zh#/lessons/multi-head');
  const widget = page.locator('[data-widget=trained-model-lab]');
  await widget.scrollIntoViewIfNeeded();
  await expect(widget.locator('.widget-model')).toContainText('运行的是训练好的语言模型：2 层 × 4 个头。');
  const href = String(await widget.getByRole('link', { name: '模型卡' }).getAttribute('href'));
  expect((await page.request.get(new URL(href, page.url()).href)).status()).toBe(200);
  await widget.getByRole('button', { name: '在实验台中打开这个模型' }).click();
  await expect(page.locator('.model-picker select')).toHaveValue('trained');
  expect(errors).toEqual([]);
});
