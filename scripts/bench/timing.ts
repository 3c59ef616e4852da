/**
 * Timing harness. Each task is warmed up first (so V8 has tiered its JS and wasm up to the optimizing compiler),
 * then timed in batches of calls; a result is the median batch mean. Batches keep each sample above ~`batchMs`, so
 * timer resolution and one-off pauses do not decide the result for the 8-token size, whose calls take microseconds.
 *
 * `timeInterleaved` takes the samples of several tasks round-robin (A, B, C, A, B, C, …): this machine's speed
 * drifts by up to 2× over seconds (shared host), and interleaving lets every implementation see the same drift,
 * so their ratio stays meaningful even when the absolute times move.
 */
export interface TimingBudget {
  /** Warm-up time per task before any sample, ms. */
  readonly warmupMs: number;
  /** Samples (batches) per task, at least and at most. */
  readonly minSamples: number;
  readonly maxSamples: number;
  /** Keep sampling until this much time was spent on samples per task (once minSamples are in), ms. */
  readonly sampleMs: number;
  /** Target duration of one batch, ms. */
  readonly batchMs: number;
}

export interface Timing {
  /** Median over samples of the mean time per call, ms. */
  readonly medianMs: number;
  /** Fastest sample's mean per call, ms. */
  readonly minMs: number;
  readonly samples: number;
  readonly callsPerSample: number;
}

export type Task = () => unknown;

function isPromise(value: unknown): value is Promise<unknown> {
  return value instanceof Promise;
}

/** Runs `task` `count` times back to back; awaits only when the task is asynchronous, so sync tasks pay no tick. */
async function runBatch(task: Task, count: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const result = task();
    if (isPromise(result)) await result;
  }
  return performance.now() - start;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Warms `task` up; returns how many calls make one batch of about `batchMs`. */
async function warmUp(task: Task, budget: TimingBudget): Promise<number> {
  let calls = 0;
  let spent = 0;
  while (spent < budget.warmupMs || calls < 2) {
    spent += await runBatch(task, 1);
    calls++;
  }
  return Math.max(1, Math.round(budget.batchMs / Math.max(spent / calls, 1e-6)));
}

export async function timeInterleaved(tasks: readonly Task[], budget: TimingBudget): Promise<Timing[]> {
  const callsPerSample: number[] = [];
  for (const task of tasks) callsPerSample.push(await warmUp(task, budget));
  const means: number[][] = tasks.map(() => []);
  const spent: number[] = tasks.map(() => 0);
  const wantsMore = (i: number) =>
    means[i].length < budget.minSamples || (means[i].length < budget.maxSamples && spent[i] < budget.sampleMs);
  while (tasks.some((_, i) => wantsMore(i))) {
    for (let i = 0; i < tasks.length; i++) {
      if (!wantsMore(i)) continue;
      const ms = await runBatch(tasks[i], callsPerSample[i]);
      spent[i] += ms;
      means[i].push(ms / callsPerSample[i]);
    }
  }
  return means.map((m, i) => ({ medianMs: median(m), minMs: Math.min(...m), samples: m.length, callsPerSample: callsPerSample[i] }));
}

export async function timeTask(task: Task, budget: TimingBudget): Promise<Timing> {
  return (await timeInterleaved([task], budget))[0];
}
