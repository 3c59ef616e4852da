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
