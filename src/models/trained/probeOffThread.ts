import { WorkerCalls } from '../pipeline/workerCalls';
import type { ProbeRequest } from './probeWorkerCore';

/*
 * The trained model's induction probe in a Web Worker (probeWorker.ts), over the one worker protocol
 * (pipeline/workerCalls.ts), so its few seconds of CPU never hold the page. The app's entries say how to start the
 * worker (src/models/pageWorkers.ts); the custom elements do not (their script runs inside another site's page, which
 * cannot start a worker from our origin), and there, as in tests or wherever the worker fails, the probe runs on the
 * page in short slices (run/useHeadLabels.ts).
 */

export type ProbeWorkerFactory = () => Worker;

let factory: ProbeWorkerFactory | null = null;

/** How this page starts the probe's worker; null: it has none (probe on the page). */
export function setProbeWorkerFactory(next: ProbeWorkerFactory | null): void {
  factory = next;
}

function isScores(value: unknown): value is number[][] {
  return Array.isArray(value) && value.every((row) => Array.isArray(row) && row.every((v) => typeof v === 'number' && Number.isFinite(v)));
}

/**
 * The probe of the model file `bytes` (copied to the worker), as [layer][head] scores; null when this page has no
 * worker. The promise rejects when the worker fails or answers something else: the caller then probes on the page.
 * The worker is stopped once it has answered (a page probes its file once, and the worker's copy of the model goes).
 */
export function probeOffThread(bytes: ArrayBuffer): Promise<number[][]> | null {
  if (!factory) return null;
  const calls = new WorkerCalls<ProbeRequest, number[][]>('probe', factory);
  const answered = calls.call((id) => ({ id, bytes }));
  if (!answered) return null; // e.g. a Content Security Policy without worker-src
  return answered
    .then((scores) => {
      if (!isScores(scores)) throw new Error('The probe worker answered something unexpected.');
      return scores;
    })
    .finally(() => calls.stop());
}
