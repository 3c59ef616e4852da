import { chromium } from 'playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
for (const [w, h] of [[1400, 900], [375, 700]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto('http://127.0.0.1:4181/#/lessons/multi-head');
  await page.waitForTimeout(2500);
  const el = page.locator('[data-widget=trained-model-lab]');
  await el.evaluate((e) => e.scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/tml-${w}.png` });
  await page.close();
}
await browser.close();
