import { EngineError } from '../../engine';
import type { GenerateOptions, Generation } from '../../engine/decoding';
import type { GenerateRequest, GenerationReply } from './generationProtocol';

/*
 * Text generation with the trained model in a Web Worker (generationWorker.ts), so its passes never hold the page.
 * The app's entries say how to start the worker (setGenerationWorkerFactory); the custom elements cannot (their
 * script runs in another site's page), and there, in tests, or once the worker has stopped, the caller generates on
 * the page (generateOffThread answers null).
 */

export type GenerationWorkerFactory = () => Worker;

let factory: GenerationWorkerFactory | null = null;
let worker: Worker | null = null;
let broken = false;
let nextId = 1;
const pending = new Map<number, { resolve(g: Generation): void; reject(e: Error): void }>();
/** The number each model file was sent under (the worker keeps the last one sent). */
const modelIds = new WeakMap<ArrayBuffer, number>();
let sentModel: number | null = null;

export function setGenerationWorkerFactory(next: GenerationWorkerFactory | null): void {
  worker?.terminate();
  factory = next;
  worker = null;
  broken = false;
  sentModel = null;
}

function started(): Worker | null {
  if (worker) return worker;
  if (!factory || broken) return null;
  try {
    worker = factory();
  } catch {
    broken = true; // e.g. a Content Security Policy without worker-src
    return null;
  }
  worker.onmessage = (message: MessageEvent<GenerationReply>) => {
    const reply = message.data;
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (!waiting) return;
    if (reply.type === 'generated') waiting.resolve(reply.generation);
    else waiting.reject(new EngineError(reply.code, reply.message));
  };
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    broken = true;
    worker?.terminate();
    worker = null;
    const error = new Error(event.message || 'The generation worker stopped.');
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  return worker;
}

/**
 * The generation for `prompt` by the model in `bytes` (the file lmModelStore fetched), computed in the worker; null
 * when this page has none. Rejects with the engine's EngineError for the run's own failures, with a plain Error when
 * the worker stopped (the caller then generates on the page).
 */
export function generateOffThread(bytes: ArrayBuffer, prompt: string, options: GenerateOptions): Promise<Generation> | null {
  const target = started();
  if (!target) return null;
  let modelId = modelIds.get(bytes);
  if (modelId === undefined) {
    modelId = nextId++;
    modelIds.set(bytes, modelId);
  }
  const id = nextId++;
  // The page keeps its bytes (the probe and a second page's widgets may ask for them): the worker gets a copy, once.
  const request: GenerateRequest = { type: 'generate', id, modelId, prompt, options, ...(sentModel === modelId ? {} : { bytes: bytes.slice(0) }) };
  sentModel = modelId;
  return new Promise<Generation>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    target.postMessage(request, request.bytes ? [request.bytes] : []);
  });
}
