// npm run bench:ui — in Debian's Chromium, the median time from a head toggle, a mask click or a keystroke to the first painted
// frame that shows the recomputed result, for 16, 64 and 512 tokens with 8 heads. Goals: one 16 ms frame at 64
// tokens, 100 ms at 512. Prints a table and one `ui_ms …` line per case; it asserts nothing (machines are noisy).
import type { Page } from 'playwright-core';
import { launchChromium, startPreview } from './browserBench';
import { median } from './timing';

const PORT = 4175;
const TOKENS = (process.env.UI_TOKENS ?? "16,64,512").split(",").map(Number);
const REPS = 9;

// Runs in the page. Kept as source text: tsx would wrap named functions in a helper the page does not have.
const CLICK_TO_PAINT = `(sel) => new Promise((resolve) => {
  const status = document.querySelector('.lab-status');
  const target = document.querySelector(sel);
  // React renders a click synchronously: right after it, "true" means a deferred render is still to come.
  const finish = () => {
    performance.mark('ui-painted');
    resolve(performance.measure('ui-click-to-paint', 'ui-click', 'ui-painted').duration);
  };
  const check = () => {
    // The frame being prepared now is painted next: resolve just after it (setTimeout runs after the paint).
    if (status.dataset.labPending === 'false') setTimeout(finish, 0);
    else requestAnimationFrame(check);
  };
  performance.mark('ui-click');
  target.click();
  requestAnimationFrame(check);
})`;

// A keystroke in the sentence box: the time until the next frame is painted (the recompute itself is held until
// the student pauses, so this is what typing feels like). Native setter + input event, as React listens for it.
const KEYSTROKE_TO_PAINT = `() => new Promise((resolve) => {
  const box = document.querySelector('textarea');
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set;
  const t0 = performance.now();
  setter.call(box, box.value + (box.value.endsWith(' x') ? ' y' : ' x'));
  box.dispatchEvent(new Event('input', { bubbles: true }));
  requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
})`;

/**
 * Clicks `selector` and resolves with the ms until the frame after the lab reports it has caught up
 * (data-lab-pending goes back to "false"), marked with performance marks so it also shows in a trace.
 */
async function timeClick(page: Page, selector: string): Promise<number> {
  return page.evaluate(`(${CLICK_TO_PAINT})(${JSON.stringify(selector)})`) as Promise<number>;
}

async function main(): Promise<void> {
  const stopPreview = await startPreview(PORT);
  const browser = await launchChromium();
  const lines: string[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    console.log('tokens  action       median ms  min ms  max ms');
    for (const n of TOKENS) {
      // One letter per token keeps 512 tokens inside the link's 2000-character text limit.
      const text = Array.from({ length: n }, (_, i) => String.fromCharCode(97 + (i % 26))).join(' ');
      await page.goto(`http://127.0.0.1:${PORT}/?lang=en&d=64&h=8&layers=2&text=${encodeURIComponent(text)}`);
      await page.locator('.lab-status[data-lab-pending="false"]').waitFor();
      await page.getByRole('checkbox', { name: 'Head 2' }).waitFor();
      const shown = await page.getByRole('list', { name: 'Tokens' }).getByRole('listitem').count();
      if (shown !== n) throw new Error(`expected ${n} tokens on the page, found ${shown}`);
      const cases: [string, string, string][] = [
        ['head toggle', '.headview-head:nth-child(2) input[type="checkbox"]', ''],
        ['mask click', 'input[name="mask-mode"][value="causal"]', 'input[name="mask-mode"][value="none"]'],
      ];
      for (const [name, on, off] of cases) {
        const times: number[] = [];
        for (let rep = 0; rep < REPS + 1; rep++) {
          const ms = await timeClick(page, rep % 2 === 0 || !off ? on : off);
          if (rep > 0) times.push(ms); // the first click warms up the code paths
        }
        const med = median(times);
        console.log(`${String(n).padStart(6)}  ${name.padEnd(11)}  ${med.toFixed(1).padStart(9)}  ${Math.min(...times).toFixed(1).padStart(6)}  ${Math.max(...times).toFixed(1).padStart(6)}`);
        lines.push(`ui_ms tokens=${n} action=${name.replace(' ', '_')} : ${med.toFixed(1)}`);
      }
      const keys: number[] = [];
      for (let rep = 0; rep < REPS; rep++) {
        keys.push((await page.evaluate(`(${KEYSTROKE_TO_PAINT})()`)) as number);
        await page.waitForTimeout(50);
      }
      const med = median(keys);
      console.log(`${String(n).padStart(6)}  ${'keystroke'.padEnd(11)}  ${med.toFixed(1).padStart(9)}  ${Math.min(...keys).toFixed(1).padStart(6)}  ${Math.max(...keys).toFixed(1).padStart(6)}`);
      lines.push(`ui_ms tokens=${n} action=keystroke : ${med.toFixed(1)}`);
    }
  } finally {
    await browser.close();
    stopPreview();
  }
  console.log('');
  for (const l of lines) console.log(l);
}

void main();
