import { expect, test } from '@playwright/test';
import { waitForTrainedModel } from './trainedModel';

/*
 * The default model copies a repeated phrase: in the built lab, on texts written for this test (not the lessons'
 * presets, and not lines the model could have read: the verse is made up), its top prediction after the second
 * copy breaks off is the token that followed the first time. The model card's "What it can do" says the same.
 */
const CASES = [
  {
    what: 'an English phrase',
    text: 'The young farmer carried a basket of green apples to the village. The young farmer carried a basket of green',
    copy: '␣apples',
  },
  { what: 'Chinese names', text: '王小明和李春花去公园。王小明看见了李春', copy: '花' },
  { what: 'a line of verse (made up)', text: '山中有小路，雨后见新花。山中有小路，雨后见新', copy: '花' },
] as const;

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
    await expect(top).toContainText(copy);
  });
}
