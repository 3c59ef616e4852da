import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectHealthy, watchPage } from './screenHealth';

/*
 * Model files a student might open in the playground (Open a model file…): every one is refused by name, in the
 * student's language and in a readable length, the page never freezes or sticks on "Loading…", the model on screen
 * stays, and every button works again. The last case proves a good file still loads after all of that.
 */

const shipped = JSON.parse(readFileSync('public/models/reversal.json', 'utf8')) as {
  config: Record<string, unknown>;
  settings: Record<string, unknown>;
  tensors: Record<string, { shape: number[]; data: string }>;
  [key: string]: unknown;
};
const withChange = (change: (file: typeof shipped) => void): string => {
  const copy = structuredClone(shipped);
  change(copy);
  return JSON.stringify(copy);
};
const nested = (depth: number): string => `{"format":"attention-lab-tiny-transformer","version":1,"config":${'['.repeat(depth)}${']'.repeat(depth)}}`;

interface FileCase {
  readonly name: string;
  readonly file: string;
  readonly content: () => string | Buffer;
  /** What the refusal says (after "The model file was refused: "). */
  readonly says: RegExp;
}

const CASES: readonly FileCase[] = [
  { name: 'not JSON', file: 'notes.json', content: () => 'just some notes', says: /notes\.json is not a model file: it is not valid JSON\./ },
  { name: 'empty', file: 'empty.json', content: () => '', says: /empty\.json is not a model file/ },
  { name: 'a JSON array', file: 'list.json', content: () => '[1,2,3]', says: /list\.json/ },
  { name: 'JSON null', file: 'null.json', content: () => 'null', says: /null\.json/ },
  { name: 'a config nested 2,500 levels deep', file: 'deep.json', content: () => nested(2500), says: /deep\.json is not a model file: its lists and objects are nested more than 16 levels deep\./ },
  { name: 'a config nested 1,000,000 levels deep', file: 'deeper.json', content: () => nested(1_000_000), says: /nested more than 16 levels deep/ },
  {
    name: 'a format of 1,000,000 characters, quoted short',
    file: 'long.json',
    content: () => JSON.stringify({ format: 'a'.repeat(1_000_000), version: 1 }),
    says: /long\.json is not an Attention Lab model file: its format is "a{20,40}…", not "attention-lab-tiny-transformer"\./,
  },
  { name: 'another version', file: 'v99.json', content: () => withChange((f) => (f.version = 99)), says: /version/ },
  { name: 'a model too large to train (sequence 1,024, vocabulary 4,096)', file: 'big.json', content: () => withChange((f) => Object.assign(f.config, { seqLen: 1024, vocab: 4096 })), says: /big\.json holds a model too large to train here: it would need about \d+ MB of memory, and the playground allows at most 512 MB\./ },
  { name: '16 layers × 64 heads', file: 'heads.json', content: () => withChange((f) => Object.assign(f.config, { layers: 16, heads: 64, width: 1024, ffnWidth: 4096 })), says: /too large to train here/ },
  { name: 'a batch of 16,384', file: 'batch.json', content: () => withChange((f) => (f.settings.batchSize = 16384)), says: /batchSize/ },
  { name: 'heads that do not divide the width', file: 'divide.json', content: () => withChange((f) => (f.config.heads = 3)), says: /divide\.json/ },
  { name: 'a missing tensor', file: 'missing.json', content: () => withChange((f) => delete f.tensors.embedding), says: /embedding/ },
  { name: 'a tensor of the wrong shape', file: 'shape.json', content: () => withChange((f) => (f.tensors.embedding.shape = [3, 3])), says: /embedding/ },
  { name: 'tensor data that is not base64', file: 'b64.json', content: () => withChange((f) => (f.tensors.embedding.data = '!!!!')), says: /base64/ },
  { name: 'a NaN among the weights', file: 'nan.json', content: () => withChange((f) => (f.tensors['classifier.bias'].data = Buffer.from(new Float32Array(10).fill(NaN).buffer).toString('base64'))), says: /not a finite number/ },
  { name: 'a file over 10 MB', file: 'huge.json', content: () => Buffer.alloc(11 * 1024 * 1024, 32), says: /huge\.json/ },
  { name: 'a name of 5,000 characters', file: `${'n'.repeat(200)}.json`, content: () => 'oops', says: /n{20,40}…/ },
];

async function openPlayground(page: Page): Promise<void> {
  await page.goto('/?lang=en#/playground?task=reversal');
  await expect(page.getByRole('status').filter({ hasText: 'Ready' })).toBeVisible({ timeout: 15_000 });
}

async function expectControlsWork(page: Page): Promise<void> {
  for (const name of [/^(Start|Resume)$/, 'Step', 'Reset', 'Load trained model']) await expect(page.getByRole('button', { name, exact: true })).toBeEnabled();
  await expect(page.getByLabel('Open a model file…')).toBeEnabled();
}

for (const c of CASES) {
  test(`model file: ${c.name}`, async ({ page }) => {
    const watch = watchPage(page);
    await openPlayground(page);
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    await page.getByLabel('Open a model file…').setInputFiles({ name: c.file, mimeType: 'application/json', buffer: Buffer.from(c.content()) });
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The model file was refused', { timeout: 15_000 });
    await expect(alert).toContainText(c.says);
    await expect(alert).toContainText('The model you had is still here.');
    // A readable length, whatever the file held.
    expect((await alert.innerText()).length).toBeLessThan(400);
    await expectControlsWork(page);
    await expectHealthy(page, watch);
  });
}

test('model file: refusals are in Chinese for a Chinese interface, and Reset is not stuck afterwards', async ({ page }) => {
  const watch = watchPage(page);
  await page.goto('/?lang=zh#/playground?task=reversal');
  await page.getByLabel('打开模型文件…').setInputFiles({ name: 'deep.json', mimeType: 'application/json', buffer: Buffer.from(nested(2500)) });
  await expect(page.getByRole('alert')).toContainText('deep.json');
  await expect(page.getByRole('alert')).not.toContainText('nested');
  await page.getByRole('button', { name: '重置' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '开始' })).toBeEnabled({ timeout: 15_000 });
  await expectHealthy(page, watch);
});

test('model file: after refusals, a good file still opens', async ({ page }) => {
  const watch = watchPage(page);
  await openPlayground(page);
  for (const c of CASES.slice(0, 6)) {
    await page.getByLabel('Open a model file…').setInputFiles({ name: c.file, mimeType: 'application/json', buffer: Buffer.from(c.content()) });
    await expect(page.getByRole('alert')).toContainText(c.says, { timeout: 15_000 });
  }
  await page.getByLabel('Open a model file…').setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(shipped)) });
  await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 15_000 });
  await expectControlsWork(page);
  await expectHealthy(page, watch);
});
