import { clampTokenLimit, EngineError, MAX_TOKENS, type CausalLmModel, type ModelConfig } from '../engine';
import type { ModelRunner, ModelTraits, RunRequest } from '../models/modelKind';
import { modelKind, STAND_IN_KIND, standInRunner } from '../models/registry';
import type { LabResult } from '../models/runResult';
import { trainedKind, trainedRunnerOf } from '../models/trained/trainedKind';
import { computedOnPage } from '../models/pipeline/computedOnPage';
import type { LabSettings } from '../state/labStore';
import { maskChoiceOf } from '../state/labMask';

export type { LabComputation, LabFailure, LabResult } from '../models/runResult';

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

/** The untrained encoder the settings describe (its weights come from the seed). */
export function encoderConfigOf(inputs: LabInputs): ModelConfig {
  return { embedDim: inputs.embedDim, numHeads: inputs.numHeads, numLayers: inputs.numLayers, seed: inputs.seed };
}

/**
 * The lab's settings as a model kind's request: the one place they become the engine's choices. A model with its own
 * causal mask (`traits.causal`) reads the mask choice's "causal" as nothing more.
 */
export function labRunRequest(inputs: LabInputs, tokenLimit: number, traits: Pick<ModelTraits, 'causal' | 'tokenLimit'>): RunRequest {
  const limit = Math.min(clampTokenLimit(tokenLimit), traits.tokenLimit ?? Infinity);
  return {
    config: encoderConfigOf(inputs),
    inputs: {
      text: inputs.text,
      tokenLimit: limit,
      positionalEncoding: inputs.positionalEncoding,
      mask: traits.causal && inputs.maskMode === 'causal' ? { kind: 'none' } : maskChoiceOf(inputs),
      disabledHeads: inputs.disabledHeads,
      causal: inputs.causal,
    },
  };
}

/** The runner of the settings' model now: its own once loaded, else the stand-in's (the untrained encoder). */
export function labRunnerOf(model: string): { readonly runner: ModelRunner; readonly traits: ModelTraits } {
  const kind = modelKind(model);
  const own = kind.runner();
  return own ? { runner: own, traits: kind.traits } : { runner: standInRunner(), traits: STAND_IN_KIND.traits };
}

/**
 * Settings → the run, computed on this thread at once: the same request the pipeline (labRunSource.ts) makes, for
 * tests and the one-off runs of a page without the pipeline. `trained`: the loaded language model, when the settings
 * choose it; else the untrained encoder runs (as while the file loads).
 */
export function computeLab(inputs: LabInputs, tokenLimit: number = MAX_TOKENS, trained: CausalLmModel | null = null): LabResult {
  const lm = trained && inputs.model === 'trained' ? trainedKind : null;
  const runner = lm && trained ? trainedRunnerOf(trained) : standInRunner();
  const result = computedOnPage(runner.plan(labRunRequest(inputs, tokenLimit, (lm ?? STAND_IN_KIND).traits)));
  return result ?? { ok: false, error: new EngineError('invalid-argument', 'This model runs only in its worker.') };
}
