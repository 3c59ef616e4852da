import { chromium } from 'playwright';
const [url, out, w, h, waitMs, scrollSel] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const page = await browser.newPage({ viewport: { width: Number(w), height: Number(h) } });
const errors = [];
page.on('pageerror', (e) => errors.push(String(e)));
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
await page.goto(url);
await page.waitForTimeout(Number(waitMs ?? 1500));
if (scrollSel) { await page.locator(scrollSel).first().scrollIntoViewIfNeeded(); await page.waitForTimeout(800); }
await page.screenshot({ path: out });
console.log('errors:', JSON.stringify(errors));
await browser.close();
