import { attachLmRun, emptyTextError, EngineError, keptPositions, textChips, type DisplayToken, type EncoderLayerTrace, type LmRunOptions, type Token } from '../../engine';
import type { LabResult } from '../computeLab';
import { rememberBaselineRun } from '../labVariants';
import type { Gpt2RunModel } from './gpt2RunModel';

/*
 * The runs of an opened GPT-2 checkpoint, asked of its worker by the lab's run source (labRunSource.ts). A run takes
 * the worker about half a second, so the page never waits for one: it asks, keeps drawing what it has, and is told
 * when the answer is in. One run is in flight at a time; while it runs, only the newest request waits (typing ten
 * characters asks for one run after the current one, not ten). Answers are kept for the last few settings, so
 * toggling a head back and forth answers at once.
 */

/** GPT-2 reads at most this many tokens here: 12 layers × 12 heads of L × L maps are copied from the worker per run. */
export const GPT2_TOKEN_LIMIT = 128;

const KEPT = 6;

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

function differsFromTrained(options: LmRunOptions): boolean {
  return (options.disabledHeads?.length ?? 0) > 0 || options.causal === false || options.positionalEncoding === false || (options.mask !== undefined && options.mask.kind !== 'none');
}

/** The text as GPT-2 reads it: start token, the chips' ids, cut at the limit; or the empty-text failure. */
export function gpt2Request(model: Gpt2RunModel, text: string, options: LmRunOptions): Gpt2RunRequest | EngineError {
  if (text.trim() === '') return emptyTextError();
  const { chips, ids } = textChips(model.tokenizer, text, true);
  const baseline = differsFromTrained(options);
  const key = JSON.stringify([ids.slice(0, options.tokenLimit), options, text]);
  return { key, ids, chips, options, text, baseline };
}

/** The tokens a held text shows at once (its chips), before its run arrives. */
export function gpt2Tokens(model: Gpt2RunModel, request: Gpt2RunRequest, limit: number): Token[] {
  return keptPositions(request.chips, request.ids, Math.min(limit, request.ids.length), true, (id) => model.tokenLabel(id)).tokens;
}

export class Gpt2Runs {
  readonly #model: Gpt2RunModel;
  readonly #answers = new Map<string, LabResult>();
  /**
   * Layer traces received, by the worker's id: a layer the worker's cache reused comes back as the object the page
   * already has, so views memoised on it (the heads grid's rows) do not redraw it.
   */
  readonly #layers = new Map<number, EncoderLayerTrace>();
  #inFlight: string | null = null;
  #waiting: Gpt2RunRequest | null = null;
  readonly #listeners = new Set<() => void>();

  constructor(model: Gpt2RunModel) {
    this.#model = model;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The result for `request` if its answer has come; else asks for it (once) and returns null. */
  answer(request: Gpt2RunRequest): LabResult | null {
    const known = this.#answers.get(request.key);
    if (known) {
      // Most recently used last, so the oldest is the one dropped.
      this.#answers.delete(request.key);
      this.#answers.set(request.key, known);
      return known;
    }
    if (this.#inFlight === request.key) return null;
    if (this.#inFlight === null) this.#send(request);
    else this.#waiting = request;
    return null;
  }

  #send(request: Gpt2RunRequest): void {
    this.#inFlight = request.key;
    this.#waiting = null;
    this.#model.client.run(request.ids, request.options, request.text, request.baseline).then(
      (answer) => {
        const attached = attachLmRun(answer.run, this.#model, this.#layers);
        const run = { ...attached, ...keptPositions(request.chips, attached.tokenIds, attached.tokenIds.length, true, (id) => this.#model.tokenLabel(id)) };
        // As many as the kept answers hold (their layers and baselines); the least recently received go first.
        for (const id of [...answer.run.layerIds ?? [], ...answer.run.baselineIds ?? []]) {
          const layer = this.#layers.get(id);
          if (layer) {
            this.#layers.delete(id);
            this.#layers.set(id, layer);
          }
        }
        const most = KEPT * 2 * this.#model.weights.numLayers;
        for (const id of this.#layers.keys()) {
          if (this.#layers.size <= most) break;
          this.#layers.delete(id);
        }
        const result = { ok: true as const, ...run };
        // Predictions' "before" reads only the logits: the baseline's, on the same tokens.
        if (answer.baselineLogits) rememberBaselineRun(result, { ...run, logits: answer.baselineLogits });
        this.#keep(request.key, result);
      },
      (err: unknown) => {
        const error = err instanceof EngineError ? err : new EngineError('invalid-argument', err instanceof Error ? err.message : String(err));
        this.#keep(request.key, { ok: false, error });
      },
    );
  }

  #keep(key: string, answer: LabResult): void {
    this.#answers.set(key, answer);
    while (this.#answers.size > KEPT) this.#answers.delete(this.#answers.keys().next().value as string);
    this.#inFlight = null;
    const next = this.#waiting;
    if (next && !this.#answers.has(next.key)) this.#send(next);
    else this.#waiting = null;
    for (const listener of [...this.#listeners]) listener();
  }
}

const runsOf = new WeakMap<Gpt2RunModel, Gpt2Runs>();

/** The one run queue of an opened checkpoint. */
export function gpt2Runs(model: Gpt2RunModel): Gpt2Runs {
  let runs = runsOf.get(model);
  if (!runs) {
    runs = new Gpt2Runs(model);
    runsOf.set(model, runs);
  }
  return runs;
}
