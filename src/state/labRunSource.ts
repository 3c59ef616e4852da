import type { StoreApi } from 'zustand';
import { activeBackend, clampTokenLimit, EngineError, tokenize, type CausalLmModel, type Token } from '../engine';
import { computeLab, encoderConfigOf, LAB_INPUT_KEYS, labRunInputs, type LabInputs, type LabResult } from './computeLab';
import { encoderRequest, encoderRuns, OFF_THREAD_TOKENS, type EncoderRequest } from './encoderWorker/encoderRuns';
import type { Gpt2RunModel } from './gpt2/gpt2RunModel';
import { GPT2_TOKEN_LIMIT, gpt2Request, gpt2Runs, gpt2Tokens } from './gpt2/gpt2Runs';
import { gpt2Store } from './gpt2/gpt2Store';
import type { LabState } from './labStore';
import { lmModelStore } from './lmModelStore';
import type { ModelChoice } from './modelChoice';
import type { LabModelScope } from './modelScope';
import type { RunQueue } from './runQueue';

/** What the source listens to on a worker's run queue. */
type AnswerQueue = Pick<RunQueue<never>, 'subscribe'>;

/*
 * The lab's one computation per page (or per custom element, or per <ModelScope> in a lesson): settings in, one
 * immutable run out, which every view reads. Views subscribe with useSyncExternalStore (src/state/useLabComputation.ts)
 * and never run the engine themselves; the variants they compare with are asked for in labVariants.ts.
 *
 *   labRunSource(labStore, scope, tokenLimit)   the shared source for that store, model scope and token limit
 *   source.getSnapshot()                        { result, pending }: the same object until the inputs change
 *   source.subscribe(listener)                  told when the lab's settings or the trained model's file change
 *
 * Runs that would hold the page past a frame are asked of a Web Worker, and the last drawing stays, marked pending,
 * until the answer: a GPT-2 checkpoint's (gpt2/gpt2Runs.ts) and the untrained encoder's on a text of more than
 * OFF_THREAD_TOKENS tokens (encoderWorker/encoderRuns.ts). Where there is no worker, a long text's run waits for a
 * pause in typing instead.
 */

/** Past this many characters a keystroke waits for a pause before the whole model is recomputed. */
export const LONG_TEXT_CHARS = 300;
export const TYPING_PAUSE_MS = 180;
/**
 * A change of more characters than this at once is a paste (or a preset), not typing: no pause to wait for, so
 * it is computed in the next task (its tokens show in this frame).
 */
export const PASTE_CHARS = 16;

export interface LabComputationState {
  readonly result: LabResult;
  /** True while what is drawn lags behind the settings (typing in a long text). */
  readonly pending: boolean;
  /** While a long text's run is held: the text's own tokens, which cost nothing to show at once; else absent. */
  readonly heldTokens?: readonly Token[];
}

function inputsOf(s: LabState, scope: LabModelScope): LabInputs {
  return {
    model: scope === 'settings' ? s.model : scope,
    text: s.text,
    embedDim: s.embedDim,
    numHeads: s.numHeads,
    numLayers: s.numLayers,
    seed: s.seed,
    positionalEncoding: s.positionalEncoding,
    maskMode: s.maskMode,
    paddingTokens: s.paddingTokens,
    customMask: s.customMask,
    disabledHeads: s.disabledHeads,
    causal: s.causal,
  };
}

// The store's actions make new arrays on every change, so identity is equality here.
const sameInputs = (a: LabInputs, b: LabInputs): boolean => LAB_INPUT_KEYS.every((k) => Object.is(a[k], b[k]));
const onlyTextDiffers = (a: LabInputs, b: LabInputs): boolean => a.text !== b.text && LAB_INPUT_KEYS.every((k) => k === 'text' || Object.is(a[k], b[k]));

/** The loaded language model when `model` is the trained one and its file has arrived; else null (the untrained runs). */
function trainedModelFor(model: ModelChoice): CausalLmModel | null {
  const state = lmModelStore.getState();
  return model === 'trained' && state.status === 'ready' ? state.trained.model : null;
}

/** The opened GPT-2 checkpoint when `model` is GPT-2 and it is ready; else null (the untrained model stands in). */
function gpt2ModelFor(model: ModelChoice): Gpt2RunModel | null {
  const state = gpt2Store.getState();
  return model === 'gpt2' && state.status === 'ready' ? state.model : null;
}

