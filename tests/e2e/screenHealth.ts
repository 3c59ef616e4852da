import { expect, type Frame, type Page } from '@playwright/test';

/*
 * What every hostile or careless input must leave behind: a page that still shows something, no uncaught error,
 * no dialog, no script of the input's run, and no number or value the interface failed to produce.
 */

/** Words that mean the interface printed a value it did not have (a lesson may quote NaN on purpose: see allowNaN). */
const BROKEN_VALUES = [/\bNaN\b/, /\bInfinity\b/, /\bundefined\b/, /\[object Object\]/];

export interface Watch {
  /** Uncaught errors and console errors of the page and its frames (resource 404s excepted). */
  readonly errors: string[];
  readonly dialogs: string[];
}

/** Starts watching a page: errors, console errors, and dialogs (dismissed at once). */
export function watchPage(page: Page): Watch {
  const watch: Watch = { errors: [], dialogs: [] };
  page.on('pageerror', (e) => watch.errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // A refused request (a missing model file, a favicon) is logged by the browser itself, not by our code.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) watch.errors.push(`console: ${m.text().slice(0, 300)}`);
  });
  page.on('dialog', (d) => {
    watch.dialogs.push(d.message());
    void d.dismiss();
  });
  return watch;
}

/** Marks any script an input managed to run: payloads in the suite set window.__pwned. */
export const PWNED = 'window.__pwned=1';

export interface HealthOptions {
  /** Lessons discuss NaN from PyTorch on purpose. */
  readonly allowNaN?: boolean;
  /** At least this many characters of visible text (a blank page has none). */
  readonly minText?: number;
}

/** The visible text of a page or frame, failing clearly when it is blank. */
async function visibleText(target: Page | Frame, minText: number): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      // Custom elements draw in shadow roots, which body.innerText leaves out.
      text = await target.locator('body').evaluate((body: HTMLElement) => {
        const parts = [body.innerText];
        for (const el of Array.from(body.querySelectorAll('*'))) {
          if (el.shadowRoot) for (const child of Array.from(el.shadowRoot.children)) if (child instanceof HTMLElement && child.tagName !== 'STYLE') parts.push(child.innerText);
        }
        return parts.join('\n');
      });
      return text.trim().length;
    }, { message: 'the page stays blank', timeout: 10_000 })
    .toBeGreaterThanOrEqual(minText);
  return text;
}

/** Asserts the page (and each of its frames) is alive and shows no broken value, no error and no script of ours. */
export async function expectHealthy(page: Page, watch: Watch, options: HealthOptions = {}): Promise<void> {
  for (const frame of page.frames()) {
    if (frame.url() === 'about:blank' || frame.url().startsWith('chrome-error:')) continue;
    // The app's own pages must show something real; a course page around an embed may be short.
    const ours = new URL(frame.url()).port === '4173';
    const text = await visibleText(frame, ours ? (options.minText ?? 40) : 1);
    for (const pattern of BROKEN_VALUES) {
      if (options.allowNaN && pattern.source.includes('NaN')) continue;
      expect(text, `${frame.url().slice(0, 120)} shows ${pattern}`).not.toMatch(pattern);
    }
    expect(await frame.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), 'an input ran a script').toBeUndefined();
    expect(await frame.evaluate(() => ({} as Record<string, unknown>).polluted), 'Object.prototype was polluted').toBeUndefined();
  }
  expect(watch.dialogs, 'a dialog opened').toEqual([]);
  expect(watch.errors, 'errors were thrown or logged').toEqual([]);
}
