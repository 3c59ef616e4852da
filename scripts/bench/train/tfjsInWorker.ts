/**
 * Runs the tfjs peer in a worker thread, so that tfjs never loads into the isolate our engine is timed in.
 *
 * Why: loading tfjs-core under tsx makes tsx's WebAssembly module lexer grow its memory, which detaches an
 * ArrayBuffer, and V8 then drops a process-wide fast path ("no ArrayBuffer was ever detached"): from then on every
 * typed-array access in optimised code checks for detachment, and our engine (all typed-array loops) runs about
 * 25 % slower — measured here, 27 → 34 ms a step. Nothing detaches a buffer in the app's training worker, so that
 * slowdown is an artefact of running both engines in one Node isolate. Each engine in its own isolate measures
 * each as it runs for real; the bench still alternates them step by step (one computes while the other waits).
 */
import { Worker } from 'node:worker_threads';
import type { NamedTensor, TinyModelConfig, TrainSettings } from '../../../src/engine/train/types';
import type { TfjsReply, TfjsRequest, TfjsWorkerData } from './tfjsWorkerProtocol';

export interface TfjsPeer {
  /** The backend line (version, SIMD, threads). */
  readonly info: string;
  /** One training step in the worker: its loss and the milliseconds step() took there. */
  step(): Promise<{ loss: number; ms: number }>;
  /** Token accuracy on the held-out set. */
  evaluate(): Promise<number>;
  dispose(): Promise<void>;
}

export async function startTfjsPeer(config: TinyModelConfig, settings: TrainSettings, initial: ReadonlyMap<string, NamedTensor>): Promise<TfjsPeer> {
  const data: TfjsWorkerData = { config, settings, initial };
  const worker = new Worker(new URL('./tfjsWorkerBoot.mjs', import.meta.url), { workerData: data });
  const next = (): Promise<TfjsReply> =>
    new Promise((resolve, reject) => {
      const onMessage = (reply: TfjsReply) => {
        worker.off('error', onError);
        resolve(reply);
      };
      const onError = (error: Error) => {
        worker.off('message', onMessage);
        reject(error);
      };
      worker.once('message', onMessage);
      worker.once('error', onError);
    });
  const ask = async (request: TfjsRequest): Promise<TfjsReply> => {
    const answer = next();
    worker.postMessage(request);
    const reply = await answer;
    if (reply.type === 'failed') throw new Error(`tfjs worker: ${reply.message}`);
    return reply;
  };
  const ready = await next();
  if (ready.type !== 'ready') throw new Error(`tfjs worker did not start: ${ready.type === 'failed' ? ready.message : ready.type}`);
  return {
    info: ready.info,
    async step() {
      const reply = await ask({ type: 'step' });
      if (reply.type !== 'step') throw new Error(`tfjs worker answered ${reply.type} to step`);
      return { loss: reply.loss, ms: reply.ms };
    },
    async evaluate() {
      const reply = await ask({ type: 'evaluate' });
      if (reply.type !== 'evaluate') throw new Error(`tfjs worker answered ${reply.type} to evaluate`);
      return reply.accuracy;
    },
    async dispose() {
      await worker.terminate();
    },
  };
}
