// A link that opens on a long text (issue 36): in Debian's Chromium, the main-thread long tasks ('longtask' entries,
// over 50 ms) from navigation until the lab has drawn the whole text's run and a few seconds more. The link is the
// longest a link carries: 1,999 Chinese characters (one token each, so the lab reads its first 512) on the untrained
// encoder. Goal: no task over 50 ms: the first screen draws the first tokens' maps (a run computed on the page that
// fits a frame), marked pending, while the encoder's worker runs the whole text. Each repetition is a fresh browser
// context. npm run bench:ui runs it (UI_LONG_LINK=0 skips it); alone: UI_URL=http://host:port tsx
// scripts/bench/longLink.ts (any static server of dist/), or without UI_URL it starts `vite preview` on port 4177.
import type { Browser } from 'playwright-core';
import { launchChromium, startPreview } from './browserBench';
import { longTaskWatch } from './longTaskWatch';
import { median } from './timing';

const SENTENCE = '我明天要去银行办点事，顺便把信寄出去。';
/** The longest text a link carries (URL_LIMITS.maxTextLength is 2,000 code units). */
export const LONG_LINK_TEXT = SENTENCE.repeat(Math.ceil(1999 / SENTENCE.length)).slice(0, 1999);

// The first frame where the lab is no longer pending and its tokens are the whole run's 512.
const LONGTASKS = longTaskWatch(
  '__link',
  `document.querySelector('[data-lab-pending="false"]') && (document.querySelector('[aria-label="Tokens"]')?.querySelectorAll('li').length ?? 0) >= 512`,
);

export interface LongLinkTiming {
  readonly longestTaskMs: number;
  readonly tasksOver50: number;
  readonly tasks: readonly (readonly [number, number])[];
  /** When the whole run's drawing was on the page, ms after navigation. */
  readonly settledMs: number;
}

export async function measureLongLink(browser: Browser, base: string, settleMs = 2000): Promise<LongLinkTiming> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(LONGTASKS);
    await page.goto(`${base}/?lang=en&model=untrained&text=${encodeURIComponent(LONG_LINK_TEXT)}`);
    const deadline = Date.now() + 60_000;
    while (!(await page.evaluate('window.__link.ready'))) {
      if (Date.now() > deadline) throw new Error('the long link’s run did not settle within 60 s');
      await page.waitForTimeout(100);
    }
    await page.waitForTimeout(settleMs);
    const seen = (await page.evaluate('({ tasks: window.__link.tasks, settled: window.__link.ready })')) as { tasks: [number, number][]; settled: number };
    return {
      longestTaskMs: Math.max(0, ...seen.tasks.map(([, d]) => d)),
      tasksOver50: seen.tasks.length,
      tasks: seen.tasks.map(([s, d]) => [Math.round(s), Math.round(d)] as const),
      settledMs: seen.settled,
    };
  } finally {
    await context.close();
  }
}

/** Runs the case `reps` times and gives the printed line. */
export async function longLinkCase(browser: Browser, base: string, reps = Number(process.env.UI_LONG_LINK_REPS ?? 3)): Promise<string> {
  const runs: LongLinkTiming[] = [];
  for (let i = 0; i < reps; i++) runs.push(await measureLongLink(browser, base));
  const longest = runs.map((r) => r.longestTaskMs);
  const line = `ui_long_link longest_task_ms ${median(longest).toFixed(1)} (max ${Math.max(...longest).toFixed(1)}) tasks_over_50 ${runs.map((r) => r.tasksOver50).join('/')} settled_ms ${median(runs.map((r) => r.settledMs)).toFixed(0)}`;
  for (const r of runs) console.log(`  long link: tasks ${JSON.stringify(r.tasks)} settled ${r.settledMs.toFixed(0)} ms`);
  return line;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const external = process.env.UI_URL;
  const stop = external ? () => undefined : await startPreview(4177);
  const browser = await launchChromium();
  try {
    console.log(await longLinkCase(browser, external ?? 'http://127.0.0.1:4177'));
  } finally {
    await browser.close();
    await stop();
  }
}
