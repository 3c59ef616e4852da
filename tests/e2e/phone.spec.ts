import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchErrors } from './watchErrors';

/*
 * The app on a 375 × 800 phone screen: the lab's heatmap and head view say when they hide columns to the side, the
 * heatmap's tooltip stays on screen, lesson 4's tables keep whole words and scroll in their own box, and the
 * playground's Start button is on the first screen.
 */

const PHONE = { width: 375, height: 800 };
const WIDE = { width: 1400, height: 900 };
test.use({ viewport: PHONE });

const LOCALES = ['en', 'zh'] as const;
type Locale = (typeof LOCALES)[number];

const TEXT: Record<Locale, { heatmapHint: string; headviewHint: string; start: string; scaled: string; causal: string }> = {
  en: {
    heatmapHint: 'Scroll sideways to see all 13 columns.',
    headviewHint: 'Scroll sideways to see both columns, the queries and the keys.',
    start: 'Start',
    scaled: 'Scaled scores QKᵀ/√d_k',
    causal: 'Causal',
  },
  zh: {
    heatmapHint: '左右滚动可以看到全部 13 列。',
    headviewHint: '左右滚动可以看到查询和键这两列。',
    start: '开始',
    scaled: '缩放后的得分 QKᵀ/√d_k',
    causal: '因果',
  },
};

/** The lab with the untrained model's 13-token default sentence, once its numbers are on screen. */
async function openLab(page: Page, locale: Locale): Promise<void> {
  await page.goto(`/?lang=${locale}&model=untrained&text=The+animal+did+not+cross+the+street+because+it+was+too+tired+.`);
  await expect(page.locator('.lab-status[data-lab-pending="false"]')).toBeAttached();
}

const heatmapScroller = (page: Page) => page.locator('.attention-heatmap__body').first();
const headviewScroller = (page: Page) => page.locator('.headview-diagram').first();

/** Every box the visible part of `el` passes: the window and each ancestor that clips (scrolls) sideways. */
async function visibleSpan(el: Locator): Promise<{ left: number; right: number }> {
  return el.evaluate((node) => {
    let left = 0;
    let right = document.documentElement.clientWidth;
    for (let a = node.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === 'visible') continue;
      const start = a.getBoundingClientRect().left + a.clientLeft;
      left = Math.max(left, start);
      right = Math.min(right, start + a.clientWidth);
    }
    return { left, right };
  });
}

/**
 * The cells of one row whose whole width can be seen now, left to right, with their centres in the viewport (the
 * page is scrolled up or down to put the row mid-screen; the chart's sideways scroll is left as it is).
 */
async function visibleCells(page: Page, row: number): Promise<{ k: number; x: number; y: number }[]> {
  const chart = page.locator('.attention-heatmap__chart').first();
  await chart.evaluate((node, row) => {
    const cell = node.querySelector(`.attention-heatmap__cells rect[data-q="${row}"]`);
    if (cell) window.scrollBy(0, cell.getBoundingClientRect().top - window.innerHeight / 2);
  }, row);
  const span = await visibleSpan(chart);
  return chart.evaluate(
    (node, { row, span }) =>
      Array.from(node.querySelectorAll<SVGRectElement>(`.attention-heatmap__cells rect[data-q="${row}"]`))
        .map((r) => ({ k: Number(r.dataset.k), box: r.getBoundingClientRect() }))
        .filter(({ box }) => box.left >= span.left && box.right <= span.right)
        .map(({ k, box }) => ({ k, x: box.left + box.width / 2, y: box.top + box.height / 2 })),
    { row, span },
  );
}

/** The tooltip's box lies on the phone's screen and inside the chart's visible (not scrolled away) part. */
async function expectTooltipOnScreen(page: Page): Promise<void> {
  const tip = page.getByRole('tooltip');
  await expect(tip).toBeVisible();
  const box = await tip.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  const span = await visibleSpan(tip);
  expect(box.x).toBeGreaterThanOrEqual(span.left - 0.5);
  expect(box.x + box.width).toBeLessThanOrEqual(span.right + 0.5);
}

