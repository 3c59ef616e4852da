import { expect, test, type Page } from '@playwright/test';
import { labAxe } from './axe';
import { waitForTrainedModel } from './trainedModel';

const heatmap = (page: Page) => page.getByRole('application', { name: /Layer 1, head 1/ });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('attention-lab-ui', JSON.stringify({ state: { locale: 'en' }, version: 1 })));
});

// Tests that count tokens, read seeded numbers or use the untrained encoder's own panels pin model=untrained.
test('the default sentence shows the selected head, the heads grid and the head view', async ({ page }) => {
  await page.goto('/?model=untrained');
  await expect(page.getByRole('heading', { name: 'Attention Lab' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tokens' }).getByRole('listitem')).toHaveCount(13);
  await expect(heatmap(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Layer 2, head 4' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Head \d$/ })).toHaveCount(4);
});

test('typing a Chinese sentence, the causal mask and keyboard moves over the heatmap', async ({ page }) => {
  await page.goto('/?model=untrained');
  await page.getByRole('textbox').fill('我爱北京天安门');
  await expect(page.getByRole('list', { name: 'Tokens' }).getByRole('listitem')).toHaveCount(7);
  await page.getByLabel('Causal', { exact: true }).check();
  const grid = heatmap(page);
  await grid.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  // Query 0 → key 1 is in the future: masked, announced as such.
  await expect(page.getByText(/Query 1 “我”, key 2 “爱”: masked/)).toBeAttached();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText(/Query 1 “我”, key 1 “我”: weight 1\.0000/)).toBeAttached();
  await expect(page).toHaveURL(/mask=causal/);
});

test('switching a head off is real ablation: the layer output changes', async ({ page }) => {
  await page.goto('/?model=untrained');
  await expect(page.getByText('All heads on: no difference.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Head 2' }).uncheck();
  await expect(page.getByText(/max \|Δ\| = [0-9.]+/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Layer 1, head 2.*switched off/ })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Head 2' }).check();
  await expect(page.getByText('All heads on: no difference.')).toBeVisible();
});

test('the URL reproduces the view after a reload, and a hostile link falls back with a notice', async ({ page }) => {
  await page.goto('/?model=untrained');
  await page.getByRole('textbox').fill('the cat sat on the mat');
  await page.getByRole('button', { name: 'Layer 2, head 3' }).click();
  await page.getByLabel('Padding', { exact: true }).check();
  await page.getByRole('button', { name: 'Token 6 “mat”: mark as padding' }).click();
  await expect(page).toHaveURL(/pad=5/);
  await page.reload();
  await expect(page.getByRole('textbox')).toHaveValue('the cat sat on the mat');
  await expect(page.getByRole('heading', { name: 'Layer 2, head 3' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Token 6 “mat”: mark as padding' })).toHaveAttribute('aria-pressed', 'true');

  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  // Refused values fall back to the defaults, which alone would mean the trained model (its head count is fixed).
  await page.goto('/?model=untrained&h=5&layers=99&text=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
  await expect(page.getByRole('textbox')).toHaveValue('<img src=x onerror=alert(1)>');
  const notices = page.getByRole('status', { name: 'Problems with the link' });
  await expect(notices).toContainText('5');
  await expect(notices).toContainText('99');
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: /^Head \d$/ })).toHaveCount(4);
  expect(dialogs).toEqual([]);
});

test('600 words keep the first 512 tokens, say so, and stay responsive', async ({ page }) => {
  await page.goto('/?model=untrained');
  const words = Array.from({ length: 600 }, (_, i) => `w${i % 40}`).join(' ');
  await page.getByRole('textbox').fill(words);
  await expect(page.getByText('The text has 600 tokens; only the first 512 are used.')).toBeVisible({ timeout: 15_000 });
  await expect(heatmap(page).locator('canvas')).toHaveCount(1);
  await page.getByLabel('Causal', { exact: true }).check();
  await expect(page.getByLabel('Causal', { exact: true })).toBeChecked();
});

test('exports the selected heatmap as SVG and CSV files', async ({ page }) => {
  await page.goto('/');
  await waitForTrainedModel(page);
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /SVG/ }).click()]);
  expect(svg.suggestedFilename()).toMatch(/\.svg$/);
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /CSV/ }).click()]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
});

test('has no serious or critical accessibility violations, in English and in Chinese', async ({ page }) => {
  // Several full axe runs on pages that run the trained model: more than the default 30 s on a shared 2-core machine.
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(heatmap(page)).toBeVisible();
  await waitForTrainedModel(page);
  for (const lang of ['en', 'zh']) {
    if (lang === 'zh') await page.getByRole('button', { name: '中文' }).click();
    const results = await labAxe(page).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});
