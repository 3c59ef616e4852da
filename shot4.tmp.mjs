import { chromium } from 'playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
for (const [w, h] of [[1400, 1000], [375, 800]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto('http://127.0.0.1:4181/?lang=en');
  await page.waitForTimeout(2000);
  await page.getByRole('button', { name: 'Embed / share…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Widget' }).selectOption('predictions');
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots/dialog-${w}.png` });
  await dialog.getByText('Without an iframe: custom element').click();
  await dialog.getByRole('button', { name: 'Download for your site' }).scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shots/dialog-el-${w}.png` });
  await page.close();
}
// The generation embed alone, as a course page shows it.
for (const [w, h] of [[1400, 900], [375, 900]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto('http://127.0.0.1:4181/embed.html?widget=generation&text=The+young+doctor+carried+a+heavy+letter+to+the+station.+The+young+doctor+carried+a+heavy&lang=zh');
  await page.waitForTimeout(2500);
  await page.getByRole('button', { name: '生成' }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/gen-embed-${w}.png`, fullPage: true });
  await page.goto('http://127.0.0.1:4181/embed.html?widget=predictions&text=The+young+doctor+carried+a+heavy+letter+to+the+station.+The+young+doctor+carried+a+heavy&controls=heads&off=1-3&lang=en');
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots/pred-embed-${w}.png`, fullPage: true });
  await page.close();
}
await browser.close();
