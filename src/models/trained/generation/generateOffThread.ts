import type { GenerateOptions, Generation } from '../../../engine/decoding';
import { WorkerCalls } from '../../pipeline/workerCalls';
import type { GenerateRequest } from './generationProtocol';

/*
 * Text generation with the trained model in a Web Worker (generationWorker.ts), so its passes never hold the page.
 * The app's entries say how to start the worker (setGenerationWorkerFactory); the custom elements cannot (their
 * script runs in another site's page), and there, in tests, or once the worker has stopped, the caller generates on
 * the page (generateOffThread answers null).
 */

export type GenerationWorkerFactory = () => Worker;

const calls = new WorkerCalls<GenerateRequest, Generation>('generation');
/** The number each model file was sent under (the worker keeps the last one sent). */
const modelIds = new WeakMap<ArrayBuffer, number>();
let nextModelId = 1;
let sentModel: number | null = null;

export function setGenerationWorkerFactory(next: GenerationWorkerFactory | null): void {
  calls.setFactory(next);
  sentModel = null; // a new worker holds no model
}

/**
 * The generation for `prompt` by the model in `bytes` (the file lmModelStore fetched), computed in the worker; null
 * when this page has none. Rejects with the engine's EngineError for the run's own failures, with a plain Error when
 * the worker stopped (the caller then generates on the page).
 */
export function generateOffThread(bytes: ArrayBuffer, prompt: string, options: GenerateOptions): Promise<Generation> | null {
  if (!calls.available()) return null;
  let modelId = modelIds.get(bytes);
  if (modelId === undefined) {
    modelId = nextModelId++;
    modelIds.set(bytes, modelId);
  }
  // The page keeps its bytes (the probe and a second page's widgets may ask for them): the worker gets a copy, once.
  const sent = sentModel === modelId ? undefined : bytes.slice(0);
  sentModel = modelId;
  const id = modelId;
  return calls.call((requestId) => ({ id: requestId, modelId: id, prompt, options, ...(sent ? { bytes: sent } : {}) }), sent ? [sent] : []);
}
