import { activeBackend, clampTokenLimit, encoderModel, EngineError, MAX_TOKENS, type EncoderRun, type RunInputs } from '../engine';
import type { LabSettings } from './labStore';
import { maskChoiceOf } from './labMask';

/** The settings that change the numbers (not which head is looked at). */
export type LabInputs = Pick<
  LabSettings,
  'text' | 'embedDim' | 'numHeads' | 'numLayers' | 'seed' | 'positionalEncoding' | 'maskMode' | 'paddingTokens' | 'customMask' | 'disabledHeads'
>;

/** The engine's run of the lab's settings: tokens, embeddings, the mask, every layer's traces, the baseline. */
export type LabComputation = EncoderRun & { readonly ok: true };

export interface LabFailure {
  readonly ok: false;
  readonly error: EngineError;
}

export type LabResult = LabComputation | LabFailure;

/** The lab's settings as the run reads them: the one place they become the engine's choices. */
export function labRunInputs(inputs: LabInputs, tokenLimit: number): RunInputs {
  return {
    text: inputs.text,
    tokenLimit,
    positionalEncoding: inputs.positionalEncoding,
    mask: maskChoiceOf(inputs),
    disabledHeads: inputs.disabledHeads,
  };
}

/**
 * Settings → every trace the lab draws, by the model's staged run (src/engine/run): a head toggle recomputes only
 * concat · W_o onward, a mask change reuses the embeddings. Engine errors come back as a LabFailure.
 */
export function computeLab(inputs: LabInputs, tokenLimit: number = MAX_TOKENS): LabResult {
  const limit = clampTokenLimit(tokenLimit);
  const key = JSON.stringify([inputs, activeBackend().name, limit]);
  if (resultMemo?.key !== key) resultMemo = { key, result: computeUncached(inputs, limit) };
  return resultMemo.result;
}

// Several components read the same result in one render: the last one is kept, so they get the same object.
let resultMemo: { key: string; result: LabResult } | null = null;

function computeUncached(inputs: LabInputs, tokenLimit: number): LabResult {
  try {
    const model = encoderModel({ embedDim: inputs.embedDim, numHeads: inputs.numHeads, numLayers: inputs.numLayers, seed: inputs.seed });
    return { ok: true, ...model.run(labRunInputs(inputs, tokenLimit)) };
  } catch (err) {
    if (err instanceof EngineError) return { ok: false, error: err };
    throw err;
  }
}
