import type { DetachedEncoderRun, EngineErrorCode, ModelConfig, RunInputs } from '../../engine';

/*
 * The messages between the page and the Web Worker that runs the untrained encoder on long texts (encoderWorker.ts).
 * The worker builds the same model from the same config (its weights come from the seed), so only settings go in and
 * only the run comes back, its Float32Arrays transferred.
 *
 *   page → worker  run          the model's config, the run's inputs, the layer traces the page already has
 *   worker → page  ran | run-failed
 */

export interface EncoderRunRequest {
  readonly type: 'run';
  readonly id: number;
  readonly config: ModelConfig;
  readonly inputs: RunInputs;
  /** Ids of the layer traces the page holds from earlier answers: the worker leaves those out. */
  readonly have: readonly number[];
}

export type EncoderReply =
  | { readonly type: 'ran'; readonly id: number; readonly run: DetachedEncoderRun }
  | { readonly type: 'run-failed'; readonly id: number; readonly code: EngineErrorCode; readonly message: string; readonly details: Readonly<Record<string, number | string>> };
