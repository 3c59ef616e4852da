import { setGpt2WorkerFactory } from './gpt2/gpt2Client';
import { setGenerationWorkerFactory } from './trained/generation/generateOffThread';
import { setModelFileWorkerFactory } from './trained/modelFileOffThread';
import { setProbeWorkerFactory } from './trained/probeOffThread';
import { setEncoderWorkerFactory } from './untrained/encoderRuns';

/**
 * Tells the model kinds how this page starts their Web Workers (all from the page's own origin). The app's and the
 * embed page's entries call it; the custom elements cannot (their script runs inside another site's page), so there
 * every kind runs on the page (its slices between tasks) or says it cannot.
 */
export function registerPageWorkers(): void {
  // The trained model's file, decoded (parsed, its float32 weights rebuilt) off the page (trained/modelFileOffThread.ts).
  setModelFileWorkerFactory(() => new Worker(new URL('./trained/modelFileWorker.ts', import.meta.url), { type: 'module' }));
  // The trained model's induction probe (trained/probeOffThread.ts).
  setProbeWorkerFactory(() => new Worker(new URL('./trained/probeWorker.ts', import.meta.url), { type: 'module' }));
  // An opened GPT-2 checkpoint lives and runs in its own worker (gpt2/gpt2Client.ts).
  setGpt2WorkerFactory(() => new Worker(new URL('./gpt2/gpt2Worker.ts', import.meta.url), { type: 'module' }));
  // Text generation with the trained model (trained/generation/generateOffThread.ts).
  setGenerationWorkerFactory(() => new Worker(new URL('./trained/generation/generationWorker.ts', import.meta.url), { type: 'module' }));
  // The untrained encoder on long texts, over RUN_LIMITS.offThreadTokens tokens (untrained/encoderRuns.ts).
  setEncoderWorkerFactory(() => new Worker(new URL('./untrained/encoderWorker.ts', import.meta.url), { type: 'module' }));
}
