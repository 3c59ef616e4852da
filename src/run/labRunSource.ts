import type { StoreApi } from 'zustand';
import { activeBackend, EngineError, type Token } from '../engine';
import type { AnswerSource, RunPlan } from '../models/modelKind';
import { computedOnPage } from '../models/pipeline/computedOnPage';
import { RUN_LIMITS } from '../models/pipeline/runLimits';
import { modelKinds, standInRunner, STAND_IN_KIND } from '../models/registry';
import { LAB_INPUT_KEYS, labRunnerOf, labRunRequest, type LabInputs, type LabResult } from './computeLab';
import type { LabState } from '../state/labStore';
import type { LabModelScope } from '../state/modelScope';

/*
 * The lab's one computation per page (or per custom element, or per <ModelScope> in a lesson): settings in, one
 * immutable run out, which every view reads. Views subscribe with useSyncExternalStore (src/run/useLabComputation.ts)
 * and never run the engine themselves; the variants they compare with are asked for in models/pipeline/labVariants.ts.
 *
 *   labRunSource(labStore, scope, tokenLimit)   the shared source for that store, model scope and token limit
 *   source.getSnapshot()                        { result, pending }: the same object until the inputs change
 *   source.subscribe(listener)                  told when the lab's settings, a model kind's file or an answer change
 *
 * The same for every model kind (src/models/registry.ts): the kind's runner (or, while it loads, the stand-in's)
 * plans each request (src/models/modelKind.ts, RunPlan), and this source does what the plan says:
 *   page     computed here; a long text's keystroke waits for a pause in typing (RUN_LIMITS.typingPauseMs)
 *   worker   asked of the kind's worker queue; until the answer, the last drawing stays, marked pending, with the
 *            new text's tokens (the first screen: the plan's own page run, else the stand-in's)
 *   refused  the engine's refusal, shown as any failed run
 */

export const LONG_TEXT_CHARS = RUN_LIMITS.longTextChars;
export const TYPING_PAUSE_MS = RUN_LIMITS.typingPauseMs;
export const PASTE_CHARS = RUN_LIMITS.pasteChars;

export interface LabComputationState {
  readonly result: LabResult;
  /** True while what is drawn lags behind the settings (typing in a long text, a worker computing). */
  readonly pending: boolean;
  /** While a run is held: the text's own tokens, which cost nothing to show at once; else absent. */
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

interface RunKey {
  readonly inputs: LabInputs;
  /** The runner's identity: the loaded model (a new file recomputes), or the stand-in's. */
  readonly runner: object;
  /** The engine's backend: the same numbers, but a run made before the kernels loaded is redone on them. */
  readonly backend: string;
}

export class LabRunSource {
  readonly #lab: StoreApi<LabState>;
  readonly #scope: LabModelScope;
  readonly #tokenLimit: number;
  readonly #listeners = new Set<() => void>();
  /** The inputs the snapshot answers (computed, or held while typing pauses or a worker computes). */
  #seen: RunKey | null = null;
  /** The inputs the snapshot's result was computed from on the page. */
  #computed: RunKey | null = null;
  #snapshot: LabComputationState | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #unsubscribe: (() => void) | null = null;
  /** The worker's answers listened to (one queue at a time), and how to stop listening. */
  #queueListening: { readonly queue: AnswerSource; readonly stop: () => void } | null = null;

  constructor(lab: StoreApi<LabState>, scope: LabModelScope, tokenLimit: number) {
    this.#lab = lab;
    this.#scope = scope;
    this.#tokenLimit = tokenLimit;
  }

