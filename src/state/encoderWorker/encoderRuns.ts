import { attachEncoderRun, encoderModel, EngineError, type DetachedEncoderRun, type EncoderRun, type ModelConfig, type RunInputs } from '../../engine';
import type { LabResult } from '../computeLab';
import { ReceivedLayers, RunQueue, type KeyedRequest } from '../runQueue';
import type { EncoderReply, EncoderRunRequest } from './encoderProtocol';

/*
 * The untrained encoder's runs on long texts, asked of a Web Worker (encoderWorker.ts) through a RunQueue: over
 * OFF_THREAD_TOKENS tokens a run (and drawing what it gives) would hold the page past a frame, so the page keeps the
 * last drawing, marked pending, and the worker computes. The app's entries say how to start the worker
 * (setEncoderWorkerFactory); the custom elements cannot (their script runs in another site's page), and there, in
 * tests, or when the worker fails, the page runs the encoder itself, as for short texts.
 */

/** Texts of more tokens than this run in the worker (up to this many, a run and its drawing fit a frame or two). */
export const OFF_THREAD_TOKENS = 128;

/**
 * Answers kept (and their layer traces, ~8.5 MB a layer at 512 tokens and 8 heads): two, so switching a head off and
 * on again answers at once, and about what the page's own stage caches held before these runs moved to the worker.
 */
const KEPT = 2;

export type EncoderWorkerFactory = () => Worker;

let factory: EncoderWorkerFactory | null = null;

/** How this page starts the encoder's worker; null: it has none (the page runs every text). */
export function setEncoderWorkerFactory(next: EncoderWorkerFactory | null): void {
  factory = next;
  client = null;
}

export interface EncoderRequest extends KeyedRequest {
  readonly config: ModelConfig;
  readonly inputs: RunInputs;
}

export function encoderRequest(config: ModelConfig, inputs: RunInputs): EncoderRequest {
  return { key: JSON.stringify([config, inputs]), config, inputs };
}

interface Pending {
  resolve(run: DetachedEncoderRun): void;
  reject(error: Error): void;
}

/** The page's side of one worker: a promise per run, every one failed if the worker stops. */
class EncoderClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #broken = false;

  constructor(worker: Worker) {
    this.#worker = worker;
    worker.onmessage = (message: MessageEvent<EncoderReply>) => {
      const reply = message.data;
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (reply.type === 'ran') pending.resolve(reply.run);
      else pending.reject(new EngineError(reply.code, reply.message, { ...reply.details }));
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.#broken = true;
      const error = new Error(event.message || 'The encoder worker stopped.');
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
  }

  get broken(): boolean {
    return this.#broken;
  }

  run(config: ModelConfig, inputs: RunInputs, have: readonly number[]): Promise<DetachedEncoderRun> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      const request: EncoderRunRequest = { type: 'run', id, config, inputs, have };
      this.#worker.postMessage(request);
    });
  }
}

let client: EncoderClient | null = null;

/** The worker's client, started on first use; null where this page has none or it stopped (the page runs the text). */
function workerClient(): EncoderClient | null {
  if (client && !client.broken) return client;
  if (!factory || client?.broken) return null;
  try {
    client = new EncoderClient(factory());
  } catch {
    factory = null; // e.g. a Content Security Policy without worker-src
    return null;
  }
  return client;
}

let queue: RunQueue<EncoderRequest> | null = null;
let queueClient: EncoderClient | null = null;

/** The run queue of this page's encoder worker, or null when the page has no working one. */
export function encoderRuns(): RunQueue<EncoderRequest> | null {
  const worker = workerClient();
  if (!worker) return null;
  if (queue && queueClient === worker) return queue;
  const layers = new ReceivedLayers();
  let previous: EncoderRun | null = null;
  queueClient = worker;
  queue = new RunQueue<EncoderRequest>(async (request): Promise<LabResult> => {
    let detached: DetachedEncoderRun;
    try {
      detached = await worker.run(request.config, request.inputs, [...layers.known.keys()]);
    } catch (err) {
      if (err instanceof EngineError) throw err; // the run's own failure (an empty text): shown as any run's
      // The worker stopped (out of memory, a failed load): this run, and the ones after it, run on the page.
      return { ok: true, ...encoderModel(request.config).run(request.inputs) };
    }
    // The page's model of the same config (its weights from the same seed): what a variant of this run runs on.
    const attached = attachEncoderRun(detached, encoderModel(request.config), layers.known);
    // The same text and limit give the same tokens: the page keeps its array, so views (and the deferred render of a
    // new long text, useLabComputation.ts) see a toggle's run as the same tokens, as they do for a run on the page.
    const sameText = previous !== null && previous.inputs.text === attached.inputs.text && previous.inputs.tokenLimit === attached.inputs.tokenLimit;
    const run = sameText && previous ? { ...attached, tokens: previous.tokens } : attached;
    previous = run;
    layers.touch([...(detached.layerIds ?? []), ...(detached.baselineIds ?? [])], KEPT * 2 * request.config.numLayers);
    return { ok: true, ...run };
  }, KEPT);
  return queue;
}
