import { attachLmRun, emptyTextError, EngineError, positionTokens, type CausalLmRun, type EncoderLayerTrace, type LmRunOptions, type Token } from '../../engine';
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
  readonly options: LmRunOptions;
  readonly text: string;
  /** Also the logits with nothing switched (predictions' "before"). */
  readonly baseline: boolean;
}

/** What the worker's answer becomes on the page: the lab's result, and the baseline run when one was asked. */
export interface Gpt2Answer {
  readonly result: LabResult;
  readonly baseline: CausalLmRun | null;
}

function differsFromTrained(options: LmRunOptions): boolean {
  return (options.disabledHeads?.length ?? 0) > 0 || options.causal === false || options.positionalEncoding === false || (options.mask !== undefined && options.mask.kind !== 'none');
}

/** The text as GPT-2 reads it: start token, the chips' ids, cut at the limit; or the empty-text failure. */
export function gpt2Request(model: Gpt2RunModel, text: string, options: LmRunOptions): Gpt2RunRequest | EngineError {
  if (text.trim() === '') return emptyTextError();
  const ids = [model.tokenizer.endOfText, ...model.tokenizer.encode(text)];
  const baseline = differsFromTrained(options);
  const key = JSON.stringify([ids.slice(0, options.tokenLimit), options, text]);
  return { key, ids, options, text, baseline };
}

/** The tokens a held text shows at once (its chips), before its run arrives. */
export function gpt2Tokens(model: Gpt2RunModel, text: string, limit: number): Token[] {
  const chips = model.tokenizer.displayTokens(text).map((chip) => ({ ...chip, index: chip.index + 1 }));
  const kept = chips.filter((chip) => chip.index + chip.ids.length <= limit);
  const ids = [model.tokenizer.endOfText, ...kept.flatMap((c) => c.ids)];
  return positionTokens(ids.length, true, kept, ids, (id) => model.tokenLabel(id));
}

export class Gpt2Runs {
  readonly #model: Gpt2RunModel;
  readonly #answers = new Map<string, Gpt2Answer>();
  /**
   * Layer traces received, by the worker's id: a layer the worker's cache reused comes back as the object the page
   * already has, so views memoised on it (the heads grid's rows) do not redraw it.
   */
  readonly #layers = new Map<number, EncoderLayerTrace>();
  #inFlight: string | null = null;
  #waiting: Gpt2RunRequest | null = null;
  readonly #listeners = new Set<() => void>();
  /** The worker's time for the last run, ms (for the status line). */
  lastMs: number | null = null;

  constructor(model: Gpt2RunModel) {
    this.#model = model;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The answer for `request` if it has come; else asks for it (once) and returns null. */
  answer(request: Gpt2RunRequest): Gpt2Answer | null {
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
        const run = this.#finish(attachLmRun(answer.run, this.#model, this.#layers), request);
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
        // Predictions' "before" reads only the logits: the baseline's, on the same tokens.
        const baseline = answer.baselineLogits ? { ...run, logits: answer.baselineLogits } : null;
        this.lastMs = answer.ms;
        const result = { ok: true as const, ...run };
        if (baseline) rememberBaselineRun(result, baseline);
        this.#keep(request.key, { result, baseline });
      },
      (err: unknown) => {
        const error = err instanceof EngineError ? err : new EngineError('invalid-argument', err instanceof Error ? err.message : String(err));
        this.#keep(request.key, { result: { ok: false, error }, baseline: null });
      },
    );
  }

  /** The chips and position labels of the text, as CausalLmModel.run makes them on the page. */
  #finish(run: CausalLmRun, request: Gpt2RunRequest): CausalLmRun {
    const chips = this.#model.tokenizer.displayTokens(request.text).map((chip) => ({ ...chip, index: chip.index + 1 }));
    const kept = run.tokenIds.length;
    const keptChips = chips.filter((chip) => chip.index + chip.ids.length <= kept);
    return { ...run, chips: keptChips, tokens: positionTokens(kept, true, keptChips, run.tokenIds, (id) => this.#model.tokenLabel(id)) };
  }

  #keep(key: string, answer: Gpt2Answer): void {
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