  /** The run for the settings now: the same snapshot until the inputs, the model's file or the backend change. */
  readonly getSnapshot = (): LabComputationState => {
    const inputs = inputsOf(this.#lab.getState(), this.#scope);
    const { runner, traits } = labRunnerOf(inputs.model);
    const backend = activeBackend().name;
    const seen = this.#seen;
    if (this.#snapshot && seen && runner.identity === seen.runner && backend === seen.backend && sameInputs(inputs, seen.inputs)) return this.#snapshot;
    const key: RunKey = { inputs, runner: runner.identity, backend };
    this.#seen = key;
    const plan = runner.plan(labRunRequest(inputs, this.#tokenLimit, traits));
    if (plan.where === 'refused') {
      this.#clearPause();
      return this.#replaceSnapshot({ result: { ok: false, error: plan.error }, pending: false });
    }
    if (plan.where === 'worker') return this.#workerSnapshot(key, plan);
    return this.#pageSnapshot(key, plan);
  };

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    if (!this.#unsubscribe) {
      const stopLab = this.#lab.subscribe(this.#notify);
      const stopKinds = modelKinds().map((kind) => kind.subscribe(this.#notify));
      this.#unsubscribe = () => {
        stopLab();
        for (const stop of stopKinds) stop();
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
   * Computed here; but a keystroke in a long text (on a page without the encoder's worker) is held until the student
   * pauses: the last run stays on screen, marked pending, with the new tokens, so each keystroke paints at once.
   */
  #pageSnapshot(key: RunKey, plan: RunPlan & { readonly where: 'page' }): LabComputationState {
    const computed = this.#computed;
    if (plan.waitsForPause && this.#snapshot && computed && computed.runner === key.runner && computed.backend === key.backend && onlyTextDiffers(key.inputs, computed.inputs)) {
      const typed = Math.abs(key.inputs.text.length - computed.inputs.text.length) <= RUN_LIMITS.pasteChars;
      this.#armPause(typed ? RUN_LIMITS.typingPauseMs : 0, () => this.#compute(key, plan.compute));
      return this.#replaceSnapshot({ result: this.#snapshot.result, pending: true, heldTokens: plan.heldTokens() });
    }
    this.#clearPause();
    return this.#compute(key, plan.compute);
  }

  /**
   * Asked of a worker: until the answer is in, what was drawn stays, marked pending, with the new text's tokens; the
   * answer's arrival clears the seen inputs, so the next snapshot reads it. Nothing drawn yet: the plan's first screen
   * (a cheap run computed here), else the stand-in's.
   */
  #workerSnapshot(key: RunKey, plan: RunPlan & { readonly where: 'worker' }): LabComputationState {
    this.#listenTo(plan.answers);
    this.#clearPause();
    const answered = plan.answer();
    if (!answered) {
      const shown = this.#snapshot?.result ?? plan.firstOnPage?.() ?? this.#standIn(key.inputs);
      return this.#replaceSnapshot({ result: shown, pending: true, heldTokens: plan.heldTokens() });
    }
    if (this.#snapshot?.result === answered && !this.#snapshot.pending) return this.#snapshot;
    return this.#replaceSnapshot({ result: answered, pending: false });
  }

  /** The stand-in's run of the inputs, for a first screen while a worker computes the chosen model's. */
  #standIn(inputs: LabInputs): LabResult {
    const plan = standInRunner().plan(labRunRequest(inputs, this.#tokenLimit, STAND_IN_KIND.traits));
    return computedOnPage(plan, true) ?? { ok: false, error: new EngineError('invalid-argument', 'The stand-in model must be able to run on the page.') };
  }

  /** Listens to the answers of `queue` (only one queue at a time). */
  #listenTo(queue: AnswerSource): void {
    if (this.#queueListening?.queue === queue) return;
    this.#queueListening?.stop();
    const stop = queue.subscribe(() => {
      this.#seen = null;
      this.#notify();
    });
    this.#queueListening = { queue, stop };
  }

  #compute(key: RunKey, compute: () => LabResult): LabComputationState {
    this.#computed = key;
    return this.#replaceSnapshot({ result: compute(), pending: false });
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

  /** (Re)starts the pause: each keystroke pushes the long text's run back by `ms` (0 for a paste). */
  #armPause(ms: number, compute: () => void): void {
    this.#clearPause();
    this.#timer = setTimeout(() => {
      this.#timer = null;
      compute();
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
