import type { DetachedEncoderRun, ModelConfig, RunInputs } from '../../engine';
import type { WorkerAnswer } from '../pipeline/workerCalls';

/*
 * The messages between the page and the Web Worker that runs the untrained encoder on long texts (encoderWorker.ts).
 * The worker builds the same model from the same config (its weights come from the seed), so only settings go in and
 * only the run comes back, its Float32Arrays transferred.
 *
 *   page → worker  the model's config, the run's inputs, the layer traces the page already has
 *   worker → page  the run, or the engine's refusal (WorkerAnswer)
 */

export interface EncoderRunRequest {
  readonly id: number;
  readonly config: ModelConfig;
  readonly inputs: RunInputs;
  /** Ids of the layer traces the page holds from earlier answers: the worker leaves those out. */
  readonly have: readonly number[];
}

export type EncoderReply = WorkerAnswer<DetachedEncoderRun>;
