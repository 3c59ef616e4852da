import { expect, test, type Page } from '@playwright/test';
import { COPY_PHRASES } from '../../scripts/lm/copyPhrases';
import { coursePage, startOtherSite, type OtherSite } from './otherSite';
import { expectHealthy, watchPage } from './screenHealth';

/*
 * The shape a real LMS gives an embed: Canvas and Moodle put pasted iframes in a sandbox
 * (allow-scripts allow-same-origin allow-popups) on a page whose Content-Security-Policy allows frames from listed
 * origins only. The embed must draw, size its frame through the snippet's height messages, and work without any
 * state it is refused: the frame is third-party, so its storage is partitioned or refused.
 */

const SANDBOX = 'allow-scripts allow-same-origin allow-popups';

let site: OtherSite;
test.beforeAll(async () => {
  site = await startOtherSite();
});
test.afterAll(async () => {
  await site.close();
});

/** The dialog's auto-height heads-grid snippet, as the LMS rewrites it: with its sandbox on the iframe. */
async function sandboxedSnippet(page: Page): Promise<string> {
  await page.goto('/?lang=en&text=The+cat+sat+on+the+mat+because+it+was+tired');
  await page.getByRole('button', { name: 'Embed / share…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed or share this view' });
  await dialog.getByRole('combobox', { name: 'Widget' }).selectOption('heads-grid');
  await dialog.getByRole('radio', { name: 'Full width, height adjusts to the content' }).check();
  const snippet = await dialog.getByRole('textbox', { name: 'HTML to paste into your page' }).first().inputValue();
  await page.keyboard.press('Escape');
  expect(snippet).toContain('<iframe ');
  return snippet.replace('<iframe ', `<iframe sandbox="${SANDBOX}" `);
}

test('a sandboxed iframe on a course page whose CSP allows only the app’s origin draws, sizes itself, and keeps no refused state', async ({ page, baseURL }) => {
  const appOrigin = new URL(baseURL ?? 'http://127.0.0.1:4173').origin;
  const snippet = await sandboxedSnippet(page);
  // Frames only from the app; the snippet's inline auto-height script is the page's own (an LMS that allows teachers
  // to add scripts); nothing else may load.
  const csp = `default-src 'none'; frame-src ${appOrigin}; script-src 'unsafe-inline'; style-src 'unsafe-inline'`;
  const watch = watchPage(page);
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const url = site.page('/lms-course.html', coursePage('LMS course page', [snippet]), { 'content-security-policy': csp });
  await page.goto(url);

  const iframe = page.locator('iframe');
  await expect(iframe).toHaveAttribute('sandbox', SANDBOX);
  const frame = page.frameLocator('iframe');
  // Drawn, by the trained model (its head labels are measured only on it).
  await expect(frame.getByRole('button', { name: 'Layer 2, head 4' })).toBeVisible({ timeout: 20_000 });
  await expect(frame.locator('.ev-widget')).toContainText('previous token', { timeout: 20_000 });
  // Sized: the snippet's script set the frame's height to what the frame reported.
  await expect
    .poll(
      async () => {
        const frameHeight = await iframe.evaluate((el) => parseFloat((el as HTMLIFrameElement).style.height) || 0);
        const content = await (await iframe.elementHandle())!.contentFrame().then((f) => f!.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height)));
        return frameHeight > 0 && Math.abs(frameHeight - content) <= 1;
      },
      { message: 'the frame is sized to its content', timeout: 15_000 },
    )
    .toBe(true);

  // Interaction works inside the sandbox; a reload shows the link's view again: nothing was kept.
  await frame.getByRole('button', { name: 'Layer 1, head 2' }).click();
  await expect(frame.getByRole('button', { name: 'Layer 1, head 2' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.frameLocator('iframe').getByRole('button', { name: 'Layer 1, head 1' })).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 });
  expect(violations).toEqual([]);
  await expectHealthy(page, watch);
});

test('a sandboxed trained-model widget (generation) works on the same LMS page', async ({ page, baseURL }) => {
  const appOrigin = new URL(baseURL ?? 'http://127.0.0.1:4173').origin;
  const src = `${appOrigin}/embed.html?widget=generation&text=${encodeURIComponent(COPY_PHRASES[0].text)}&lang=en`;
  const html = coursePage('LMS generation', [`<iframe sandbox="${SANDBOX}" src="${src}" title="Generation" width="100%" height="700" style="border:0"></iframe>`]);
  const watch = watchPage(page);
  await page.goto(site.page('/lms-generation.html', html, { 'content-security-policy': `default-src 'none'; frame-src ${appOrigin}; style-src 'unsafe-inline'` }));
  const frame = page.frameLocator('iframe');
  const generate = frame.getByRole('button', { name: 'Generate' });
  await expect(generate).toBeEnabled({ timeout: 20_000 });
  await generate.click();
  await expect(frame.getByTestId('generation-step')).toBeVisible();
  // Greedy decoding continues the repeated phrase: the first new token is the copy (the phrase of copying.spec.ts).
  await expect(frame.getByTestId('generation-step')).toContainText(`“${COPY_PHRASES[0].copy}”`);
  await expectHealthy(page, watch);
});
