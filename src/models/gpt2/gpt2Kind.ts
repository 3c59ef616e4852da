import { EngineError } from '../../engine';
import type { ModelKind, ModelRunner, ModelTraits, RunRequest } from '../modelKind';
import { rememberRunner, tagAnswer } from '../runTraits';
import { currentCheckpointLink, isCheckpointLink, openCheckpointOfQuery } from './checkpointLink';
import { GPT2_TOKEN_LIMIT, gpt2Request, gpt2Runs, gpt2Tokens } from './gpt2Runs';
import type { Gpt2RunModel } from './gpt2RunModel';
import { canOpenCheckpoints } from './gpt2Client';
import { gpt2Status } from './gpt2Status';
import { gpt2Store, openCheckpointUrl } from './gpt2Store';
import { statusOnState } from '../modelStatus';

/*
 * A GPT-2 checkpoint the student opened (from their disk, or a folder on this site named by a link): read on the page,
 * decoded and run in its worker (gpt2Store.ts, gpt2Runs.ts). Until one is open the untrained encoder stands in.
 */

/** The largest GPT-2 (XL): a link may name heads up to its shape before the checkpoint is open. */
const LARGEST_OPENED = { embedDim: 1600, numLayers: 48, numHeads: 25 } as const;

const traits: ModelTraits = {
    causal: true,
    predictions: 'next-token',
    normOrder: 'pre-LN',
    fixedShape: null,
    openedShape: LARGEST_OPENED,
    tokenLimit: GPT2_TOKEN_LIMIT,
    presets: false,
    labelKey: 'gpt2',
    cardHref: null,
    messages: { truncated: 'gpt2.truncated', fixedShape: 'gpt2.fixed', noShapeYet: 'gpt2.fixedNone' },
  };

const runners = new WeakMap<Gpt2RunModel, ModelRunner>();

function runnerOf(model: Gpt2RunModel): ModelRunner {
  let runner = runners.get(model);
  if (!runner) {
    runner = {
      identity: model,
      // A checkpoint's weights are in its worker, which measures between the student's runs.
      inductionProbe: () => model.client.inductionScores(),
      plan(request: RunRequest) {
        const limit = Math.min(request.inputs.tokenLimit, GPT2_TOKEN_LIMIT, model.weights.nPositions);
        const asked = gpt2Request(model, request.inputs.text, { ...request.inputs, tokenLimit: limit });
        if (asked instanceof EngineError) return { where: 'refused', error: asked };
        const runs = gpt2Runs(model);
        return { where: 'worker', answers: runs, answer: () => tagAnswer(runs.answer(asked), traits), heldTokens: () => gpt2Tokens(model, asked, limit) };
      },
    };
    runners.set(model, rememberRunner(runner));
  }
  return runner;
}

export const gpt2Kind: ModelKind = {
  id: 'gpt2',
  traits,
  link: {
    names: isCheckpointLink,
    current: currentCheckpointLink,
    openFromQuery: (search) => openCheckpointOfQuery(search, (link) => openCheckpointUrl(link)),
  },
  // A checkpoint is opened by the student (its panel) or a link, never on its own.
  ensureLoaded: () => undefined,
  subscribe: (listener) => gpt2Store.subscribe(listener),
  runner() {
    const state = gpt2Store.getState();
    return state.status === 'ready' ? runnerOf(state.model) : null;
  },
  shape() {
    const state = gpt2Store.getState();
    return state.status === 'ready' ? state.model.weights : null;
  },
  // Also on whether this page can start the checkpoint's worker (a widget script on another site cannot).
  status: statusOnState(() => gpt2Store.getState(), gpt2Status, canOpenCheckpoints),
};
