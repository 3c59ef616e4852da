import { expect, test } from '@playwright/test';

// The walkthrough page (App's "Walkthrough" tab, ?page=walkthrough): every step reached with Next, in post-LN order.
// On the untrained encoder (model=untrained): the trained model's walkthrough is pre-LN, with no switch.
const POST_LN_TITLES = [
  'Tokens',
  'Embeddings + positional encoding',
  'Q, K, V projections',
  'Scores QKᵀ',
  'Divide by √d_k',
  'Mask',
  'Softmax',
  'Weights · V',
  'Concatenate the heads',
  'Output projection Wᴼ',
  'Residual add (attention)',
  'Layer norm 1',
  'Feed-forward network',
  'Residual add (feed-forward)',
  'Layer norm 2',
];

test('walks through every step of one attention layer with Next', async ({ page }) => {
  await page.goto('/?page=walkthrough&lang=en&model=untrained');
  const title = page.locator('.wt-step__title');
  const next = page.getByRole('button', { name: /^Next/ });
  await expect(page.getByRole('heading', { name: 'Walkthrough: one attention layer, step by step' })).toBeVisible();
  for (let i = 0; i < POST_LN_TITLES.length; i++) {
    await expect(title).toHaveText(POST_LN_TITLES[i]);
    await expect(page.getByText(`Step ${i + 1} of ${POST_LN_TITLES.length}`)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Steps' }).locator('[aria-current="step"]')).toContainText(POST_LN_TITLES[i]);
    await expect(page.locator('.wt-formula .katex').first()).toBeVisible();
    if (i < POST_LN_TITLES.length - 1) await next.click();
  }
  await expect(next).toBeDisabled();
});

test('arrow keys, the step list and the linked highlight work in the browser', async ({ page }) => {
  await page.goto('/?page=walkthrough&lang=en&model=untrained');
  const title = page.locator('.wt-step__title');
  await page.getByRole('navigation', { name: 'Steps' }).getByRole('button', { name: /Scores QKᵀ/ }).click();
  await expect(title).toHaveText('Scores QKᵀ');
  await page.keyboard.press('ArrowRight');
  await expect(title).toHaveText('Divide by √d_k');
  await page.keyboard.press('ArrowLeft');
  await expect(title).toHaveText('Scores QKᵀ');
  // The default sentence has 13 tokens, so QKᵀ is an AttentionHeatmap and Q, K are heatmaps with highlight bands.
  await page.locator('[data-matrix="scores"] rect[data-q="2"][data-k="5"]').hover();
  await expect(page.locator('[data-matrix="q"]')).toHaveAttribute('data-highlight-rows', '2');
  await expect(page.locator('[data-matrix="k"]')).toHaveAttribute('data-highlight-rows', '5');
});

test('pre-LN switch reorders the steps and shows the flow diagram', async ({ page }) => {
  await page.goto('/?page=walkthrough&lang=en&model=untrained');
  await page.getByRole('radio', { name: 'Pre-LN' }).first().check();
  const steps = page.getByRole('navigation', { name: 'Steps' }).getByRole('button');
  await expect(steps.nth(2)).toContainText('Layer norm 1');
  await steps.nth(2).click();
  await expect(page.locator('svg.wt-flow')).toHaveAttribute('data-order', 'pre');
});
