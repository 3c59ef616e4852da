import { expect, test, type Page } from '@playwright/test';
import { labAxe } from './axe';
import { watchErrors } from './watchErrors';
import { readFileSync } from 'node:fs';

/*
 * The training playground (#/playground) in Chromium: training runs in a Web Worker, Start moves the step counter
 * and the chart, Pause stops them; bad links give notices; the shipped trained models load, and a missing or broken
 * file gives a clear error while the page keeps working.
 */

const stat = (page: Page, name: string) => page.locator(`[data-stat="${name}"]`);
const stepCount = async (page: Page): Promise<number> => Number(await stat(page, 'step').textContent());
const chartPoints = async (page: Page): Promise<number> => Number(await page.locator('.playground-chart svg').getAttribute('data-points'));
const percent = async (page: Page, name: string): Promise<number> => Number.parseFloat((await stat(page, name).textContent()) ?? '');

test('Start trains in a Web Worker: the step counter and the chart move; Pause stops them', async ({ page }) => {
  const errors = watchErrors(page);
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto('/?lang=en#/playground');
  await expect(page.getByRole('heading', { level: 2, name: 'Train a tiny Transformer' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Ready' })).toBeVisible();
  // The canonical link of the defaults is written into the URL.
  await expect(page).toHaveURL(/#\/playground\?task=reversal&layers=1&heads=1&width=32&lr=0\.01&seed=1$/);
  expect(await stepCount(page)).toBe(0);
  expect(await chartPoints(page)).toBe(0);

  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect.poll(() => stepCount(page)).toBeGreaterThan(5);
  const firstPoints = await chartPoints(page);
  expect(firstPoints).toBeGreaterThan(0);
  await expect.poll(() => chartPoints(page)).toBeGreaterThan(firstPoints);
  await expect(stat(page, 'speed')).toHaveText(/^\d+(\.\d)?$/);
  await expect(page.locator('.playground-chart__line--loss')).toHaveAttribute('d', /^M.+L/);
  expect(workers.some((url) => url.includes('trainWorker'))).toBe(true);

  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Paused at step \d+/ })).toBeVisible();
  // The chunk the worker was training when Pause arrived still reports; then nothing moves.
  const settled = async (): Promise<boolean> => {
    const before = await stepCount(page);
    await page.waitForTimeout(400);
    return (await stepCount(page)) === before;
  };
  await expect.poll(settled, { timeout: 5000 }).toBe(true);
  const pausedAt = await stepCount(page);
  const pausedPoints = await chartPoints(page);
  await page.waitForTimeout(1000);
  expect(await stepCount(page)).toBe(pausedAt);
  expect(await chartPoints(page)).toBe(pausedPoints);
  await expect(page.getByRole('status').filter({ hasText: `Paused at step ${pausedAt}.` })).toBeVisible();

  // Step takes exactly one step; Reset goes back to an untrained model.
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect.poll(() => stepCount(page)).toBe(pausedAt + 1);
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect.poll(() => stepCount(page)).toBe(0);
  expect(await chartPoints(page)).toBe(0);
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeEnabled();
  await expect(page.locator('body')).not.toContainText('NaN');
  expect(errors).toEqual([]);
});

test('a link with bad settings shows what was refused and uses working values', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/?lang=en#/playground?task=nope&lr=abc&heads=3&layers=99&colour=red');
  const notices = page.locator('.playground-notices');
  await expect(notices).toContainText('There is no task “nope”');
  await expect(notices).toContainText('lr = “abc” is not a valid value');
  await expect(notices).toContainText('layers = “99” is outside the allowed range (1 to 4)');
  await expect(notices).toContainText('3 heads do not divide the width 32; 2 heads are used instead');
  await expect(notices).toContainText('“colour” is not a playground setting');
  await expect(page).toHaveURL(/#\/playground\?task=reversal&layers=1&heads=2&width=32&lr=0\.01&seed=1$/);
  await expect(page.getByLabel('Heads per layer')).toHaveValue('2');

  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect.poll(() => stepCount(page)).toBe(1);
  // Two heads: two thumbnails to pick from, the second one selectable.
  await page.getByRole('button', { name: 'Show layer 1, head 2' }).click();
  await expect(page.getByRole('button', { name: 'Show layer 1, head 2' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.attention-heatmap').first()).toContainText('Layer 1, head 2 at step 1');

  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notices).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the form rebuilds the model and rewrites the link; a bad seed is refused with a notice', async ({ page }) => {
  await page.goto('/?lang=en#/playground');
  await page.getByLabel('Task').selectOption('sort');
  // Sort's own setup: two layers of two heads.
  await expect(page).toHaveURL(/#\/playground\?task=sort&layers=2&heads=2&width=32&lr=0\.005&seed=1$/);
  await expect(page.getByRole('button', { name: /show layer 2, head 2/i })).toBeVisible();
  await page.getByLabel('Seed').fill('12abc');
  await page.getByRole('button', { name: 'Use seed' }).click();
  await expect(page.getByRole('alert')).toHaveText('“12abc” is not a whole number from 0 to 4294967295; the seed stays 1.');
  await expect(page).toHaveURL(/seed=1$/);
  await page.getByLabel('Seed').fill('7');
  await page.getByRole('button', { name: 'Use seed' }).click();
  await expect(page).toHaveURL(/seed=7$/);
  // Back to a link (Back button, a pasted link) with other settings rebuilds for them.
  await page.goto('/?lang=en#/playground?task=copy&seed=3');
  await expect(page.getByLabel('Task')).toHaveValue('copy');
  await expect(page.getByLabel('Seed')).toHaveValue('3');
});

test('Load trained model shows the shipped reversal model: ≥ 99 % held out, every token of the sample right', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/?lang=en#/playground?task=reversal');
  await page.getByRole('button', { name: 'Load trained model' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The trained model is loaded' })).toBeVisible();
  expect(await stepCount(page)).toBeGreaterThan(0);
  expect(await percent(page, 'held-out')).toBeGreaterThanOrEqual(99);
  await expect(page.locator('.sample-tokens__score')).toHaveText('16 of 16 right');
  await expect(page.locator('.sample-tokens__wrong')).toHaveCount(0);
  // Training goes on from the loaded weights.
  const loadedAt = await stepCount(page);
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect.poll(() => stepCount(page)).toBe(loadedAt + 1);
  expect(errors).toEqual([]);
});

test('a missing or broken model file gives a clear error and the model on screen keeps working', async ({ page }) => {
  await page.goto('/?lang=en#/playground?task=copy');
  await expect(page.getByRole('status').filter({ hasText: 'Ready' })).toBeVisible();

  await page.route('**/models/copy.json', (route) => route.fulfill({ status: 404, body: 'not here' }));
  await page.getByRole('button', { name: 'Load trained model' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The trained model for copy is missing: models/copy.json answered 404.');
  await expect(alert).toContainText('The model you had is still here.');

  await page.unroute('**/models/copy.json');
  await page.route('**/models/copy.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"format": "attention-lab' }));
  await page.getByRole('button', { name: 'Load trained model' }).click();
  await expect(alert).toContainText('models/copy.json is not a model file: it is not valid JSON.');

  await page.unroute('**/models/copy.json');
  await page.route('**/models/copy.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"format": "something else"}' }));
  await page.getByRole('button', { name: 'Load trained model' }).click();
  await expect(alert).toContainText('The model file was refused');

  // Still a working, untrained model.
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect.poll(() => stepCount(page)).toBe(1);
  await expect(alert).toHaveCount(0);
});

for (const locale of ['en', 'zh'] as const) {
  test(`at 375 px in ${locale}: no sideways scrolling, and no serious accessibility violations`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/?lang=${locale}#/playground?task=sort`);
    await page.getByRole('button', { name: locale === 'en' ? 'Load trained model' : '加载训练好的模型' }).click();
    await expect.poll(() => stepCount(page)).toBeGreaterThan(0);
    await expect(page.locator('.playground-heads__pick')).toHaveCount(4);
    const [scrollWidth, clientWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    const results = await labAxe(page).include('.playground').analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('a lesson’s “Train it” link opens the playground set up for that lesson, and the tab leads back', async ({ page }) => {
  await page.goto('/?lang=en#/lessons/reading-attention-maps');
  await page.getByRole('link', { name: 'Train the two-head circuit yourself' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Train a tiny Transformer' })).toBeVisible();
  await expect(page.getByLabel('Task')).toHaveValue('induction');
  await expect(page.getByLabel('Layers')).toHaveValue('2');
  await expect(page.getByRole('link', { name: 'Train', exact: true })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Load trained model' }).click();
  await expect.poll(() => stepCount(page)).toBeGreaterThan(0);
  expect(await percent(page, 'held-out')).toBeGreaterThanOrEqual(99);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 2, name: /Reading attention maps/i })).toBeVisible();
});

test('your own input: the trained reversal model reverses it, the link keeps it, and a reload shows it again', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/?lang=en#/playground?task=reversal');
  await page.getByRole('button', { name: 'Load trained model' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The trained model is loaded' })).toBeVisible();
  await page.getByLabel('Try your own input').fill('3141 5926 5358 9793');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Attention on your input' })).toBeVisible();
  const modelRow = page.locator('.sample-tokens tr').nth(2).locator('td');
  await expect(modelRow).toHaveText('3979853562951413'.split(''));
  await expect(page.locator('.sample-tokens__score')).toHaveText('16 of 16 right');
  await expect(page).toHaveURL(/&input=3141592653589793$/);

  // The link reproduces the view: same input, shown for the freshly built model of the same settings.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Attention on your input' })).toBeVisible();
  await expect(page.locator('.sample-tokens tr').first().locator('td')).toHaveText('3141592653589793'.split(''));
  await page.getByRole('button', { name: 'Back to the held-out input' }).click();
  await expect(page.getByRole('heading', { name: 'Attention on one held-out input' })).toBeVisible();
  await expect(page).not.toHaveURL(/input=/);
  expect(errors).toEqual([]);
});

test('save the model, open it again after a reset, save the chart data; a wrong file is refused by name', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/?lang=en#/playground?task=copy');
  for (let i = 0; i < 3; i++) {
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    await expect.poll(() => stepCount(page)).toBe(i + 1);
  }
  const heldOut = await stat(page, 'held-out').textContent();

  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save model (.json)' }).click();
  const saved = await saving;
  expect(saved.suggestedFilename()).toBe('attention-lab-copy-step3.json');
  const weights = readFileSync(await saved.path(), 'utf8');
  expect(JSON.parse(weights)).toMatchObject({ format: 'attention-lab-tiny-transformer', step: 3, config: { task: 'copy' } });

  const csvSaving = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Chart data (.csv)' }).click();
  const csv = readFileSync(await (await csvSaving).path(), 'utf8').split('\r\n');
  expect(csv[0]).toBe('step,training_loss,training_accuracy,held_out_loss,held_out_accuracy');
  expect(csv.filter((line) => /^\d/.test(line)).map((line) => line.split(',')[0])).toEqual(['0', '1', '2', '3']);

  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect.poll(() => stepCount(page)).toBe(0);
  await page.getByLabel('Open a model file…').setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(weights) });
  await expect(page.getByRole('status').filter({ hasText: 'The trained model is loaded (3 training steps)' })).toBeVisible();
  expect(await stepCount(page)).toBe(3);
  await expect(stat(page, 'held-out')).toHaveText(heldOut ?? '');

  await page.getByLabel('Open a model file…').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some notes') });
  await expect(page.getByRole('alert')).toContainText('notes.txt is not a model file: it is not valid JSON.');
  await expect(page.getByRole('alert')).toContainText('The model you had is still here.');
  expect(await stepCount(page)).toBe(3);
  expect(errors).toEqual([]);
});

test('switching a head off in the trained induction model breaks the circuit; back on, it works again', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/?lang=en#/playground?task=induction');
  await page.getByRole('button', { name: 'Load trained model' }).click();
  await expect.poll(() => stepCount(page)).toBeGreaterThan(0);
  expect(await percent(page, 'held-out')).toBeGreaterThanOrEqual(99);
  await page.getByRole('checkbox', { name: 'L1 H1' }).uncheck();
  await expect.poll(() => percent(page, 'held-out')).toBeLessThan(50);
  await expect(page.getByText('1 switched off')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show layer 1, head 1' })).toHaveAttribute('data-off', 'true');
  await page.getByRole('checkbox', { name: 'L1 H1' }).check();
  await expect.poll(() => percent(page, 'held-out')).toBeGreaterThanOrEqual(99);
  expect(errors).toEqual([]);
});
