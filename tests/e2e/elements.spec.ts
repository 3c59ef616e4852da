import { expect, test, type Page } from '@playwright/test';
import { labAxe } from './axe';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/*
 * The widgets script in a real page. The bundle is built here (npm run build:widgets → dist-widgets/, a few
 * seconds), so the spec never tests a stale one, and it is served with the test page (tests/e2e/pages/elements.html)
 * from a made-up origin through page.route: no server, and nothing of the app's build is involved. The trained
 * model's file (public/models/lm/model.bin), which the script fetches from beside itself, is served there too: an
 * element without model="untrained" and without a width, heads, layers or seed runs that model (see the page). The
 * page's own CSS is hostile on purpose.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const BUNDLE = resolve(ROOT, 'dist-widgets/attention-lab-widgets.js');
const PAGES = resolve(ROOT, 'tests/e2e/pages');
const MODEL = resolve(ROOT, 'public/models/lm/model.bin');
const ORIGIN = 'http://widgets.test';

test.beforeAll(() => {
  execFileSync('npm', ['run', 'build:widgets'], { cwd: ROOT, stdio: 'pipe' });
});

interface Served {
  /** Every URL the page asked for. */
  readonly requests: string[];
  /** Console errors and uncaught exceptions. */
  readonly errors: string[];
}

