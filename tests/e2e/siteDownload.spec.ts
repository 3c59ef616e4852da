import { expect, test, type Locator, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { shareMessages } from '../../src/components/share/share.messages';
import { siteDownloadMessages } from '../../src/components/share/siteDownload.messages';
import { heatmapMessages } from '../../src/components/heatmap/heatmap.messages';
import { predictionsMessages } from '../../src/components/predictions/predictions.messages';
import { labAxe } from './axe';
import { waitForTrainedTokens } from './trainedModel';

/*
 * "Download for your site" end to end, across two origins: the Embed dialog of the built app (the preview, or
 * PW_BASE_URL, on 127.0.0.1) saves the zip; the spec unpacks it with the same library and serves the folder with
 * Python's plain static server, which sends no CORS header at all, at http://localhost:<port> (another host: another
 * origin and another site). The example page must draw the element with the trained model, everything coming from
 * that folder, and log no error. At a phone's width and a desktop's, in both languages.
 */

type Locale = 'en' | 'zh';
type Widget = 'heatmap' | 'heads-grid' | 'predictions';

const CASES: readonly { readonly width: number; readonly locale: Locale; readonly widget: Widget }[] = [
  { width: 375, locale: 'en', widget: 'heatmap' },
  { width: 375, locale: 'zh', widget: 'heads-grid' },
  { width: 1400, locale: 'en', widget: 'predictions' },
  { width: 1400, locale: 'zh', widget: 'heatmap' },
];

const fill = (text: string, params: Record<string, string | number>): string => text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

/** The interface text the spec looks for, in the app's own words. */
const words = (locale: Locale) => ({
  open: shareMessages[locale]['share.embed.open'],
  dialog: shareMessages[locale]['share.embed.heading'],
  widget: shareMessages[locale]['share.embed.widget'],
  element: shareMessages[locale]['share.embed.element'],
  download: siteDownloadMessages[locale]['share.download.button'],
  saved: fill(siteDownloadMessages[locale]['share.download.saved'], { name: 'attention-lab-widgets.zip' }),
  head: (layer: number, head: number) => fill(heatmapMessages[locale]['selectedHead.titleHead'], { layer, head }),
  thumbnail: (layer: number, head: number) => fill(heatmapMessages[locale]['headsGrid.button.head'], { layer, head }),
  predictions: predictionsMessages[locale]['predictions.title'],
});

/** What shows that the element drew, with the trained model (its file came from beside the script). */
async function expectDrawn(element: Locator, widget: Widget, locale: Locale): Promise<void> {
  const w = words(locale);
  switch (widget) {
    case 'heatmap':
      await expect(element.getByRole('heading', { name: w.head(1, 1) })).toBeVisible({ timeout: 15_000 });
      // Only the trained model's run starts with its start token.
      await waitForTrainedTokens(element.getByRole('application'));
      return;
    case 'heads-grid':
      // The trained model's shape: 2 layers × 4 heads.
      await expect(element.getByRole('button', { name: w.thumbnail(2, 4) })).toBeVisible({ timeout: 15_000 });
      return;
    case 'predictions':
      await expect(element.getByRole('heading', { name: w.predictions })).toBeVisible({ timeout: 15_000 });
      await expect(element.locator('.predictions li').first()).toBeVisible();
      return;
  }
}

/** A free TCP port on this machine. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

let root = '';
let python: ChildProcess | null = null;
let courseOrigin = '';

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'attention-lab-site-'));
  const port = await freePort();
  python = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', root], { stdio: 'ignore' });
  // localhost, not 127.0.0.1: another host than the app's, so another origin and another site.
  courseOrigin = `http://localhost:${port}`;
  await expect
    .poll(async () => fetch(`${courseOrigin}/`).then((r) => r.status).catch(() => 0), { message: 'python3 -m http.server started', timeout: 10_000 })
    .toBe(200);
});

test.afterAll(() => {
  python?.kill();
  if (root !== '') rmSync(root, { recursive: true, force: true });
});

/** Opens the app in `locale`, picks `widget` in the Embed dialog and saves the zip through the new button. */
async function downloadArchive(page: Page, locale: Locale, widget: Widget): Promise<Uint8Array> {
  const w = words(locale);
  await page.goto(`/?lang=${locale}&text=The+cat+sat+on+the+mat`);
  await page.getByRole('button', { name: w.open }).click();
  const dialog = page.getByRole('dialog', { name: w.dialog });
  await dialog.getByRole('combobox', { name: w.widget, exact: true }).selectOption(widget);
  await dialog.getByText(w.element, { exact: true }).click();
  const button = dialog.getByRole('button', { name: w.download });
  await expect(button).toBeVisible();
  // The button fits the phone's width: nothing to scroll sideways for.
  const box = await button.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe('attention-lab-widgets.zip');
  // Read at once: the artifacts folder is Playwright's, and goes with the test's context.
  const zip = new Uint8Array(readFileSync(await download.path()));
  await expect(dialog.getByRole('status').filter({ hasText: w.saved })).toBeVisible();
  const axe = await labAxe(page).include('.site-download').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  return zip;
}

/** Unpacks the zip into its own folder under the static server's root; returns the unpacked files. */
function unpack(zip: Uint8Array, folder: string): Record<string, Uint8Array> {
  const files = unzipSync(zip);
  for (const [path, bytes] of Object.entries(files)) {
    const target = join(root, folder, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
  return files;
}

for (const { width, locale, widget } of CASES) {
  test(`the downloaded folder, on another origin with no CORS header, draws the ${widget} element (${width} px, ${locale})`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    const files = unpack(await downloadArchive(page, locale, widget), `${width}-${locale}`);
    const appOrigin = new URL(page.url()).origin;
    expect(appOrigin).not.toBe(courseOrigin);
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'attention-lab-widgets.js', 'index.html', 'models/lm/README.md', 'models/lm/model.bin']);
    // The model's file byte for byte as the app serves it.
    const served = new Uint8Array(await (await fetch(new URL('models/lm/model.bin', `${appOrigin}/`))).arrayBuffer());
    expect(Buffer.compare(Buffer.from(files['models/lm/model.bin']), Buffer.from(served))).toBe(0);

    // The example page, on the course site.
    const requests: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error' || /CORS|Access-Control/i.test(message.text())) problems.push(`${message.type()}: ${message.text()}`);
    });
    const modelResponse = page.waitForResponse((response) => response.url().endsWith('/models/lm/model.bin'));
    await page.goto(`${courseOrigin}/${width}-${locale}/index.html`);
    expect(await page.locator('html').getAttribute('lang')).toBe(locale === 'zh' ? 'zh-CN' : 'en');

    const element = page.locator(`attention-${widget}`);
    await expect(element).toHaveCount(1);
    await expect(element).toHaveAttribute('lang', locale);
    await expect(element).toHaveAttribute('text', 'The cat sat on the mat');
    await expectDrawn(element, widget, locale);
    // Drawn in its shadow root (the fallback text in the light DOM is hidden once the element is defined).
    expect(await element.evaluate((el) => el.shadowRoot !== null && el.shadowRoot.childElementCount > 0)).toBe(true);
    await expect(element.getByText(siteDownloadMessages[locale]['share.download.page.fallback'])).toBeHidden();
    // No lab sits beside the copy: the element's "Open in Attention Lab" goes back to the app the archive came from.
    await expect(element.locator('.ev-footer a')).toHaveAttribute('href', new RegExp(`^${appOrigin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/index\\.html\\?`));

    // Everything came from the course site's folder: no request to the app, no header needed, no error.
    const model = await modelResponse;
    expect(model.status()).toBe(200);
    expect(model.url()).toBe(`${courseOrigin}/${width}-${locale}/models/lm/model.bin`);
    expect(await model.headerValue('access-control-allow-origin')).toBeNull();
    const origins = new Set(requests.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:')).map((url) => new URL(url).origin));
    expect([...origins]).toEqual([courseOrigin]);
    expect(problems).toEqual([]);

    // The example page itself, the element inside, passes the suite's accessibility rules.
    const axe = await labAxe(page).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // Nothing wider than the phone's screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('control: the same page with the script on another origin of that server stays blank (the CORS case the download avoids)', async ({ page }) => {
  test.setTimeout(60_000);
  const folder = 'control';
  const files = unpack(await downloadArchive(page, 'en', 'heatmap'), folder);
  // The example page, but with the script at 127.0.0.1 (the same Python server, another origin than localhost).
  const scriptElsewhere = `src="${courseOrigin.replace('localhost', '127.0.0.1')}/${folder}/attention-lab-widgets.js"`;
  const html = new TextDecoder().decode(files['index.html']).replace('src="./attention-lab-widgets.js"', scriptElsewhere);
  expect(html).toContain(scriptElsewhere);
  writeFileSync(join(root, folder, 'control.html'), html);

  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto(`${courseOrigin}/${folder}/control.html`);
  const element = page.locator('attention-heatmap');
  // Never defined: the browser shows the fallback the archive's page wrote into the element.
  await expect(element.getByText(siteDownloadMessages.en['share.download.page.fallback'])).toBeVisible();
  await expect.poll(() => consoleErrors.some((text) => /CORS|Access-Control-Allow-Origin/.test(text)), { timeout: 10_000 }).toBe(true);
  expect(await element.evaluate((el) => el.shadowRoot)).toBeNull();
});
