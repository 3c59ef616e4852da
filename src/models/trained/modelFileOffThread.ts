import { EngineError, type LmModelFile } from '../../engine';
import { WorkerCalls } from '../pipeline/workerCalls';
import type { DecodeRequest } from './modelFileWorkerCore';

/*
 * The trained model's file decoded in a Web Worker (modelFileWorker.ts): parsed, checked and its float32 weights
 * rebuilt there, then transferred to the page, which builds the model from them between tasks (lmModelStore.ts).
 * The app's entries say how to start the worker (src/models/pageWorkers.ts); where there is none (custom elements,
 * tests), where it cannot start or stops, the page decodes the file itself, as it always did.
 */

export type ModelFileWorkerFactory = () => Worker;

const calls = new WorkerCalls<DecodeRequest, LmModelFile | null>('model file');
let factory: ModelFileWorkerFactory | null = null;

/** How this page starts the decoding worker; null: it has none (the page decodes). */
export function setModelFileWorkerFactory(next: ModelFileWorkerFactory | null): void {
  factory = next;
  calls.setFactory(next);
}

/**
 * The file in `bytes` decoded by the worker, with the page's choice of product for its token table (`onKernels`:
 * whether the page has the kernels), so its weights equal the page's own decoding to the bit. The page keeps its
 * bytes (the probe and generation send them to their workers): the worker gets a copy. Null when there is no
 * worker, it stopped, or it cannot decode as the page would: the caller decodes on the page. Rejects with the
 * engine's EngineError, as the page's decoding would throw it, when the file is damaged.
 */
export async function decodeOffThread(bytes: ArrayBuffer, onKernels: boolean): Promise<LmModelFile | null> {
  const answer = calls.call((id) => ({ id, bytes, onKernels }));
  if (!answer) return null;
  try {
    return await answer;
  } catch (err) {
    if (err instanceof EngineError) throw err;
    return null; // the worker stopped: the page decodes
  } finally {
    calls.setFactory(factory); // stops the worker: a page decodes its file once, and the worker's memory goes with it
  }
}
