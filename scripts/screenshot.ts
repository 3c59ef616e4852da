// Takes the README screenshot: npm run build && npx tsx scripts/screenshot.ts [url] [out.png]
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';

const url = process.argv[2] ?? 'http://127.0.0.1:4174/';
const out = process.argv[3] ?? 'docs/screenshot.png';

async function main(): Promise<void> {
  const server = process.argv[2] ? null : spawn('node_modules/.bin/vite', ['preview', '--port', '4174', '--strictPort', '--host', '127.0.0.1'], { stdio: 'ignore' });
  try {
    await new Promise((r) => setTimeout(r, 1500));
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(url);
    await page.locator('.selected-head').first().waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: out, fullPage: true });
    await browser.close();
    console.log(`wrote ${out}`);
  } finally {
    server?.kill();
  }
}

void main();