interface RunKey {
  readonly inputs: LabInputs;
  readonly trained: CausalLmModel | null;
  readonly gpt2: Gpt2RunModel | null;
  /** The engine's backend: the same numbers, but a run made before the kernels loaded is redone on them. */
  readonly backend: string;
}

export class LabRunSource {
  readonly #lab: StoreApi<LabState>;
  readonly #scope: LabModelScope;
  readonly #tokenLimit: number;
  readonly #listeners = new Set<() => void>();
  /** The inputs the snapshot answers (computed, or held while typing pauses). */
  #seen: RunKey | null = null;
  /** The inputs the snapshot's result was computed from. */
  #computed: RunKey | null = null;
  #snapshot: LabComputationState | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #unsubscribe: (() => void) | null = null;
  /** The worker's run queue listened to (GPT-2's or the encoder's), and how to stop listening. */
  #queueListening: { readonly queue: AnswerQueue; readonly stop: () => void } | null = null;

  constructor(lab: StoreApi<LabState>, scope: LabModelScope, tokenLimit: number) {
    this.#lab = lab;
    this.#scope = scope;
    this.#tokenLimit = tokenLimit;
  }

  /**
   * The run for the settings now. Toggles and settings apply at once; typing in a long text on the untrained encoder
   * is held until the student pauses (the last run stays on screen, marked pending), so each keystroke paints at once.
   * The trained model reads at most its context (128 tokens), so its run is short whatever the text: never held.
   */
  readonly getSnapshot = (): LabComputationState => {
    const inputs = inputsOf(this.#lab.getState(), this.#scope);
    const trained = trainedModelFor(inputs.model);
    const gpt2 = gpt2ModelFor(inputs.model);
    const backend = activeBackend().name;
    const seen = this.#seen;
    if (this.#snapshot && seen && trained === seen.trained && gpt2 === seen.gpt2 && backend === seen.backend && sameInputs(inputs, seen.inputs)) return this.#snapshot;
    this.#seen = { inputs, trained, gpt2, backend };
    if (gpt2) return this.#gpt2Snapshot(inputs, gpt2);
    const offThread = trained === null ? this.#offThreadTokens(inputs) : null;
    if (offThread) return this.#encoderSnapshot(inputs, offThread.queue, offThread.tokens);
    const long = trained === null && inputs.text.length > LONG_TEXT_CHARS;
    const computed = this.#computed;
    if (long && this.#snapshot && computed && computed.trained === trained && computed.backend === backend && onlyTextDiffers(inputs, computed.inputs)) {
      const typed = Math.abs(inputs.text.length - computed.inputs.text.length) <= PASTE_CHARS;
      this.#armPause(typed ? TYPING_PAUSE_MS : 0);
      const { tokens } = tokenize(inputs.text, { maxTokens: clampTokenLimit(this.#tokenLimit), overflow: 'truncate' });
      this.#replaceSnapshot({ result: this.#snapshot.result, pending: true, heldTokens: tokens });
      return this.#snapshot;
    }
    this.#clearPause();
    return this.#compute(this.#seen);
  };

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    if (!this.#unsubscribe) {
      const stopLab = this.#lab.subscribe(this.#notify);
      const stopModel = lmModelStore.subscribe(this.#notify);
      const stopGpt2 = gpt2Store.subscribe(this.#notify);
      this.#unsubscribe = () => {
        stopLab();
        stopModel();
        stopGpt2();
        this.#queueListening?.stop();
        this.#queueListening = null;
      };
    }
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size > 0) return;
      this.#unsubscribe?.();
      this.#unsubscribe = null;
      this.#clearPause();
    };
  };

  /**
   * A GPT-2 checkpoint's run: asked of its worker (gpt2Runs.ts). Until the answer is in, what was drawn stays, marked
   * pending, with the new text's tokens; the answer's arrival clears the seen inputs, so the next snapshot reads it.
   */
  #gpt2Snapshot(inputs: LabInputs, model: Gpt2RunModel): LabComputationState {
    const runs = gpt2Runs(model);
    this.#listenTo(runs);
    this.#clearPause();
    const limit = Math.min(clampTokenLimit(this.#tokenLimit), GPT2_TOKEN_LIMIT, model.weights.nPositions);
    const request = gpt2Request(model, inputs.text, labRunInputs(inputs, limit, true));
    if (request instanceof EngineError) return this.#replaceSnapshot({ result: { ok: false, error: request }, pending: false });
    // Nothing of GPT-2's drawn yet: the untrained model stands in for the first half second, as while a model loads.
    return this.#answerOrHold(runs.answer(request), () => this.#snapshot?.result ?? computeLab(inputs, this.#tokenLimit, null), () => gpt2Tokens(model, request, limit));
  }

  /** Listens to the answers of `queue` (only one queue at a time): an answer clears the seen inputs, so the next snapshot reads it. */
  #listenTo(queue: AnswerQueue): void {
    if (this.#queueListening?.queue === queue) return;
    this.#queueListening?.stop();
    const stop = queue.subscribe(() => {
      this.#seen = null;
      this.#notify();
    });
    this.#queueListening = { queue, stop };
  }

  /** The encoder's worker queue and the text's tokens, when the text is long enough to run there and a worker is at hand. */
  #offThreadTokens(inputs: LabInputs): { readonly queue: RunQueue<EncoderRequest>; readonly tokens: readonly Token[] } | null {
    if (inputs.text.length <= OFF_THREAD_TOKENS) return null; // a token has at least one character
    const { tokens } = tokenize(inputs.text, { maxTokens: clampTokenLimit(this.#tokenLimit), overflow: 'truncate' });
    if (tokens.length <= OFF_THREAD_TOKENS) return null;
    const queue = encoderRuns();
    return queue ? { queue, tokens } : null;
  }

  /**
   * A long text's run on the untrained encoder, asked of its worker: until the answer is in, what was drawn stays,
   * marked pending, with the new text's tokens (so typing never waits for the computation).
   */
  #encoderSnapshot(inputs: LabInputs, queue: RunQueue<EncoderRequest>, tokens: readonly Token[]): LabComputationState {
    this.#listenTo(queue);
    this.#clearPause();
    // Nothing drawn yet (a link that opens on a long text): run it here once, so the first screen has its maps.
    if (!this.#snapshot) return this.#compute(this.#seen ?? { inputs, trained: null, gpt2: null, backend: activeBackend().name });
    const shown = this.#snapshot.result;
    return this.#answerOrHold(queue.answer(encoderRequest(encoderConfigOf(inputs), labRunInputs(inputs, clampTokenLimit(this.#tokenLimit)))), () => shown, () => tokens);
  }

  /**
   * A worker's answer as the snapshot (the same snapshot while it is what is drawn), or, until it comes, `shown()`
   * marked pending with the new text's `held()` tokens.
   */
  #answerOrHold(answered: LabResult | null, shown: () => LabResult, held: () => readonly Token[]): LabComputationState {
    if (!answered) return this.#replaceSnapshot({ result: shown(), pending: true, heldTokens: held() });
    if (this.#snapshot?.result === answered && !this.#snapshot.pending) return this.#snapshot;
    return this.#replaceSnapshot({ result: answered, pending: false });
  }

  #compute(key: RunKey): LabComputationState {
    this.#computed = key;
    return this.#replaceSnapshot({ result: computeLab(key.inputs, this.#tokenLimit, key.trained), pending: false });
  }

  #replaceSnapshot(next: LabComputationState): LabComputationState {
    const before = this.#snapshot;
    if (before) {
      previousStates.delete(before); // one step back only: the older ones can be collected
      previousStates.set(next, before);
    }
    this.#snapshot = next;
    return next;
  }

  readonly #notify = (): void => {
    for (const listener of [...this.#listeners]) listener();
  };

  /** (Re)starts the pause: each keystroke pushes the long text's run back by `ms` (TYPING_PAUSE_MS; 0 for a paste). */
  #armPause(ms: number): void {
    this.#clearPause();
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (this.#seen) this.#compute(this.#seen);
      this.#notify();
    }, ms);
  }

  #clearPause(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }
}

const previousStates = new WeakMap<LabComputationState, LabComputationState>();

/** The snapshot `state` replaced (what was drawn just before it), if its source still knows it. */
export function previousLabState(state: LabComputationState): LabComputationState | null {
  return previousStates.get(state) ?? null;
}

const sources = new WeakMap<StoreApi<LabState>, Map<string, LabRunSource>>();

/** The one source for this lab store, model scope and token limit: every view that asks gets the same. */
export function labRunSource(lab: StoreApi<LabState>, scope: LabModelScope, tokenLimit: number): LabRunSource {
  let byKey = sources.get(lab);
  if (!byKey) {
    byKey = new Map();
    sources.set(lab, byKey);
  }
  const key = `${scope}|${tokenLimit}`;
  let source = byKey.get(key);
  if (!source) {
    source = new LabRunSource(lab, scope, tokenLimit);
    byKey.set(key, source);
  }
  return source;
}
