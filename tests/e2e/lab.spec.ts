import { expect, test } from '@playwright/test';

test('shows one heatmap per head for the default sentence', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Attention Lab' })).toBeVisible();
  await expect(page.locator('.head-heatmap')).toHaveCount(4);
  await expect(page.getByRole('list', { name: 'Tokens' }).getByRole('listitem')).toHaveCount(13);
});

test('a Chinese sentence is split into characters and the causal mask zeroes the future', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('textbox');
  await box.fill('我爱北京天安门');
  await expect(page.getByRole('list', { name: 'Tokens' }).getByRole('listitem')).toHaveCount(7);
  await page.getByLabel('Causal', { exact: true }).check();
  // Query 0 may only see key 0: its weight to key 6 is exactly zero, to itself exactly one.
  const firstHead = page.locator('.head-heatmap').first();
  await expect(firstHead.locator('title', { hasText: 'query “我” → key “门”: 0.000' })).toHaveCount(1);
  await expect(firstHead.locator('title', { hasText: 'query “我” → key “我”: 1.000' })).toHaveCount(1);
});

test('changing the width keeps only head counts that divide it, and empty text shows a prompt', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Width (d_model)').selectOption('12');
  const heads = await page.getByLabel('Heads').locator('option').allTextContents();
  expect(heads.map((h) => parseInt(h, 10))).toEqual([1, 2, 3, 4, 6, 12]);
  await page.getByRole('textbox').fill('   ');
  await expect(page.getByRole('status')).toContainText('Type a sentence');
});

test('600 words keep the first 512 tokens, say so, and paint the heads on canvas', async ({ page }) => {
  await page.goto('/');
  const words = Array.from({ length: 600 }, (_, i) => `w${i % 40}`).join(' ');
  await page.getByRole('textbox').fill(words);
  await expect(page.getByRole('status')).toContainText('The text has 600 tokens; only the first 512 are used.');
  await expect(page.locator('.head-heatmap canvas')).toHaveCount(4);
  // The page still responds after the big recompute.
  await page.getByLabel('Causal', { exact: true }).check();
  await expect(page.getByLabel('Causal', { exact: true })).toBeChecked();
});
