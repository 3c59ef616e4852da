import type { GenerateOptions, Generation } from '../../../engine/decoding';
import type { WorkerAnswer } from '../../pipeline/workerCalls';

/*
 * The messages between the page and the Web Worker that generates text with the trained model (generationWorker.ts):
 * up to 20 forward passes over a prompt of up to 128 tokens, ~160 ms of CPU here, off the page's thread. The page
 * sends the model file once (a copy of the bytes it fetched) under a number; later requests name that number.
 *
 *   page → worker  the model (bytes, the first time) and its number, the prompt, steps and strategy
 *   worker → page  the generation, or the engine's refusal (WorkerAnswer)
 */

export interface GenerateRequest {
  readonly id: number;
  readonly modelId: number;
  /** The model file, on the first request for `modelId` only. */
  readonly bytes?: ArrayBuffer;
  readonly prompt: string;
  readonly options: GenerateOptions;
}

export type GenerationReply = WorkerAnswer<Generation>;
