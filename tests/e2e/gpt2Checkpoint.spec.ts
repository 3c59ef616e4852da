import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { tinyCheckpoint, tinyConfig } from '../models/gpt2/tinyGpt2';
import { watchErrors } from './watchErrors';

/*
 * Opening a GPT-2 checkpoint in a real browser: a random checkpoint in Hugging Face's layout with GPT-2's vocabulary
 * (50,257 tokens) and a tiny body (2 layers × 2 heads, width 8), written by the test. The weights are read from "disk"
 * (a file input), or served from the app's own site for an embed's model=<folder>.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'gpt2-ckpt-'));
const weights = tinyCheckpoint();
const WEIGHTS = path.join(dir, 'model.safetensors');
const CONFIG = path.join(dir, 'config.json');
writeFileSync(WEIGHTS, weights);
writeFileSync(CONFIG, JSON.stringify(tinyConfig()));
// 3 layers × 8 heads (24, more than the lab lists in its grid alone): the find-heads table is offered.
const manyDir = mkdtempSync(path.join(tmpdir(), 'gpt2-many-'));
const MANY_WEIGHTS = path.join(manyDir, 'model.safetensors');
const MANY_CONFIG = path.join(manyDir, 'config.json');
writeFileSync(MANY_WEIGHTS, tinyCheckpoint(7, 3));
writeFileSync(MANY_CONFIG, JSON.stringify(tinyConfig({ n_layer: 3, n_head: 8 })));
const WRONG_CONFIG = path.join(mkdtempSync(path.join(tmpdir(), 'gpt2-wrong-')), 'config.json');
writeFileSync(WRONG_CONFIG, JSON.stringify(tinyConfig({ n_layer: 3 })));

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('attention-lab-ui', JSON.stringify({ state: { locale: 'en' }, version: 1 })));
});

async function openFromDisk(page: Page, files: readonly string[] = [WEIGHTS, CONFIG]): Promise<void> {
  await page.getByRole('combobox', { name: 'Model' }).selectOption('gpt2');
  await page.getByLabel('Choose model.safetensors and config.json').setInputFiles([...files]);
}

test('a GPT-2 checkpoint from disk runs in the lab: its tokens, predictions, 2 × 2 heads, and a head switched off changes them', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await openFromDisk(page);
  await expect(page.getByText(/^2 layers × 2 heads, width 8, 0 M weights \(F16\)/)).toBeVisible();
  await expect(page.getByText(/^Opened model\.safetensors in [\d.]+ s\. It reads at most 32 tokens here\.$/)).toBeVisible();
  await page.getByRole('textbox').first().fill('Hello world, hello world');
  // GPT-2's own tokens ("Hello" = 15496, " world" = 995), after its start token.
  const tokens = page.getByRole('list', { name: 'Tokens' });
  await expect(tokens.getByRole('listitem')).toHaveCount(6);
  await expect(tokens).toContainText('world');
  const region = page.getByRole('region', { name: 'Next-token predictions' });
  const percents = region.getByText(/^(<0\.1|>99\.9|\d{1,3}\.\d) %$/);
  await expect(percents).toHaveCount(5);
  await expect(page.locator('.heads-grid-view__row-label')).toHaveText(['Layer 1', 'Layer 2']);
  await page.getByRole('checkbox', { name: /^Head 2\b/ }).uncheck();
  await expect(region.getByText(/^The top prediction (changed|did not change)/)).toBeVisible();
  await expect(region.getByText(/% → /).first()).toBeVisible();
  await page.getByText('Walkthrough', { exact: true }).first().click();
  await expect(page.getByText(/computed by the engine on the GPT-2 checkpoint you opened/)).toBeVisible();
  expect(errors).toEqual([]);
});

test('a checkpoint of 24 heads: "Find heads" lists every head, sorts by the score picked, and shows the head a row names', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('textbox').first().fill('one two three four one two three four');
  await openFromDisk(page, [MANY_WEIGHTS, MANY_CONFIG]);
  await expect(page.getByText(/^3 layers × 8 heads, width 8/)).toBeVisible();
  await expect(page.locator('.heads-grid-view__row-label')).toHaveText(['Layer 1', 'Layer 2', 'Layer 3']);
  await page.locator('summary', { hasText: 'Find heads' }).click();
  const table = page.getByRole('table').filter({ hasText: 'previous token' });
  await expect(table.getByRole('row')).toHaveCount(13); // the header and the top 12
  await page.getByRole('button', { name: 'Show all 24 heads' }).click();
  await expect(table.getByRole('row')).toHaveCount(25);
  await table.getByRole('button', { name: 'previous token' }).click();
  await expect(table.getByRole('columnheader', { name: /previous token/ })).toHaveAttribute('aria-sort', 'descending');
  const scores = (await table.locator('tbody tr td:nth-child(2)').allTextContents()).map(Number);
  expect(scores).toHaveLength(24);
  expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  // A row's button shows that head in the lab.
  const top = (await table.locator('tbody tr th button').first().textContent()) ?? '';
  const [, layer, head] = /Layer (\d+), head (\d+)/.exec(top) ?? [];
  await table.locator('tbody tr th button').first().click();
  await expect(page.getByRole('heading', { name: `Layer ${layer}, head ${head}` })).toBeVisible();
});

test('a config.json that does not match the weights is refused with a sentence; the lab keeps working', async ({ page }) => {
  await page.goto('/');
  await openFromDisk(page, [WEIGHTS, WRONG_CONFIG]);
  await expect(page.getByRole('alert')).toContainText('"h.2.ln_1.weight" is missing');
  await page.getByRole('textbox').first().fill('我爱北京天安门');
  await expect(page.getByRole('list', { name: 'Tokens' }).getByRole('listitem')).toHaveCount(7); // the untrained model's characters
  // Choosing only one file says which one is missing.
  await page.getByLabel('Choose model.safetensors and config.json').setInputFiles([WEIGHTS]);
  await expect(page.getByRole('alert')).toContainText('config.json is missing');
});

test('an embed opens a checkpoint from its own site (model=<folder>) and refuses another site’s', async ({ page }) => {
  await page.route('**/course-models/gpt2/model.safetensors', (route) => route.fulfill({ status: 200, body: Buffer.from(weights), headers: { 'content-type': 'application/octet-stream' } }));
  await page.route('**/course-models/gpt2/config.json', (route) => route.fulfill({ status: 200, body: JSON.stringify(tinyConfig()), contentType: 'application/json' }));
  const fetched = page.waitForRequest('**/course-models/gpt2/model.safetensors');
  await page.goto('/embed.html?widget=predictions&model=course-models%2Fgpt2%2F&text=Hello+world');
  await fetched;
  const region = page.getByRole('region', { name: 'Next-token predictions' });
  await expect(region.getByText(/^(<0\.1|>99\.9|\d{1,3}\.\d) %$/)).toHaveCount(5);
  await expect(region).toContainText('world');
  // The lab link of the embed carries the checkpoint, so it opens the same model.
  await expect(page.getByRole('link', { name: /Open in Attention Lab/ })).toHaveAttribute('href', /model=course-models%2Fgpt2%2F/);
  await page.goto('/embed.html?widget=heatmap&model=https%3A%2F%2Fevil.example.com%2Fgpt2%2F');
  await expect(page.getByRole('alert')).toContainText('not a checkpoint on this site');
});
