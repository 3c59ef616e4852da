import type { CausalLmModel } from '../../engine';
import type { ModelKind, ModelRunner, ModelTraits, RunRequest } from '../modelKind';
import { asLabResult } from '../pipeline/asLabResult';
import { differsFromAsTrained, labBaselineRun } from '../pipeline/labVariants';
import type { LabResult } from '../runResult';
import { ensureTrainedModel, lmModelStore, MODEL_PATH } from './lmModelStore';
import { probeOffThread } from './probeOffThread';
import { TRAINED_SHAPE } from './trainedShape';
import { rememberRunner } from '../runTraits';
import { trainedStatus } from './trainedStatus';
import { statusOnState } from '../modelStatus';

/*
 * The small bilingual language model this project trained (public/models/lm/, its card in README.md there): a file
 * fetched once per page (lmModelStore.ts), then run on the page. It reads at most its context (128 tokens), so a run
 * is short whatever the text: never held for a pause in typing.
 */

const traits: ModelTraits = {
    causal: true,
    predictions: 'next-token',
    normOrder: 'pre-LN',
    fixedShape: TRAINED_SHAPE,
    openedShape: null,
    tokenLimit: null,
    presets: true,
    labelKey: 'trained',
    cardHref: MODEL_PATH.replace(/[^/]+$/, 'README.md'),
    messages: { truncated: 'model.truncated', fixedShape: 'model.fixed', noShapeYet: null },
  };

/**
 * The run, and when it differs from the model as trained, its baseline (the predictions' "before"), computed here with
 * it so that the predictions panel only reads it (pipeline/labVariants.ts).
 */
function withBaseline(result: LabResult): LabResult {
  if (result.ok && result.kind === 'causal_lm' && differsFromAsTrained(result.inputs)) labBaselineRun(result);
  return result;
}

const runners = new WeakMap<CausalLmModel, ModelRunner>();

/** How a loaded file runs: one runner per model, so the pipeline sees the same one until a new file. */
export function trainedRunnerOf(model: CausalLmModel): ModelRunner {
  let runner = runners.get(model);
  if (!runner) {
    runner = {
      identity: model,
      inductionProbe() {
        const state = lmModelStore.getState();
        // The probe's worker builds its own copy of the model from the file's bytes.
        const bytes = state.status === 'ready' && state.trained.model === model ? (state.bytes ?? null) : null;
        return bytes ? probeOffThread(bytes) : null;
      },
      plan(request: RunRequest) {
        const inputs = { ...request.inputs, tokenLimit: Math.min(request.inputs.tokenLimit, model.weights.nPositions) };
        return {
          where: 'page',
          compute: () => withBaseline(asLabResult(traits, () => model.run(inputs))),
          waitsForPause: false,
          heldTokens: () => [],
        };
      },
    };
    runners.set(model, rememberRunner(runner));
  }
  return runner;
}

export const trainedKind: ModelKind = {
  id: 'trained',
  traits,
  ensureLoaded: () => void ensureTrainedModel(),
  subscribe: (listener) => lmModelStore.subscribe(listener),
  runner() {
    const state = lmModelStore.getState();
    return state.status === 'ready' ? trainedRunnerOf(state.trained.model) : null;
  },
  shape: () => TRAINED_SHAPE,
  status: statusOnState(() => lmModelStore.getState(), trainedStatus),
};
