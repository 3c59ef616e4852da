import { expect, test, type Page } from '@playwright/test';
import { EMBED_LINK_CASES, LAB_LINK_CASES, PLAYGROUND_LINK_CASES, SAVED_STATE_CASES, type HostileCase } from './hostileCases';
import { expectHealthy, watchPage } from './screenHealth';

/*
 * The hostile-input suite: links, embed links, playground links, saved state and storage that refuses to work.
 * Each case must leave a working page (what `shows` finds is visible), no uncaught or logged error, no dialog, no
 * script of the input's run, no NaN / Infinity / undefined / [object Object] on screen, and — where the input was
 * changed — a visible notice that says so. Model files and embed messages have their own specs beside this one.
 */

/** Every link the app writes must stay short enough for common servers (many refuse more than 8 KB). */
const MAX_LINK = 8192;

/**
 * `vite preview` (like many servers) answers 431 to a request line over ~16 KB, so such a link could never reach
 * the app there; hosts with larger limits exist, and a link is data the app must survive. Serve the page for long
 * links from the browser's side: the same document, fetched by its path alone.
 */
async function serveLongLinks(page: Page): Promise<void> {
  await page.route(
    (url) => url.href.length > MAX_LINK,
    async (route) => {
      const url = new URL(route.request().url());
      const response = await page.request.get(url.pathname);
      await route.fulfill({ response, body: await response.text() });
    },
  );
}

function run(group: string, cases: readonly HostileCase[]): void {
  test.describe(group, () => {
    for (const c of cases) {
      test(c.name, async ({ page }) => {
        const watch = watchPage(page);
        await c.before?.(page);
        await serveLongLinks(page);
        await page.goto(c.url);
        await expect(c.shows(page)).toBeVisible({ timeout: 15_000 });
        if (c.notice) {
          await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: c.notice }).first()).toBeVisible();
        }
        await c.then?.(page);
        await expectHealthy(page, watch, { allowNaN: c.allowNaN });
        // The address the app rewrote (after its debounce) fits a server's limit. A lesson hash is never rewritten,
        // and an embed never rewrites its address (the link is the instructor's).
        if (!c.url.includes('#/lessons/') && !c.url.startsWith('/embed.html')) await expect.poll(() => page.url().length, { message: 'the address the app wrote' }).toBeLessThanOrEqual(MAX_LINK);
      });
    }
  });
}

run('lab links', LAB_LINK_CASES);
run('embed links', EMBED_LINK_CASES);
run('playground links', PLAYGROUND_LINK_CASES);
run('saved state and storage', SAVED_STATE_CASES);
