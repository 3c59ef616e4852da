// npm run bench:embed — in Debian's Chromium, the longest main-thread task (PerformanceObserver 'longtask', ≥ 50 ms)
// while an embed loads and while a reader uses it (mask causal, mask none, one keystroke), for the heaviest settings
// the lab allows (512 tokens; d=128, 16 heads, 4 layers) and for the default model at 512 tokens. Goal (issue 14):
// no interaction blocks the host page for more than 200 ms. Medians over fresh page loads; prints a table and one
// `embed_longest_task_ms …` line per case; asserts nothing (shared machines are noisy). "0" means no task ≥ 50 ms.
import type { Page } from 'playwright-core';
import { launchChromium, startPreview } from './browserBench';
import { median } from './timing';

const PORT = 4176;
const REPS = Number(process.env.EMBED_REPS ?? 5);

interface Setup {
  readonly widget: string;
  readonly d: number;
  readonly h: number;
  readonly layers: number;
}
const SETUPS: readonly Setup[] = [
  { widget: 'heads-grid', d: 128, h: 16, layers: 4 },
  { widget: 'heatmap', d: 128, h: 16, layers: 4 },
  { widget: 'head-view', d: 128, h: 16, layers: 4 },
  { widget: 'heads-grid', d: 32, h: 4, layers: 2 },
  { widget: 'heatmap', d: 32, h: 4, layers: 2 },
];
const ACTIONS = ['load', 'mask causal', 'mask none', 'keystroke'] as const;
type Action = (typeof ACTIONS)[number];

// One letter per token keeps 512 tokens inside the link's text limit.
const TEXT = Array.from({ length: 512 }, (_, i) => String.fromCharCode(97 + ((i * 7) % 26))).join(' ');

/** The longest task recorded since the last call, and forget them. */
async function longestTask(page: Page): Promise<number> {
  await page.waitForTimeout(1200);
  return page.evaluate(() => {
    const w = window as unknown as { __tasks: number[] };
    const longest = Math.max(0, ...w.__tasks);
    w.__tasks = [];
    return longest;
  });
}

async function measure(page: Page, setup: Setup): Promise<Record<Action, number>> {
  const query = new URLSearchParams({ widget: setup.widget, d: String(setup.d), h: String(setup.h), layers: String(setup.layers), controls: 'text,mask', lang: 'en', text: TEXT });
  await page.goto(`http://127.0.0.1:${PORT}/embed.html?${query.toString()}`);
  await page.getByRole('link', { name: /Open in Attention Lab/ }).waitFor();
  const load = await longestTask(page);
  await page.getByRole('radio', { name: 'Causal' }).check();
  const causal = await longestTask(page);
  await page.getByRole('radio', { name: 'None' }).check();
  const none = await longestTask(page);
  await page.getByRole('textbox').focus();
  await page.keyboard.press('End');
  await page.keyboard.type('x');
  const key = await longestTask(page);
  return { load, 'mask causal': causal, 'mask none': none, keystroke: key };
}

async function main(): Promise<void> {
  const stopPreview = await startPreview(PORT);
  const browser = await launchChromium();
  const lines: string[] = [];
  try {
    console.log('widget       d    h  layers  action        longest task ms (median, min–max)');
    for (const setup of SETUPS) {
      const runs: Record<Action, number>[] = [];
      for (let rep = 0; rep < REPS; rep++) {
        const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
        await page.addInitScript(() => {
          const w = window as unknown as { __tasks: number[] };
          w.__tasks = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) w.__tasks.push(Math.round(entry.duration));
          }).observe({ type: 'longtask', buffered: true });
        });
        runs.push(await measure(page, setup));
        await page.close();
      }
      for (const action of ACTIONS) {
        const values = runs.map((r) => r[action]);
        const med = median(values);
        const head = `${setup.widget.padEnd(11)} ${String(setup.d).padStart(3)} ${String(setup.h).padStart(3)} ${String(setup.layers).padStart(6)}  ${action.padEnd(12)}`;
        console.log(`${head}  ${String(med).padStart(5)} (${Math.min(...values)}–${Math.max(...values)})`);
        lines.push(`embed_longest_task_ms widget=${setup.widget} d=${setup.d} h=${setup.h} layers=${setup.layers} tokens=512 action=${action.replace(' ', '_')} : ${med}`);
      }
    }
  } finally {
    await browser.close();
    stopPreview();
  }
  console.log('');
  for (const l of lines) console.log(l);
}

void main();
