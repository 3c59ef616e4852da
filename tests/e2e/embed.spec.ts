import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { labAxe } from './axe';
import { waitForTrainedTokens } from './trainedModel';

/*
 * The embed page (embed.html) in iframes: the example page instructors can copy (public/embed-example.html), and a
 * host page per widget served by page.route on the preview's origin, with its own resizer and a log of messages.
 */

const WIDGETS = ['heatmap', 'heads-grid', 'head-view', 'walkthrough-step', 'sqrt-dk', 'residual'] as const;
type Widget = (typeof WIDGETS)[number];

const XSS = '<img src=x onerror=alert(1)>';

/** What shows that each widget has rendered inside its frame. */
function widgetIn(frame: FrameLocator | Page, widget: Widget, head = 1): Locator {
  switch (widget) {
    case 'heatmap':
      return frame.getByRole('heading', { name: `Layer 1, head ${head}` });
    case 'heads-grid':
      return frame.getByRole('button', { name: 'Layer 2, head 4' });
    case 'head-view':
      return frame.getByRole('heading', { name: /^Head view, layer 1/ });
    case 'walkthrough-step':
      return frame.getByRole('heading', { name: /^Divide by √d_k|^Softmax/ });
    case 'sqrt-dk':
      return frame.getByTestId('wt-dk');
    case 'residual':
      return frame.getByTestId('wt-collapse-result');
  }
}

/** The widgets that draw the sentence's tokens: the ones whose size changes when the trained model's run replaces the stand-in. */
const DRAWS_TOKENS: readonly Widget[] = ['heatmap', 'head-view', 'walkthrough-step'];

/**
 * Before measuring a widget: waits until it shows the trained model (not the untrained one standing in while the
 * file loads): where it draws tokens, its start token; in the heads grid, the head labels' guide, which only the
 * trained model has (it makes the widget taller).
 */
async function trainedIn(frame: FrameLocator | Page, widget: Widget): Promise<void> {
  if (DRAWS_TOKENS.includes(widget)) await waitForTrainedTokens(frame.locator('.ev-widget'));
  else if (widget === 'heads-grid') await expect(frame.locator('.ev-widget .head-labels-guide')).toBeVisible({ timeout: 15_000 });
}

/** The frame's CSS height as set by the host, and the height of the document inside it. */
async function heights(page: Page, selector: string): Promise<{ frame: number; content: number }> {
  const frame = await page.locator(selector).evaluate((el) => parseFloat((el as HTMLIFrameElement).style.height) || 0);
  const handle = await page.locator(selector).elementHandle();
  const content = await (await handle!.contentFrame())!.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
  return { frame, content };
}

/** Waits until the host has sized the frame to its content (the heights agree, and differ from the start value). */
async function expectSizedToContent(page: Page, selector: string, initial: number): Promise<number> {
  let last = { frame: 0, content: -1 };
  await expect
    .poll(async () => {
      last = await heights(page, selector);
      return last.frame === last.content && last.frame !== initial;
    }, { timeout: 15_000 })
    .toBe(true);
  return last.frame;
}

const HOST_INITIAL_HEIGHT = 300;