for (const locale of LOCALES) {
  const text = TEXT[locale];

  test(`${locale}: the heatmap says it hides columns to the side, fades that edge, and says nothing once it fits`, async ({ page }) => {
    const errors = watchErrors(page);
    await openLab(page, locale);
    const scroller = heatmapScroller(page);
    const hint = page.getByText(text.heatmapHint);
    await expect(hint).toBeVisible();
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(page.locator('.attention-heatmap__edge--right').first()).toBeVisible();
    await expect(page.locator('.attention-heatmap__edge--left')).toHaveCount(0);

    // Scrolled to the end, the hidden columns are on the left.
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(page.locator('.attention-heatmap__edge--left').first()).toBeVisible();
    await expect(page.locator('.attention-heatmap__edge--right')).toHaveCount(0);
    await expect(hint).toBeVisible();

    await page.setViewportSize(WIDE);
    await expect.poll(() => scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(hint).toHaveCount(0);
    await expect(page.locator('.attention-heatmap__edge')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test(`${locale}: the head view says its key column is off to the side, and says nothing once it fits`, async ({ page }) => {
    const errors = watchErrors(page);
    await openLab(page, locale);
    const scroller = headviewScroller(page);
    const hint = page.getByText(text.headviewHint);
    await expect(hint).toBeVisible();
    await expect(hint).toHaveAttribute('data-hidden-right', 'true');
    const keys = page.locator('.headview-column--key').first();
    const lastKey = keys.getByRole('button').last();
    const keysBox = await keys.boundingBox();
    expect(keysBox && keysBox.x + keysBox.width).toBeGreaterThan(PHONE.width);
    // The fade is on the right edge: it makes that edge see-through.
    expect(await scroller.evaluate((el) => getComputedStyle(el).maskImage)).toMatch(/gradient/);

    // Scrolled to the end, the keys are on screen, column heading and all, and the hint says the queries are hidden.
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(hint).toHaveAttribute('data-hidden-left', 'true');
    await expect(hint).toHaveAttribute('data-hidden-right', 'false');
    const lastBox = await lastKey.boundingBox();
    expect(lastBox && lastBox.x + lastBox.width).toBeLessThanOrEqual(PHONE.width);
    // The hint moved to the end in sight.
    const hintBox = await hint.boundingBox();
    const span = await visibleSpan(hint);
    expect(hintBox && hintBox.x).toBeGreaterThanOrEqual(span.left - 0.5);
    expect(hintBox && hintBox.x + hintBox.width).toBeLessThanOrEqual(span.right + 0.5);

    await page.setViewportSize(WIDE);
    await expect(hint).toHaveCount(0);
    expect(await scroller.evaluate((el) => getComputedStyle(el).maskImage)).toBe('none');
    expect(errors).toEqual([]);
  });

  test(`${locale}: the heatmap tooltip stays on the screen, at the leftmost and rightmost cells in sight`, async ({ page }) => {
    const errors = watchErrors(page);
    await openLab(page, locale);
    for (const row of [0, 6, 12]) {
      const cells = await visibleCells(page, row);
      expect(cells.length).toBeGreaterThan(2);
      for (const cell of [cells[0], cells[cells.length - 1]]) {
        await page.mouse.move(cell.x, cell.y);
        await expect(page.getByRole('tooltip')).toContainText(/\d\.\d{4}/);
        await expectTooltipOnScreen(page);
      }
    }

    // Scrolled to the last column, a tap locks the tooltip of its last cell: still on screen.
    await heatmapScroller(page).evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    const end = await visibleCells(page, 12);
    const last = end[end.length - 1];
    expect(last.k).toBe(12);
    await page.mouse.click(last.x, last.y);
    await expectTooltipOnScreen(page);

    // The longest text: a masked scaled score, which has to wrap on a phone.
    await page.keyboard.press('Escape');
    await page.getByLabel(text.scaled).check();
    await page.getByLabel(text.causal, { exact: true }).check();
    await expect(page.locator('.lab-status[data-lab-pending="false"]')).toBeAttached();
    await heatmapScroller(page).evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    const masked = (await visibleCells(page, 0)).at(-1);
    expect(masked).toBeDefined();
    if (!masked) return;
    await page.mouse.move(masked.x, masked.y);
    await expect(page.getByRole('tooltip')).toContainText('−∞');
    await expectTooltipOnScreen(page);
    expect(errors).toEqual([]);
  });

  test(`${locale}: lesson 4's tables keep every word whole and scroll sideways in their own named box`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(`/?lang=${locale}#/lessons/masking`);
    const tables = page.locator('.lesson-table');
    await expect(tables.first()).toBeVisible();
    expect(await tables.count()).toBeGreaterThan(0);
    for (const box of await tables.all()) {
      await expect(box).toHaveAttribute('tabindex', '0');
      const caption = (await box.locator('caption').innerText()).trim();
      await expect(page.getByRole('region', { name: caption })).toHaveCount(1);
      // A word (letters, digits, underscores; in Chinese a run of characters) split over two lines has line boxes at two heights.
      const broken = await box.evaluate((el) => {
        const found: string[] = [];
        const walker = document.createTreeWalker(el.querySelector('table') ?? el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.parentElement?.closest('caption')) continue;
          for (const m of (node.textContent ?? '').matchAll(/[\p{L}\p{N}_]+/gu)) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const tops = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (tops.size > 1) found.push(m[0]);
          }
        }
        return found;
      });
      expect(broken).toEqual([]);
    }
    // The widest table scrolls inside its box; the page itself does not scroll sideways.
    const scrolls = await tables.evaluateAll((els) => els.some((el) => el.scrollWidth > el.clientWidth));
    expect(scrolls).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
  });

  test(`${locale}: the playground's Start button is on the first screen`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(`/?lang=${locale}#/playground`);
    const start = page.getByRole('button', { name: text.start, exact: true });
    await expect(start).toBeVisible();
    const box = await start.boundingBox();
    expect(box).not.toBeNull();
    expect(box && box.y + box.height).toBeLessThanOrEqual(600);
    expect(errors).toEqual([]);
  });
}