/** Opens tests/e2e/pages/<file> (served with `headers`) and waits for the first element's widget. */
async function open(page: Page, file = 'elements.html', headers: Record<string, string> = {}): Promise<Served> {
  const served: Served = { requests: [], errors: [] };
  page.on('request', (request) => served.requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') served.errors.push(message.text());
  });
  page.on('pageerror', (error) => served.errors.push(error.message));
  await page.route(`${ORIGIN}/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/attention-lab-widgets.js') return route.fulfill({ body: readFileSync(BUNDLE), contentType: 'text/javascript' });
    if (pathname === `/${file}`) return route.fulfill({ body: readFileSync(resolve(PAGES, file)), contentType: 'text/html', headers });
    if (pathname === '/models/lm/model.bin') return route.fulfill({ body: readFileSync(MODEL), contentType: 'application/octet-stream' });
    return route.fulfill({ status: 404, body: 'not found' });
  });
  await page.goto(`${ORIGIN}/${file}`);
  await expect(title(page, 'first')).toHaveText('Layer 1, head 2');
  return served;
}

/** The selected-head panel's title inside one element (Playwright's locators enter open shadow roots). */
const title = (page: Page, id: string) => page.locator(`#${id}`).getByRole('heading', { level: 2 });

test('builds one self-contained file that the page needs nothing else for (but the trained model’s file beside it)', async ({ page }) => {
  expect(readdirSync(resolve(ROOT, 'dist-widgets'))).toEqual(['attention-lab-widgets.js']);
  const served = await open(page);
  await expect(page.locator('#second').getByRole('button', { name: 'Layer 2, head 4' })).toBeVisible();
  // #second runs the trained model: its file comes from beside the script, once for the page.
  await expect
    .poll(() => served.requests.filter((url) => !url.startsWith('data:')))
    .toEqual([`${ORIGIN}/elements.html`, `${ORIGIN}/attention-lab-widgets.js`, `${ORIGIN}/models/lm/model.bin`]);
  expect(served.errors).toEqual([]);
});

test('two elements with different sentences and heads render independently', async ({ page }) => {
  const served = await open(page);
  const first = page.locator('#first');
  const second = page.locator('#second');
  await expect(first.getByRole('heading', { level: 2 })).toHaveText('Layer 1, head 2');
  await expect(first.getByRole('application')).toContainText('mat');
  // The first element has 2 heads, the second 4 (a grid of 2 layers × (4 heads + average)).
  await expect(first.getByLabel('Head', { exact: true }).locator('option')).toHaveCount(3);
  await expect(second.locator('button[data-layer]')).toHaveCount(10);
  // The heads grid draws no words; its "Open in Attention Lab" link carries its own sentence and mask.
  await expect(second.getByRole('link')).toHaveAttribute('href', /text=Dogs\+chase\+every\+ball&.*mask=causal/);
  await expect(first.getByRole('link')).toHaveAttribute('href', /text=The\+cat\+sat\+on\+the\+mat&h=2&head=1/);
  await expect(first.getByText('Dogs')).toHaveCount(0);

  // A reader's choice in one element stays in it.
  await first.getByLabel('Head', { exact: true }).selectOption({ label: 'Head 1' });
  await expect(title(page, 'first')).toHaveText('Layer 1, head 1');
  await expect(title(page, 'bad')).toHaveText('第 1 层，头 1');
  expect(served.errors).toEqual([]);
});

test('changing an attribute updates only that element', async ({ page }) => {
  const served = await open(page);
  const xssTokens = await page.locator('#xss').getByRole('application').textContent();
  await page.locator('#first').evaluate((element) => {
    element.setAttribute('text', 'Birds fly south in winter');
    element.setAttribute('head', '0');
  });
  await expect(title(page, 'first')).toHaveText('Layer 1, head 1');
  await expect(page.locator('#first').getByRole('application')).toContainText('winter');
  await expect(page.locator('#second').getByRole('link')).toHaveAttribute('href', /text=Dogs\+chase/);
  await expect(page.locator('#first').getByRole('link')).toHaveAttribute('href', /text=Birds\+fly/);
  expect(await page.locator('#xss').getByRole('application').textContent()).toBe(xssTokens);

  // Removing the element unmounts it; putting it back renders it again.
  await page.locator('#second').evaluate((element) => element.remove());
  await expect(page.locator('#second')).toHaveCount(0);
  await page.evaluate(() => {
    const element = document.createElement('attention-heads-grid');
    element.id = 'third';
    element.setAttribute('text', 'A new grid');
    element.setAttribute('layers', '1');
    document.body.append(element);
  });
  await expect(page.locator('#third').locator('button[data-layer]')).toHaveCount(5);
  expect(served.errors).toEqual([]);
});

test('the widgets’ styles stay in their shadow roots, and the page’s CSS does not reach in', async ({ page }) => {
  await open(page);
  // Nothing was added to the page's own stylesheets.
  expect(await page.evaluate(() => document.querySelectorAll('head style, link[rel="stylesheet"]').length)).toBe(1);
  // Page elements with the widgets' class names keep the page's looks.
  const pageToken = await page.locator('#page-token').evaluate((el) => getComputedStyle(el).backgroundColor);
  const pageNotice = await page.locator('#page-notice').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(pageToken).toBe('rgba(0, 0, 0, 0)');
  expect(pageNotice).toBe('rgba(0, 0, 0, 0)');

  // Inside: the widget's own font, colour, line height, alignment; its buttons and selects are shown.
  const heading = title(page, 'first');
  const look = await heading.evaluate((el) => {
    const s = getComputedStyle(el);
    return { font: s.fontFamily, color: s.color, letterSpacing: s.letterSpacing, align: s.textAlign };
  });
  expect(look.font).not.toContain('Comic Sans');
  expect(look.color).not.toBe('rgb(255, 0, 0)');
  expect(look.letterSpacing).toBe('normal');
  expect(look.align).not.toBe('center');
  await expect(page.locator('#first').getByRole('button', { name: 'Show as table' })).toBeVisible();
  await expect(page.locator('#first').getByLabel('Head', { exact: true })).toBeVisible();
  const sectionBorder = await page.locator('#first section.selected-head').evaluate((el) => getComputedStyle(el).borderTopColor);
  expect(sectionBorder).not.toBe('rgb(0, 128, 0)');
});

test('bad attributes show notices inside the element, and a hostile text renders as text', async ({ page }) => {
  const served = await open(page);
  const bad = page.locator('#bad');
  await expect(bad.getByRole('status').filter({ hasText: 'banana' })).toBeVisible();
  await expect(bad.getByText(/bogus/)).toBeVisible();
  await expect(bad.getByRole('textbox')).toHaveValue('Bad attributes');

  const xss = page.locator('#xss');
  await expect(xss.getByRole('application')).toContainText('onerror');
  expect(await xss.locator('img, script').count()).toBe(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(served.errors).toEqual([]);
});

test('the widgets are keyboard operable and pass axe inside their shadow roots', async ({ page }) => {
  await open(page);
  const grid = page.locator('#second');
  await grid.getByRole('button', { name: 'Layer 1, head 1' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(grid.getByRole('button', { name: 'Layer 1, head 2' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(grid.getByRole('button', { name: 'Layer 1, head 2' })).toHaveAttribute('aria-pressed', 'true');

  // The heatmap's own keyboard moves work inside a shadow root too.
  const heatmap = page.locator('#first').getByRole('application');
  await heatmap.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#first').getByText(/Query 1 “The”, key 2 “cat”/)).toBeAttached();

  const results = await labAxe(page).include('#first').include('#second').include('#bad').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('works under a strict Content-Security-Policy: no inline styles allowed', async ({ page }) => {
  const csp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; object-src 'none'";
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = ((window as { __violations?: string[] }).__violations ??= []);
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const served = await open(page, 'elements-csp.html', { 'Content-Security-Policy': csp });
  // The stylesheet applied: the render root has the widget's font, the mask control its segmented look.
  const font = await page.locator('#first .attention-lab-root').evaluate((el) => getComputedStyle(el).fontFamily);
  expect(font).toContain('system-ui');
  const segmented = await page.locator('#first .segmented').evaluate((el) => getComputedStyle(el).display);
  expect(segmented).toBe('grid');
  await page.locator('#first').getByLabel('Causal', { exact: true }).check();
  await expect(page.locator('#first').getByLabel('Causal', { exact: true })).toBeChecked();
  expect(await page.evaluate(() => (window as { __violations?: string[] }).__violations ?? [])).toEqual([]);
  expect(served.errors).toEqual([]);
});

test('formulas inside a shadow root draw with KaTeX’s own fonts, declared once on the document', async ({ page }) => {
  await page.route(`${ORIGIN}/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/attention-lab-widgets.js') return route.fulfill({ body: readFileSync(BUNDLE), contentType: 'text/javascript' });
    if (pathname === '/elements-formula.html') return route.fulfill({ body: readFileSync(resolve(PAGES, 'elements-formula.html')), contentType: 'text/html' });
    return route.fulfill({ status: 404, body: 'not found' });
  });
  await page.goto(`${ORIGIN}/elements-formula.html`);
  await expect(page.locator('#step .katex').first()).toBeVisible();
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family.replace(/["']/g, ''));
  });
  expect(loaded).toContain('KaTeX_Main');
  expect(loaded).toContain('KaTeX_Math');
  // Declared on the document only: no font rules were added to the page's own <style> or <link> elements.
  expect(await page.locator('style, link[rel=stylesheet]').count()).toBe(0);
});
