import { attachLmRun, emptyTextError, keptPositions, textChips, type DisplayToken, type EngineError, type LmRunOptions, type Token } from '../../engine';
import type { LabResult } from '../runResult';
import { differsFromAsTrained, rememberBaselineRun } from '../pipeline/labVariants';
import { RUN_LIMITS } from '../pipeline/runLimits';
import { ReceivedLayers, RunQueue } from '../pipeline/runQueue';
import type { Gpt2RunModel } from './gpt2RunModel';

/*
 * The runs of an opened GPT-2 checkpoint, asked of its worker by the lab's run source (labRunSource.ts) through a
 * RunQueue (src/models/pipeline/runQueue.ts): a run takes the worker about half a second, so the page never waits for one.
 */

/** GPT-2 reads at most this many tokens here (pipeline/runLimits.ts). */
export const GPT2_TOKEN_LIMIT = RUN_LIMITS.checkpointTokens;

const KEPT = RUN_LIMITS.keptCheckpointAnswers;

/** One request: the token ids the text becomes (the start token first), the switches, and the chips to show. */
export interface Gpt2RunRequest {
  readonly key: string;
  readonly ids: readonly number[];
  /** The text's display chips, as positions after the start token: computed once, for the held tokens and the answer. */
  readonly chips: readonly DisplayToken[];
  readonly options: LmRunOptions;
  readonly text: string;
  /** Also the logits with nothing switched (predictions' "before"). */
  readonly baseline: boolean;
}

/** The text as GPT-2 reads it: start token, the chips' ids, cut at the limit; or the empty-text failure. */
export function gpt2Request(model: Gpt2RunModel, text: string, options: LmRunOptions): Gpt2RunRequest | EngineError {
  if (text.trim() === '') return emptyTextError();
  const { chips, ids } = textChips(model.tokenizer, text, true);
  const baseline = differsFromAsTrained(options);
  const key = JSON.stringify([ids.slice(0, options.tokenLimit), options, text]);
  return { key, ids, chips, options, text, baseline };
}

/** The tokens a held text shows at once (its chips), before its run arrives. */
export function gpt2Tokens(model: Gpt2RunModel, request: Gpt2RunRequest, limit: number): Token[] {
  return keptPositions(request.chips, request.ids, Math.min(limit, request.ids.length), true, (id) => model.tokenLabel(id)).tokens;
}

export type Gpt2Runs = RunQueue<Gpt2RunRequest>;

/** Asks the worker for the request's run and gives it as the views read it (its chips, its baseline logits). */
function sendTo(model: Gpt2RunModel, layers: ReceivedLayers): (request: Gpt2RunRequest) => Promise<LabResult> {
  return async (request) => {
    const answer = await model.client.run(request.ids, request.options, request.text, request.baseline, [...layers.known.keys()]);
    const attached = attachLmRun(answer.run, model, layers.known);
    const run = { ...attached, ...keptPositions(request.chips, attached.tokenIds, attached.tokenIds.length, true, (id) => model.tokenLabel(id)) };
    // As many as the kept answers hold (their layers and baselines).
    layers.touch([...(answer.run.layerIds ?? []), ...(answer.run.baselineIds ?? [])], KEPT * 2 * model.weights.numLayers);
    const result = { ok: true as const, ...run };
    // Predictions' "before" reads only the logits: the baseline's, on the same tokens.
    if (answer.baselineLogits) rememberBaselineRun(result, { ...run, logits: answer.baselineLogits });
    return result;
  };
}

const runsOf = new WeakMap<Gpt2RunModel, Gpt2Runs>();

/** The one run queue of an opened checkpoint. */
export function gpt2Runs(model: Gpt2RunModel): Gpt2Runs {
  let runs = runsOf.get(model);
  if (!runs) {
    runs = new RunQueue(sendTo(model, new ReceivedLayers()), KEPT);
    runsOf.set(model, runs);
  }
  return runs;
}
