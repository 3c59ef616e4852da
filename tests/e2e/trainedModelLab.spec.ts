import { expect, test } from '@playwright/test';
import { labAxe } from './axe';
import { START_TOKEN, waitForTrainedModel } from './trainedModel';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('attention-lab-ui', JSON.stringify({ state: { locale: 'en' }, version: 1 })));
});

test('the lab opens on the trained model: its tokens, five next-token predictions that sum to at most 100 %', async ({ page }) => {
  await page.goto('/');
  await waitForTrainedModel(page);
  const region = page.getByRole('region', { name: 'Next-token predictions' });
  await expect(page.getByRole('list', { name: 'Tokens' })).toContainText(START_TOKEN);
  const percents = (await region.getByText(/^(<0\.1|>99\.9|\d{1,3}\.\d) %$/).allTextContents()).map((p) => Number(p.replace(/[<> %]/g, '')));
  expect(percents).toHaveLength(5);
  expect(percents.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(100.1);
  expect([...percents].sort((a, b) => b - a)).toEqual(percents);
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('trained');
});

test('on the repeated-phrase preset, switching off the previous-token head changes the predictions, before → after', async ({ page }) => {
  await page.goto('/');
  await waitForTrainedModel(page);
  await page.getByRole('button', { name: 'A repeated phrase (English)' }).click();
  const region = page.getByRole('region', { name: 'Next-token predictions' });
  await expect(region).toContainText('After "␣old"');
  await expect(region.getByText(/before → after/)).toHaveCount(0);
  // The head the model measures as a previous-token head on this text (its label says so), whichever head it is.
  const head = page.getByRole('checkbox', { name: /previous token/ }).first();
  await expect(head).toBeChecked();
  await head.uncheck();
  await expect(region.getByText(/^The top prediction (changed|did not change)/)).toBeVisible();
  const pairs = await region.getByText(/% → /).allTextContents();
  expect(pairs.length).toBeGreaterThan(0);
  // At least one token's probability moved: the ablation is real, not a redraw.
  expect(pairs.some((p) => { const [a, b] = p.split('→').map((x) => x.trim()); return a !== b; })).toBe(true);
  await expect(page).toHaveURL(/off=0-\d/);
});

test('a broken model file gives a message and the untrained model, and the lab keeps working', async ({ page }) => {
  await page.route('**/models/lm/model.bin', (route) => route.fulfill({ status: 200, body: '<!doctype html><p>not a model</p>' }));
  await page.goto('/');
  await expect(page.getByRole('alert')).toContainText('The trained model’s file is damaged');
  await expect(page.getByRole('region', { name: 'Next-token predictions' })).toHaveCount(0);
  await page.getByRole('textbox').fill('我爱北京天安门');
  await expect(page.getByRole('list', { name: 'Tokens' }).getByRole('listitem')).toHaveCount(7);
});

// Lessons 5 and 10 place the trained model's widget with 56 px head thumbnails: every card in a column of its own,
// the cards of a row level, and on a phone the grid scrolls inside its own box (the page never widens).
for (const slug of ['multi-head', 'reading-attention-maps'] as const) {
  test(`lesson ${slug}: at 375 px the trained widget's head cards never overlap and the grid stays inside the page`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/#/lessons/${slug}`);
    const widget = page.locator('.lw-trained');
    await widget.scrollIntoViewIfNeeded();
    await waitForTrainedModel(page);
    if (slug === 'reading-attention-maps') {
      // The repeated phrase gives heads their labels (a caption under the card); one head switched off shows its badge.
      await widget.getByRole('button', { name: 'Use the repeated phrase' }).click();
      await expect(widget.locator('.heads-grid-view__caption[title]').first()).toBeVisible();
      await widget.getByRole('checkbox', { name: /^H2: head 2 of layer 1/ }).uncheck();
    }
    const grid = widget.locator('.heads-grid-view__grid');
    const cards = grid.locator('button[data-layer]');
    await expect(cards).toHaveCount(2 * 5);
    const geometry = await page.evaluate(() => {
      const scroller = document.querySelector('.lw-trained .heads-grid-view__scroll') as HTMLElement;
      const boxes = Array.from(document.querySelectorAll('.lw-trained .heads-grid-view__grid button[data-layer]'), (b) => {
        const r = b.getBoundingClientRect();
        return { layer: (b as HTMLElement).dataset.layer, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      });
      const box = scroller.getBoundingClientRect();
      return { boxes, pageWidth: document.documentElement.scrollWidth, viewport: window.innerWidth, scrollerLeft: box.left, scrollerRight: box.right, scrollerWidth: scroller.clientWidth, gridWidth: scroller.scrollWidth };
    });
    // The page does not widen; the grid's box (and so what it scrolls) lies inside the page.
    expect(geometry.pageWidth).toBeLessThanOrEqual(geometry.viewport);
    expect(geometry.scrollerLeft).toBeGreaterThanOrEqual(0);
    expect(geometry.scrollerRight).toBeLessThanOrEqual(geometry.viewport);
    if (geometry.gridWidth > geometry.scrollerWidth + 1) {
      // Wider than the screen: it scrolls in its box, and says so.
      await expect(widget.getByText('Scroll sideways to see every head.', { exact: true })).toBeVisible();
    } else {
      expect(geometry.gridWidth).toBeLessThanOrEqual(geometry.viewport);
    }
    // No two cards overlap, and the cards of a layer share their top and bottom edges.
    const { boxes } = geometry;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        const overlap = a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
        expect(overlap, `cards ${i} and ${j} overlap`).toBe(false);
        if (a.layer === b.layer) {
          expect(Math.abs(a.top - b.top)).toBeLessThanOrEqual(1);
          expect(Math.abs(a.bottom - b.bottom)).toBeLessThanOrEqual(1);
        }
      }
    }
    // Scrolled to its end, the average's card is whole inside the box.
    await grid.evaluate((el) => {
      const scroller = el.parentElement as HTMLElement;
      scroller.scrollLeft = scroller.scrollWidth;
    });
    const last = await cards.last().boundingBox();
    expect((last?.x ?? Infinity) + (last?.width ?? 0)).toBeLessThanOrEqual(geometry.scrollerRight + 0.5);
    // Label in name (WCAG 2.5.3) and the rest of axe's rules, on the widget as laid out on a phone.
    const results = await labAxe(page).include('.lw-trained').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('the induction probe runs in a Web Worker and labels the induction head, while the lab stays usable', async ({ page }) => {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto(`/?text=${encodeURIComponent('The old man saw the red ball in the park . The old man saw the')}`);
  await waitForTrainedModel(page);
  // While the probe runs, a toggle still answers: the checkbox flips and the predictions region stays.
  const second = page.locator('.headview-head:nth-child(2) input[type="checkbox"]');
  await second.click();
  await expect(second).not.toBeChecked();
  await second.click();
  await expect(page.locator('.heads-grid-view__caption[title]').filter({ hasText: /^induction \d\.\d\d$/ })).toHaveCount(1, { timeout: 60_000 });
  expect(workers.some((url) => url.includes('probeWorker'))).toBe(true);
});
