// The trained model's arrival (issue 36): in Debian's Chromium, the main-thread long tasks ('longtask' entries,
// tasks over 50 ms) from the moment the page requests public/models/lm/model.bin until a few seconds after the lab
// shows the trained model's predictions: the file's download, decoding and first drawing, and the induction probe's
// head labels. Goal: none. Tasks before the request (the page's own first drawing, with the untrained stand-in) are
// reported apart. Each repetition is a fresh browser context (nothing cached). npm run bench:ui runs it first
// (UI_MODEL_ARRIVAL=0 skips it); alone: UI_URL=http://host:port tsx scripts/bench/modelArrival.ts (any static server
// of dist/), or without UI_URL it starts `vite preview` on port 4176. UI_MODEL_ARRIVAL_REPS sets the repetitions (3).
import type { Browser } from 'playwright-core';
import { launchChromium, startPreview } from './browserBench';
import { longTaskWatch } from './longTaskWatch';
import { median } from './timing';

/** What one load of the lab on the trained model cost the main thread. */
export interface ArrivalTiming {
  /** Longest task that started once the model file was requested, ms (0: none over 50 ms). */
  readonly longestTaskMs: number;
  /** Tasks over 50 ms in that window. */
  readonly tasksOver50: number;
  /** Each of them, [start ms after navigation, duration ms]. */
  readonly tasks: readonly (readonly [number, number])[];
  /** Longest task before the request: the first drawing with the stand-in, not the model's (0: none over 50 ms). */
  readonly beforeRequestMs: number;
  /** The model file's request and its last byte, ms after navigation. */
  readonly requestMs: number;
  readonly receivedMs: number;
  /** When the predictions (drawn from the trained model's run) were first on the page, ms after navigation. */
  readonly predictionsMs: number;
}

// The first frame with the predictions panel: the trained model has run and its drawing is on the page.
const LONGTASKS = longTaskWatch('__arrival', `document.querySelector('section.predictions')`);

/** Loads the lab on its default model (the trained one) once, in a fresh context, and reads its long tasks. */
export async function measureModelArrival(browser: Browser, base: string, settleMs = 3000): Promise<ArrivalTiming> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(LONGTASKS);
    await page.goto(`${base}/?lang=en`);
    // Polled with a cheap read, not a locator: a role query on the page's main thread would add tasks of its own.
    const deadline = Date.now() + 60_000;
    while (!(await page.evaluate('window.__arrival.ready'))) {
      if (Date.now() > deadline) throw new Error('the trained model’s predictions did not show within 60 s');
      await page.waitForTimeout(100);
    }
    await page.waitForTimeout(settleMs);
    const seen = (await page.evaluate(`({
      tasks: window.__arrival.tasks,
      predictions: window.__arrival.ready,
      model: performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/models/lm/model.bin')).map((e) => [e.startTime, e.responseEnd])[0] ?? null,
    })`)) as { tasks: [number, number][]; predictions: number; model: [number, number] | null };
    if (!seen.model) throw new Error('the page did not request models/lm/model.bin');
    const [requestMs, receivedMs] = seen.model;
    const after = seen.tasks.filter(([start]) => start >= requestMs);
    const before = seen.tasks.filter(([start]) => start < requestMs);
    return {
      longestTaskMs: Math.max(0, ...after.map(([, d]) => d)),
      tasksOver50: after.length,
      tasks: after.map(([s, d]) => [Math.round(s), Math.round(d)] as const),
      beforeRequestMs: Math.max(0, ...before.map(([, d]) => d)),
      requestMs,
      receivedMs,
      predictionsMs: seen.predictions,
    };
  } finally {
    await context.close();
  }
}

/** `reps` loads; prints one line each and a summary, and returns the summary's `ui_ms` line. */
export async function modelArrivalCase(browser: Browser, base: string, reps = Number(process.env.UI_MODEL_ARRIVAL_REPS ?? 3)): Promise<string> {
  const runs: ArrivalTiming[] = [];
  console.log('model arrival  longest task ms  tasks > 50 ms  (start, ms)               before request ms  file received ms  predictions ms');
  for (let rep = 0; rep < reps; rep++) {
    const r = await measureModelArrival(browser, base);
    runs.push(r);
    const tasks = r.tasks.map(([s, d]) => `(${s}, ${d})`).join(' ') || '-';
    console.log(`${String(rep + 1).padStart(13)}  ${(r.longestTaskMs > 0 ? r.longestTaskMs.toFixed(0) : '< 50').padStart(15)}  ${String(r.tasksOver50).padStart(13)}  ${tasks.padEnd(24)}  ${(r.beforeRequestMs > 0 ? r.beforeRequestMs.toFixed(0) : '< 50').padStart(17)}  ${r.receivedMs.toFixed(0).padStart(16)}  ${r.predictionsMs.toFixed(0).padStart(14)}`);
  }
  const longest = runs.map((r) => r.longestTaskMs);
  return `ui_ms action=model_arrival : longest_task_ms=${median(longest).toFixed(0)} (max ${Math.max(...longest).toFixed(0)}) tasks_over_50=${runs.map((r) => r.tasksOver50).join(',')} predictions_ms=${median(runs.map((r) => r.predictionsMs)).toFixed(0)}`;
}

async function main(): Promise<void> {
  const external = process.env.UI_URL;
  const port = 4176;
  const stopPreview = external ? () => undefined : await startPreview(port);
  const browser = await launchChromium();
  try {
    console.log(await modelArrivalCase(browser, external ?? `http://127.0.0.1:${port}`));
  } finally {
    await browser.close();
    stopPreview();
  }
}

if (process.argv[1]?.endsWith('modelArrival.ts')) void main();
