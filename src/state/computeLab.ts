import { clampTokenLimit, encoderModel, EngineError, MAX_TOKENS, type CausalLmModel, type CausalLmRun, type EncoderRun, type LmRunInputs, type ModelConfig, type RunInputs } from '../engine';
import type { LabSettings } from './labStore';
import { maskChoiceOf } from './labMask';

/** The settings that change the numbers (not which head is looked at). */
export const LAB_INPUT_KEYS = [
  'model',
  'text',
  'embedDim',
  'numHeads',
  'numLayers',
  'seed',
  'positionalEncoding',
  'maskMode',
  'paddingTokens',
  'customMask',
  'disabledHeads',
  'causal',
] as const satisfies readonly (keyof LabSettings)[];

export type LabInputs = Pick<LabSettings, (typeof LAB_INPUT_KEYS)[number]>;

/**
 * The engine's run of the lab's settings: tokens, embeddings, the mask, every layer's traces, the baseline — of
 * the untrained encoder (kind 'encoder') or the trained language model (kind 'causal_lm', with logits).
 */
export type LabComputation = (EncoderRun | CausalLmRun) & { readonly ok: true };

export interface LabFailure {
  readonly ok: false;
  readonly error: EngineError;
}

export type LabResult = LabComputation | LabFailure;

/**
 * The lab's settings as the run reads them: the one place they become the engine's choices. `languageModel`: the
 * run is the trained model's (not the untrained stand-in while it loads).
 */
export function labRunInputs(inputs: LabInputs, tokenLimit: number, languageModel = false): RunInputs & LmRunInputs {
  return {
    text: inputs.text,
    tokenLimit,
    positionalEncoding: inputs.positionalEncoding,
    // The language model's causal mask is its own (`causal`); the mask choice's "causal" adds nothing to it.
    mask: languageModel && inputs.maskMode === 'causal' ? { kind: 'none' } : maskChoiceOf(inputs),
    disabledHeads: inputs.disabledHeads,
    causal: inputs.causal,
  };
}

/** The untrained encoder the settings describe (its weights come from the seed). */
export function encoderConfigOf(inputs: LabInputs): ModelConfig {
  return { embedDim: inputs.embedDim, numHeads: inputs.numHeads, numLayers: inputs.numLayers, seed: inputs.seed };
}

/**
 * Settings → every trace the lab draws, by the model's staged run (src/engine/run): a head toggle recomputes only
 * concat · W_o onward, a mask change reuses the embeddings. `trained` is the loaded language model, or null while
 * it loads or when it failed: the untrained encoder runs meanwhile (the status line says so). Engine errors come
 * back as a LabFailure.
 */
export function computeLab(inputs: LabInputs, tokenLimit: number = MAX_TOKENS, trained: CausalLmModel | null = null): LabResult {
  const limit = clampTokenLimit(tokenLimit);
  const lm = inputs.model === 'trained' ? trained : null;
  try {
    if (lm) return { ok: true, ...lm.run(labRunInputs(inputs, Math.min(limit, lm.weights.nPositions), true)) };
    const model = encoderModel(encoderConfigOf(inputs));
    return { ok: true, ...model.run(labRunInputs(inputs, limit)) };
  } catch (err) {
    if (err instanceof EngineError) return { ok: false, error: err };
    throw err;
  }
}
