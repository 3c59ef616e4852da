import { outcomeOf, type Outcome } from './cache';
import { runExperiment, type ExperimentName, type ExperimentParams, type ExperimentResult } from './table';

/** How long computeOffPage waits for a frame before computing anyway (a hidden tab gets no frames). */
const FRAME_FALLBACK_MS = 100;

/** Resolves after the browser has painted the current frame (or at once where there are no frames). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    // rAF runs before the paint; the task after it runs once the frame is on screen.
    requestAnimationFrame(() => setTimeout(finish, 0));
    setTimeout(finish, FRAME_FALLBACK_MS);
  });
}

/**
 * THE seam: every slow experiment (`offPage` in the table) is computed through this one function. Today it waits
 * for the first paint and computes on the page; to move the experiments into the app's Web Worker, replace its body
 * with a request on the worker protocol (`{ name, params }` in, the Outcome out: params and results are plain,
 * structured-clonable data, and ./table.ts imports only the engine, so the worker can import it) and keep this
 * signature. useExperiment caches what it answers.
 */
export async function computeOffPage<N extends ExperimentName>(name: N, params: ExperimentParams<N>): Promise<Outcome<ExperimentResult<N>>> {
  await afterPaint();
  return outcomeOf(() => runExperiment(name, params));
}