/** A same-origin host page with one embed, a resizer like the snippet's, and a log of every message it gets. */
function hostPage(query: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>
<h1>Host page</h1>
<iframe id="embed" data-attention-lab title="Attention Lab widget" style="width:100%;height:${HOST_INITIAL_HEIGHT}px;border:0" src="/embed.html?${query}"></iframe>
<script>
  window.received = [];
  window.addEventListener('message', function (event) {
    var frame = document.getElementById('embed');
    if (event.source !== frame.contentWindow) return;
    window.received.push(event.data);
    var data = event.data;
    if (data && data.type === 'attention-lab:height' && typeof data.height === 'number' && data.height > 0) frame.style.height = Math.min(data.height, 5000) + 'px';
  });
</script></body></html>`;
}

async function openHost(page: Page, query: string): Promise<FrameLocator> {
  await page.route('**/embed-test-host.html', (route) => route.fulfill({ contentType: 'text/html', body: hostPage(query) }));
  await page.goto('/embed-test-host.html');
  return page.frameLocator('#embed');
}

let dialogs: string[] = [];

test.beforeEach(async ({ page }) => {
  dialogs = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.addInitScript(() => {
    // Every frame: English unless the link says otherwise, and CSP violations made visible.
    localStorage.setItem('attention-lab-ui', JSON.stringify({ state: { locale: 'en' }, version: 1 }));
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
});

test.describe('the example page', () => {
  test('shows all six widgets, each frame sized to its content by the height message', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto('/embed-example.html');
    for (const widget of WIDGETS) {
      const selector = `#${widget}-frame`;
      await expect(widgetIn(page.frameLocator(selector), widget, widget === 'heatmap' ? 2 : 1)).toBeVisible({ timeout: 15_000 });
      await trainedIn(page.frameLocator(selector), widget);
      await expectSizedToContent(page, selector, 400);
    }
    // The frames fit: no frame scrolls inside.
    for (const widget of WIDGETS) {
      const handle = await page.locator(`#${widget}-frame`).elementHandle();
      const inner = await (await handle!.contentFrame())!.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      expect(inner, widget).toBeLessThanOrEqual(0);
    }
    expect(errors).toEqual([]);
  });

  test('a frame grows with a longer sentence and shrinks back; locked heads stay locked', async ({ page }) => {
    await page.goto('/embed-example.html');
    const selector = '#head-view-frame';
    const frame = page.frameLocator(selector);
    await expect(widgetIn(frame, 'head-view')).toBeVisible({ timeout: 15_000 });
    await trainedIn(frame, 'head-view');
    const before = await expectSizedToContent(page, selector, 400);
    await frame.getByRole('textbox').fill('one two three four five six seven eight nine ten eleven twelve thirteen fourteen');
    const grown = await expectSizedToContent(page, selector, before);
    expect(grown).toBeGreaterThan(before);
    await frame.getByRole('textbox').fill('one two');
    const shrunk = await expectSizedToContent(page, selector, grown);
    expect(shrunk).toBeLessThan(before);

    // Heads are locked: the disabled toggles show heads 2 and 4 off, and neither pointer nor keyboard changes them.
    const lock = frame.locator('fieldset.ev-lock');
    await expect(lock).toHaveAttribute('disabled', '');
    await expect(lock.getByRole('checkbox', { name: 'Head 2' })).not.toBeChecked();
    await expect(lock.getByRole('checkbox', { name: 'Head 1' })).toBeChecked();
    await lock.getByRole('checkbox', { name: 'Head 1' }).click({ force: true });
    await expect(lock.getByRole('checkbox', { name: 'Head 1' })).toBeChecked();
    await expect(frame.getByRole('combobox', { name: 'Layer' })).toBeDisabled();
    // The head view's own toggles are out of the way, and Tab skips everything locked.
    await expect(frame.locator('.headview-heads')).toBeHidden();
    await frame.getByRole('textbox').focus();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await frame.locator('fieldset.ev-lock :focus').count()).toBe(0);
    }
  });

  test('the page can set an unlocked sentence with the set-text message', async ({ page }) => {
    await page.goto('/embed-example.html');
    const frame = page.frameLocator('#heatmap-frame');
    await expect(widgetIn(frame, 'heatmap', 2)).toBeVisible({ timeout: 15_000 });
    await page.getByLabel('Send a sentence to this widget:').fill('Students learn attention by trying it');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(frame.getByRole('textbox')).toHaveValue('Students learn attention by trying it');
    await expect(frame.getByRole('application', { name: /Layer 1, head 2/ })).toContainText('trying');
    // The mask is locked in this frame.
    await expect(frame.getByLabel('Causal', { exact: true })).toBeDisabled();
    await expect(frame.getByLabel('Causal', { exact: true })).toBeChecked();
  });
});

test.describe('each widget in a host page', () => {
  for (const widget of WIDGETS) {
    test(`${widget}: renders, is sized by its messages, keeps locks, hides the rest, notes a bad parameter, shows markup as text`, async ({ page }) => {
      const query = `widget=${widget}&text=${encodeURIComponent(XSS)}&controls=text,mask,bogus&lock=mask&mask=causal&lang=en`;
      const frame = await openHost(page, query);
      await expect(widgetIn(frame, widget)).toBeVisible({ timeout: 15_000 });
      await trainedIn(frame, widget);

      // The sentence is data: shown in the box, no <img> made, no script run.
      await expect(frame.getByRole('textbox')).toHaveValue(XSS);
      await expect(frame.locator('img')).toHaveCount(0);

      // The bad control id gets a notice; the frame follows the content when the notice is dismissed.
      const notices = frame.getByRole('status', { name: 'Problems with the embed settings' });
      await expect(notices).toContainText('controls that do not exist: bogus');
      const withNotice = await expectSizedToContent(page, '#embed', HOST_INITIAL_HEIGHT);
      await notices.getByRole('button', { name: 'Dismiss this notice' }).click();
      await expect(notices).toHaveCount(0);
      const without = await expectSizedToContent(page, '#embed', withNotice);
      expect(without).toBeLessThan(withNotice);

      // Locked mask: disabled, stays causal whatever the pointer or keyboard does.
      const causal = frame.getByLabel('Causal', { exact: true });
      await expect(causal).toBeDisabled();
      await frame.getByLabel('None', { exact: true }).click({ force: true });
      await expect(causal).toBeChecked();
      await frame.getByRole('textbox').focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowRight');
      await expect(causal).toBeChecked();

      // Hidden controls are absent.
      await expect(frame.getByRole('group', { name: 'Model' })).toHaveCount(0);
      await expect(frame.getByRole('combobox', { name: 'Layer' })).toHaveCount(0);

      // The embed said nothing but its height.
      const received = await page.evaluate(() => (window as unknown as { received: unknown[] }).received);
      expect(received.length).toBeGreaterThan(0);
      for (const message of received) {
        expect(Object.keys(message as object).sort()).toEqual(['height', 'type']);
        expect(message).toMatchObject({ type: 'attention-lab:height' });
        expect(Number.isInteger((message as { height: number }).height)).toBe(true);
      }
      expect(dialogs).toEqual([]);
    });
  }
});

