import { expect, test } from '@playwright/test';
import { START_TOKEN, waitForTrainedModel } from './trainedModel';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('attention-lab-ui', JSON.stringify({ state: { locale: 'en' }, version: 1 })));
});

test('the lab opens on the trained model: its tokens, five next-token predictions that sum to at most 100 %', async ({ page }) => {
  await page.goto('/');
  await waitForTrainedModel(page);
  const region = page.getByRole('region', { name: 'Next-token predictions' });
  await expect(page.getByRole('list', { name: 'Tokens' })).toContainText(START_TOKEN);
  const percents = (await region.getByText(/^(<0\.1|>99\.9|\d{1,3}\.\d) %$/).allTextContents()).map((p) => Number(p.replace(/[<> %]/g, '')));
  expect(percents).toHaveLength(5);
  expect(percents.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(100.1);
  expect([...percents].sort((a, b) => b - a)).toEqual(percents);
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('trained');
});

test('on the repeated-phrase preset, switching off the previous-token head changes the predictions, before → after', async ({ page }) => {
  await page.goto('/');
  await waitForTrainedModel(page);
  await page.getByRole('button', { name: 'A repeated phrase (English)' }).click();
  const region = page.getByRole('region', { name: 'Next-token predictions' });
  await expect(region).toContainText('After "␣old"');
  await expect(region.getByText(/before → after/)).toHaveCount(0);
  // The head the model measures as a previous-token head on this text (its label says so), whichever head it is.
  const head = page.getByRole('checkbox', { name: /previous token/ }).first();
  await expect(head).toBeChecked();
  await head.uncheck();
  await expect(region.getByText(/^The top prediction (changed|did not change)/)).toBeVisible();
  const pairs = await region.getByText(/% → /).allTextContents();
  expect(pairs.length).toBeGreaterThan(0);
  // At least one token's probability moved: the ablation is real, not a redraw.
  expect(pairs.some((p) => { const [a, b] = p.split('→').map((x) => x.trim()); return a !== b; })).toBe(true);
  await expect(page).toHaveURL(/off=0-\d/);
});

test('a broken model file gives a message and the untrained model, and the lab keeps working', async ({ page }) => {
  await page.route('**/models/lm/model.bin', (route) => route.fulfill({ status: 200, body: '<!doctype html><p>not a model</p>' }));
  await page.goto('/');
  await expect(page.getByRole('alert')).toContainText('The trained model’s file is damaged');
  await expect(page.getByRole('region', { name: 'Next-token predictions' })).toHaveCount(0);
  await page.getByRole('textbox').fill('我爱北京天安门');
  await expect(page.getByRole('list', { name: 'Tokens' }).getByRole('listitem')).toHaveCount(7);
});
