import { expect, test } from '@playwright/test';
import { COPY_PHRASES } from '../../scripts/lm/copyPhrases';
import { waitForTrainedModel } from './trainedModel';

/*
 * The default model copies a repeated phrase: in the built lab, on texts written for this test (not the lessons'
 * presets, and not lines the model could have read: the verse is made up), its top prediction where the second
 * copy breaks off is the token that followed the first time. The model card's "What it can do" says the same.
 */
const CASES = [
  { what: 'an English phrase', ...COPY_PHRASES[0] },
  { what: 'Chinese names', ...COPY_PHRASES[1] },
  { what: 'a line of verse (made up)', ...COPY_PHRASES[2] },
];

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('attention-lab-ui', JSON.stringify({ state: { locale: 'en' }, version: 1 })));
});

for (const { what, text, copy } of CASES) {
  test(`the trained model's top prediction on a repeated ${what} is the copy`, async ({ page }) => {
    await page.goto(`/?text=${encodeURIComponent(text)}`);
    await waitForTrainedModel(page);
    const region = page.getByRole('region', { name: 'Next-token predictions' });
    const top = region.locator('.predictions__row').first();
    await expect(top.locator('.predictions__rank')).toHaveText('1');
    // a leading space is drawn as ␣
    await expect(top).toContainText(copy.replace(/^ /, '␣'));
  });
}

// Lesson 10's hunt: the grid labels the head the probe finds (whichever it is), and switching that head off takes the
// copy off the top; with every head back on, the copy leads again.
test('lesson 10: switching off the head labelled “induction” takes “house” off the top of the predictions', async ({ page }) => {
  await page.goto('/#/lessons/reading-attention-maps');
  const widget = page.locator('.lw-trained');
  await widget.scrollIntoViewIfNeeded();
  await waitForTrainedModel(page);
  await widget.getByRole('button', { name: 'Use the repeated phrase' }).click();
  const top = widget.locator('.predictions__row').first();
  await expect(top).toContainText('␣house');
  // The grid labels heads once the induction probe, which runs in the background after the model loads, is done.
  const card = widget.getByRole('button', { name: /· induction/ });
  await expect(card).toHaveCount(1, { timeout: 30_000 });
  const [, layer, head] = /^Layer (\d+), head (\d+)/.exec((await card.getAttribute('aria-label')) ?? '') ?? [];
  expect(layer).toBe('2'); // lesson 10 says the induction head is in layer 2
  const induction = widget.getByRole('checkbox', { name: `H${head}: head ${head} of layer ${layer} on` });
  await induction.uncheck();
  await expect(widget.getByText(/^The top prediction changed/)).toBeVisible();
  await expect(top).not.toContainText('␣house');
  await induction.check();
  await expect(top).toContainText('␣house');
});