test('a script URL as the sentence stays text, and the lab link opens the lab with the same sentence', async ({ page }) => {
  const frame = await openHost(page, 'widget=heatmap&text=javascript:alert(1)&controls=text');
  await expect(frame.getByRole('textbox')).toHaveValue('javascript:alert(1)');
  const links = frame.locator('a');
  await expect(links).toHaveCount(1);
  await expect(links.first()).toHaveAttribute('href', /^\.\/index\.html\?text=javascript%3Aalert\(1\)/);
  const [lab] = await Promise.all([page.waitForEvent('popup'), frame.getByRole('link', { name: /Open in Attention Lab/ }).click()]);
  await expect(lab.getByRole('textbox')).toHaveValue('javascript:alert(1)');
  await expect(lab.getByRole('heading', { name: 'Attention Lab' })).toBeVisible();
  expect(dialogs).toEqual([]);
});

test('the set-text message: exact shape only, and never into a locked sentence', async ({ page }) => {
  const frame = await openHost(page, 'widget=heatmap&text=first&controls=text');
  await expect(frame.getByRole('textbox')).toHaveValue('first');
  const post = (data: unknown) =>
    page.evaluate((d) => (document.getElementById('embed') as HTMLIFrameElement).contentWindow!.postMessage(d, '*'), data);
  await post({ type: 'attention-lab:set-text', text: 'second', extra: 1 });
  await post({ type: 'attention-lab:set-text', text: 42 });
  await post({ type: 'attention-lab:set-text', text: 'x'.repeat(2001) });
  await post('attention-lab:set-text');
  await post({ type: 'attention-lab:set-text', text: XSS });
  await expect(frame.getByRole('textbox')).toHaveValue(XSS);
  await expect(frame.locator('img')).toHaveCount(0);

  await page.unroute('**/embed-test-host.html');
  const locked = await openHost(page, 'widget=heatmap&text=fixed&controls=text&lock=text');
  await expect(locked.getByRole('textbox')).toHaveValue('fixed');
  await expect(locked.getByRole('textbox')).toBeDisabled();
  await post({ type: 'attention-lab:set-text', text: 'changed' });
  await page.waitForTimeout(300);
  await expect(locked.getByRole('textbox')).toHaveValue('fixed');
  expect(dialogs).toEqual([]);
});

test('the lab and the embed run under their Content-Security-Policy without a violation', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
  });
  // The walkthrough, a lesson and the walkthrough-step embed typeset formulas (KaTeX's inline styles and fonts).
  const pages: readonly (readonly [string, boolean])[] = [
    ['/', false],
    ['/?page=walkthrough', true],
    ['/#/lessons/scaled-dot-product', true],
    ['/embed.html?widget=walkthrough-step&step=scale&controls=text,mask,heads,settings', true],
    ['/embed.html?widget=residual', false],
  ];
  for (const [path, formulas] of pages) {
    await page.goto(path);
    await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute('content', /script-src 'self' 'wasm-unsafe-eval'/);
    await expect(page.locator('#root')).not.toBeEmpty();
    if (formulas) await expect(page.locator('.katex').first()).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
  }
  expect(errors).toEqual([]);
});

test('the embed page has no serious or critical accessibility violations, in English and in Chinese', async ({ page }) => {
  // Several full axe runs on pages that run the trained model: more than the default 30 s on a shared 2-core machine.
  test.setTimeout(120_000);
  for (const lang of ['en', 'zh']) {
    for (const widget of ['heatmap', 'head-view'] as const) {
      await page.goto(`/embed.html?widget=${widget}&controls=text,mask,heads,settings&lock=mask,heads&widget=again&lang=${lang}`);
      await expect(page.locator('.ev-widget')).not.toBeEmpty();
      await trainedIn(page, widget);
      const results = await labAxe(page).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${lang} ${widget} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  }
});

test('in a 360 px frame every widget fits its width: nothing inside scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  for (const widget of WIDGETS) {
    // Five positions on the trained model (⟨start⟩ first): the walkthrough's number tables, 43 px a column, fit
    // 360 px up to about seven tokens; longer sentences scroll inside the step card by design.
    await page.goto(`/embed.html?widget=${widget}&text=The+cat+sat+here&controls=heads`);
    await expect(widgetIn(page, widget)).toBeVisible();
    await trainedIn(page, widget);
    const overflowing = await page.evaluate(() =>
      [document.documentElement, ...document.querySelectorAll<HTMLElement>('*')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX))
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
    );
    expect(overflowing, widget).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }
});

test('in a phone-wide frame the head view shows every token whole: the lines give way first', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/embed.html?widget=head-view&lang=en&text=The+little+girl+walked+to+the+old+house');
  await expect(page.locator('.headview-token-text').first()).toBeVisible();
  await trainedIn(page, 'head-view');
  const cut = await page.locator('.headview-token-text').evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent));
  expect(cut).toEqual([]);
  await expect(page.getByRole('button', { name: /^Query 5: \W?walked$/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
