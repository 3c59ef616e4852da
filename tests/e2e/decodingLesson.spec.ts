import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from './watchErrors';

// Lesson 12 in a real browser: the KV cache steps through the sentence, and the trained model really generates —
// greedy twice gives the same text, a seeded sample is reproducible, and each step's attention row is drawn.

const generation = (page: Page) => page.locator('.lw-gen-generation');

async function generate(page: Page): Promise<string> {
  const widget = generation(page);
  await widget.getByRole('button', { name: 'Generate' }).click();
  // It generates in a worker: the last outcome stays on screen until "Generating…" has gone.
  await expect(widget.getByText('Generating…')).toHaveCount(0);
  await expect(widget.getByTestId('generation-stop')).toBeVisible();
  return (await widget.getByRole('region', { name: 'The prompt and the generated tokens' }).textContent()) ?? '';
}

test('the KV cache grows one row of K and V per token, and the counters say what the cache saves', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/?lang=en#/lessons/decoding');
  const kv = page.locator('.lw-gen-kv');
  await kv.scrollIntoViewIfNeeded();
  for (let step = 1; step <= 3; step++) await kv.getByRole('button', { name: 'Next token' }).click();
  await expect(kv).toContainText(/Step 3 of \d+/);
  await expect(kv).toContainText(/K cache: 3 × \d+/);
  await expect(kv).toContainText(/V cache: 3 × \d+/);
  await expect(kv).toContainText(/Without the cache, this step costs [\d.]+ times as much/);
  await kv.getByRole('button', { name: 'Reset' }).click();
  await expect(kv).toContainText('The cache is empty.');
  expect(errors).toEqual([]);
});

test('the trained model generates: greedy is repeatable, a seeded sample is reproducible, each step shows its attention', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await page.goto('/?lang=en#/lessons/decoding');
  const widget = generation(page);
  await widget.scrollIntoViewIfNeeded();
  await expect(widget.getByRole('button', { name: 'Generate' })).toBeEnabled({ timeout: 60_000 });

  const greedy = await generate(page);
  await expect(widget.getByTestId('generation-stop')).toContainText(/Generated \d+ tokens|Stopped after/);
  expect(await generate(page)).toBe(greedy);
  // The attention of the newest position over the tokens so far: percentages, no NaN.
  await expect(widget.getByText(/the newest position .* read these positions/)).toBeVisible();
  await expect(widget).toContainText(/\d+(\.\d+)?\s?%/);
  await expect(widget).not.toContainText('NaN');

  await widget.getByLabel('Sample at a temperature').check();
  await widget.getByLabel('Seed').fill('7');
  const sampled = await generate(page);
  expect(await generate(page)).toBe(sampled);
  await expect(widget).toContainText(/At temperature [\d.]+ its chance was/);

  await widget.getByRole('textbox', { name: 'Prompt' }).fill('   ');
  await widget.getByRole('button', { name: 'Generate' }).click();
  await expect(widget.getByRole('alert')).toContainText('Type a prompt first');
  expect(errors).toEqual([]);
});

test('lesson 12 in Chinese: the generation widget speaks Chinese and the teacher-forcing grid answers a click', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/?lang=zh#/lessons/decoding');
  await expect(page.getByRole('heading', { level: 2, name: '解码器中的注意力与文本生成' })).toBeVisible();
  await expect(generation(page).getByRole('button', { name: '生成' })).toBeVisible();
  await page.getByRole('button', { name: '位置 2', exact: true }).click();
  await expect(page.getByTestId('tf-detail')).toContainText('位置 2 读 2 个输入');
  await expect(page.getByTestId('tf-detail')).toContainText('它必须预测');
  expect(errors).toEqual([]);
});
