import type { ProbeReply } from './probeWorker';

/*
 * The trained model's induction probe in a Web Worker (src/models/trained/probeWorker.ts), so its few seconds of CPU never
 * hold the page. The app's entries (main.tsx, embedMain.tsx) say how to start the worker; the custom elements do
 * not (their script runs inside another site's page, which cannot start a worker from our origin), and there, as
 * in tests or wherever the worker fails, the probe runs on the page in short slices (useHeadLabels.ts).
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
 */
export function probeOffThread(bytes: ArrayBuffer): Promise<number[][]> | null {
  if (!factory) return null;
  let worker: Worker;
  try {
    worker = factory();
  } catch {
    return null; // e.g. a Content Security Policy without worker-src
  }
  return new Promise<number[][]>((resolve, reject) => {
    worker.onmessage = (message: MessageEvent<ProbeReply>) => {
      worker.terminate();
      const reply: unknown = message.data;
      if (reply && typeof reply === 'object' && 'scores' in reply && isScores(reply.scores)) resolve(reply.scores);
      else reject(new Error(reply && typeof reply === 'object' && 'failed' in reply ? String(reply.failed) : 'The probe worker answered something unexpected.'));
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      worker.terminate();
      reject(new Error(event.message || 'The probe worker stopped.'));
    };
    worker.postMessage({ bytes });
  });
}
