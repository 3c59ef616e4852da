import { attachEncoderRun, encoderModel, EngineError, type DetachedEncoderRun, type EncoderRun, type ModelConfig, type RunInputs } from '../../engine';
import type { LabResult } from '../runResult';
import { RUN_LIMITS } from '../pipeline/runLimits';
import { ReceivedLayers, RunQueue, type KeyedRequest } from '../pipeline/runQueue';
import { WorkerCalls } from '../pipeline/workerCalls';
import type { EncoderRunRequest } from './encoderProtocol';

/*
 * The untrained encoder's runs on long texts, asked of a Web Worker (encoderWorker.ts) through a RunQueue: over
 * OFF_THREAD_TOKENS tokens a run (and drawing what it gives) would hold the page past a frame, so the page keeps the
 * last drawing, marked pending, and the worker computes. The app's entries say how to start the worker
 * (setEncoderWorkerFactory); the custom elements cannot (their script runs in another site's page), and there, in
 * tests, or when the worker fails, the page runs the encoder itself, as for short texts.
 */

/** Texts of more tokens than this run in the worker (pipeline/runLimits.ts). */
export const OFF_THREAD_TOKENS = RUN_LIMITS.offThreadTokens;

const KEPT = RUN_LIMITS.keptEncoderAnswers;

export type EncoderWorkerFactory = () => Worker;

const calls = new WorkerCalls<EncoderRunRequest, DetachedEncoderRun>('encoder');

/** How this page starts the encoder's worker; null: it has none (the page runs every text). */
export function setEncoderWorkerFactory(next: EncoderWorkerFactory | null): void {
  calls.setFactory(next);
  queue = null; // a new worker numbers its layer traces afresh
}

export interface EncoderRequest extends KeyedRequest {
  readonly config: ModelConfig;
  readonly inputs: RunInputs;
}

export function encoderRequest(config: ModelConfig, inputs: RunInputs): EncoderRequest {
  return { key: JSON.stringify([config, inputs]), config, inputs };
}

let queue: RunQueue<EncoderRequest> | null = null;

/** The run queue of this page's encoder worker, or null when the page has no working one. */
export function encoderRuns(): RunQueue<EncoderRequest> | null {
  if (!calls.available()) return null;
  if (queue) return queue;
  const layers = new ReceivedLayers();
  let previous: EncoderRun | null = null;
  queue = new RunQueue<EncoderRequest>(async (request): Promise<LabResult> => {
    const asked = calls.call((id) => ({ id, config: request.config, inputs: request.inputs, have: [...layers.known.keys()] }));
    let detached: DetachedEncoderRun | null = null;
    try {
      detached = asked ? await asked : null;
    } catch (err) {
      if (err instanceof EngineError) throw err; // the run's own failure (an empty text): shown as any run's
    }
    // The worker stopped (out of memory, a failed load): this run, and the ones after it, run on the page.
    if (!detached) return { ok: true, ...encoderModel(request.config).run(request.inputs) };
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
