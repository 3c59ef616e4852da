import { expect, test, type Locator, type Page } from '@playwright/test';
import { labAxe } from './axe';

// Independent of what embed.html renders (its own spec tests that): only the dialog, its snippet and the guide.

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('attention-lab-ui', JSON.stringify({ state: { locale: 'en' }, version: 1 })));
});

/** The iframe src of a snippet, read by the browser's own HTML parser (so escaping is checked for real). */
async function frameSrc(page: Page, snippet: string): Promise<URL> {
  const src = await page.evaluate((html) => new DOMParser().parseFromString(html, 'text/html').querySelector('iframe')?.getAttribute('src') ?? '', snippet);
  return new URL(src);
}

const snippetOf = (dialog: Locator): Promise<string> => dialog.getByRole('textbox', { name: 'HTML to paste into your page' }).inputValue();

test('the embed dialog builds the snippet for this view; Escape closes it and focus returns', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/?lang=en');
  await page.getByRole('textbox').fill('The cat sat on the mat');
  await page.getByLabel('Causal', { exact: true }).check();
  const opener = page.getByRole('button', { name: 'Embed / share…' });
  await opener.click();

  const dialog = page.getByRole('dialog', { name: 'Embed or share this view' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Widget' }).selectOption('head-view');
  await dialog.getByRole('checkbox', { name: 'Sentence', exact: true }).check();
  await dialog.getByRole('checkbox', { name: 'Mask', exact: true }).check();
  await dialog.getByRole('checkbox', { name: 'Mask: read-only' }).check();
  await dialog.getByRole('button', { name: 'Copy HTML' }).click();
  await expect(dialog.getByText('HTML copied')).toBeVisible();

  const snippet = await snippetOf(dialog);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
  const url = await frameSrc(page, snippet);
  expect(url.origin).toBe(new URL(page.url()).origin);
  expect(url.pathname).toMatch(/\/embed\.html$/);
  expect(url.searchParams.get('widget')).toBe('head-view');
  expect(url.searchParams.get('controls')).toBe('text,mask');
  expect(url.searchParams.get('lock')).toBe('mask');
  expect(url.searchParams.get('text')).toBe('The cat sat on the mat');
  expect(url.searchParams.get('mask')).toBe('causal');
  expect(url.searchParams.get('lang')).toBe('en');
  expect(snippet).toContain('title="Attention Lab: Head view (lines between tokens)"');
  expect(snippet).toContain('loading="lazy"');
  // The preview shows the same link.
  await expect(dialog.getByTitle(/^Preview: /)).toHaveAttribute('src', url.href);
  await expect(dialog.getByRole('textbox', { name: 'Embed link' })).toHaveValue(url.href);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('a sentence with quotes, brackets and & gives a valid snippet that decodes to the same sentence', async ({ page }) => {
  const sentence = `She said "no" <b>&</b> 'left' <img src=x onerror=alert(1)>`;
  await page.goto('/?lang=en');
  await page.getByRole('textbox').fill(sentence);
  await page.getByRole('button', { name: 'Embed / share…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed or share this view' });
  await dialog.getByRole('radio', { name: 'Full width, height adjusts to the content' }).check();
  const snippet = await snippetOf(dialog);
  expect((await frameSrc(page, snippet)).searchParams.get('text')).toBe(sentence);
  const parts = await page.evaluate((html) => Array.from(new DOMParser().parseFromString(html, 'text/html').body.children, (el) => el.tagName), snippet);
  expect(parts).toEqual(['IFRAME', 'SCRIPT']);
  await expect(dialog.locator('img')).toHaveCount(0);
  // The close button closes too, and focus comes back.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Embed / share…' })).toBeFocused();
});

test('the open dialog has no accessibility violations', async ({ page }) => {
  await page.goto('/?lang=en');
  await page.getByRole('button', { name: 'Embed / share…' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // The preview's content is the embed page, checked by its own spec.
  const results = await labAxe(page).include('dialog').exclude('.embed-preview').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('the instructor guide lists every parameter and fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/?lang=en#/guide');
  await expect(page.getByRole('heading', { level: 2, name: 'Instructor guide: embedding Attention Lab' })).toBeVisible();
  const lab = page.getByRole('table', { name: /lab’s parameters/ });
  await expect(lab.getByRole('rowheader')).toHaveText(['model', 'text', 'd', 'h', 'layers', 'seed', 'pe', 'mask', 'pad', 'cells', 'off', 'causal', 'at', 'layer', 'head', 'view', 'page', 'lang']);
  await expect(page.getByRole('table', { name: /embed’s own parameters/ }).getByRole('rowheader')).toHaveText(['widget', 'step', 'controls', 'lock']);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const results = await labAxe(page).include('.guide').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
