import { encoderModel, tokenize, type Token } from '../../engine';
import type { ModelKind, ModelRunner, ModelTraits, RunPlan, RunRequest } from '../modelKind';
import { QUIET } from '../modelStatus';
import { tagAnswer } from '../runTraits';
import { RUN_LIMITS } from '../pipeline/runLimits';
import { asLabResult } from '../pipeline/asLabResult';
import { encoderRequest, encoderRuns, OFF_THREAD_TOKENS } from './encoderRuns';

/*
 * The encoder with random weights, for the mechanics: its width, heads, layers and seed are the settings', its tokens
 * the engine's own (a word, a Chinese character or an emoji a token). Short texts run on the page; a text of more than
 * OFF_THREAD_TOKENS tokens runs in its worker (encoderRuns.ts), or, on a page without one, when typing pauses.
 */


export const UNTRAINED_CARD_PATH = 'models/untrained/README.md';

function tokensOf(request: RunRequest): readonly Token[] {
  return tokenize(request.inputs.text, { maxTokens: request.inputs.tokenLimit, overflow: 'truncate' }).tokens;
}

function onPage(request: RunRequest) {
  return asLabResult(traits, () => encoderModel(request.config).run(request.inputs));
}

const traits: ModelTraits = {
    causal: false,
    predictions: null,
    normOrder: 'settings',
    fixedShape: null,
    openedShape: null,
    tokenLimit: null,
    presets: false,
    labelKey: 'untrained',
    cardHref: UNTRAINED_CARD_PATH,
    messages: { truncated: 'model.truncated', fixedShape: null, noShapeYet: null },
  };

const runner: ModelRunner = {
  identity: {},
  plan(request: RunRequest): RunPlan {
    const { text } = request.inputs;
    // A token has at least one character: a short text never needs the worker, nor tokenizing to find out.
    const queue = text.length > OFF_THREAD_TOKENS ? encoderRuns() : null;
    if (queue) {
      const tokens = tokensOf(request);
      if (tokens.length > OFF_THREAD_TOKENS) {
        return {
          where: 'worker',
          answers: queue,
          answer: () => tagAnswer(queue.answer(encoderRequest(request.config, request.inputs)), traits),
          heldTokens: () => tokens,
          // A link that opens on a long text: its first screen has the maps of the first tokens (a run that fits a
          // frame), pending, until the worker's run of the whole text arrives.
          firstOnPage: () => onPage({ ...request, inputs: { ...request.inputs, tokenLimit: OFF_THREAD_TOKENS } }),
          wholeOnPage: () => onPage(request),
        };
      }
    }
    return { where: 'page', compute: () => onPage(request), waitsForPause: text.length > RUN_LIMITS.longTextChars, heldTokens: () => tokensOf(request) };
  },
};

export const untrainedKind: ModelKind = {
  id: 'untrained',
  traits,
  ensureLoaded: () => undefined,
  subscribe: () => () => undefined,
  runner: () => runner,
  shape: () => null,
  status: () => QUIET,
};
