import type { CausalLmRun, EncoderRun, EngineError } from '../engine';

/**
 * What the lab's pipeline hands every view: the engine's run of one request (an encoder's, kind 'encoder', or a
 * language model's with logits, kind 'causal_lm'), or why it failed.
 */
export type LabComputation = (EncoderRun | CausalLmRun) & { readonly ok: true };

export interface LabFailure {
  readonly ok: false;
  readonly error: EngineError;
}

export type LabResult = LabComputation | LabFailure;
