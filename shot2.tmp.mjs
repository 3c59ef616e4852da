import { chromium } from 'playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
for (const [w, h] of [[1400, 1000], [375, 800]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('http://127.0.0.1:4181/#/lessons/decoding');
  await page.waitForTimeout(2000);
  await page.getByRole('button', { name: 'Decoder-only (GPT-2)' }).click();
  await page.locator('[data-widget=decoder-block]').scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  await page.locator('[data-widget=decoder-block]').screenshot({ path: `/tmp/shots/gpt2-${w}.png` });
  await page.goto('http://127.0.0.1:4181/#/lessons/multi-head');
  await page.waitForTimeout(2500);
  await page.locator('[data-widget=head-split]').scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shots/mh-${w}.png` });
  await page.locator('[data-widget=head-split] .widget-model__open').click();
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots/mh-open-${w}.png` });
  console.log(w, page.url(), 'errors', JSON.stringify(errors));
  await page.close();
}
await browser.close();
