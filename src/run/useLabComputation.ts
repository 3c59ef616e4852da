import { createContext, useContext, useDeferredValue, useEffect, useSyncExternalStore } from 'react';
import { EngineError } from '../engine';
import type { LabResult } from './computeLab';
import { useLab, useLabStore } from '../state/labStore';
import { labRunSource, previousLabState, type LabComputationState } from './labRunSource';
import { RUN_LIMITS } from '../models/pipeline/runLimits';
import { modelKind, traitsOfRun } from '../models/registry';
import { useModelScope, useScopedModel } from '../state/modelScope';
import { useTokenLimit } from '../state/tokenLimit';

export { LONG_TEXT_CHARS, TYPING_PAUSE_MS, type LabComputationState } from './labRunSource';

/**
 * The run for the current settings, with whether it is still catching up: the one computation of this lab store,
 * model scope and token limit (labRunSource), which every view on the page shares. Under a <RunScope> (each page
 * root: the lab, an embed, a custom element, a lesson's model scope) it is the scope's one subscription; a view drawn
 * alone (a test) subscribes itself.
 */
export function useLabComputationState(): LabComputationState {
  const scoped = useContext(RunContext);
  const own = useRunSubscription(scoped === null);
  return scoped ?? own;
}

/** The root's state, given to every view under a <RunScope>; null outside one. */
export const RunContext = createContext<LabComputationState | null>(null);

const QUIET_SUBSCRIBE = () => () => undefined;
const idleSnapshot = (): LabComputationState => IDLE_STATE;

/**
 * Subscribes to this page's run source (when `active`; a view under a <RunScope> reads the scope's instead and keeps
 * this hook idle) and draws a new long text in a deferred render.
 */
export function useRunSubscription(active: boolean): LabComputationState {
  const scope = useModelScope();
  const source = labRunSource(useLabStore(), scope, useTokenLimit());
  const kind = modelKind(useScopedModel(useLab((s) => s.model)));
  useEffect(() => {
    // Asking for a model that needs a file starts its download once per page; the stand-in runs until it has arrived.
    if (active) kind.ensureLoaded();
  }, [kind, active]);
  const getSnapshot = active ? source.getSnapshot : idleSnapshot;
  const state = useSyncExternalStore(active ? source.subscribe : QUIET_SUBSCRIBE, getSnapshot, getSnapshot);
  // A new text of over DEFERRED_RENDER_TOKENS tokens is drawn in a background render that yields to the browser (a
  // 300-token paste builds thousands of elements): the old drawing stays, marked pending, until the new one is
  // ready. Only a new text builds new elements: a toggle or a mask on the same tokens only repaints, and a shorter
  // run is faster drawn in the action's own render than in two. For those the deferred value stays null, so React
  // schedules no background render at all.
  const before = previousLabState(state);
  const sameTokens = before !== null && before.result.ok && state.result.ok && before.result.tokens === state.result.tokens;
  // The model's own arrival (its file decoded while the stand-in ran) builds every view anew as well.
  const newModel = before !== null && before.result.ok && state.result.ok && traitsOfRun(before.result) !== traitsOfRun(state.result);
  const big = state.result.ok && ((state.result.tokens.length > DEFERRED_RENDER_TOKENS && !sameTokens) || newModel);
  const deferred = useDeferredValue(big ? state : null);
  if (!big || deferred === state) return state;
  // Coming from a small run, the deferred value is null: what was drawn is the state this one replaced.
  const shown = deferred ?? before;
  return shown ? pendingOf(shown, state) : state;
}

/** What an idle subscription answers (never drawn: its view reads its scope's state). */
const IDLE_STATE: LabComputationState = { result: { ok: false, error: new EngineError('invalid-argument', 'No run outside a run scope.') }, pending: false };

/** Above this many tokens a new run is drawn in a deferred (interruptible) render. */
export const DEFERRED_RENDER_TOKENS = RUN_LIMITS.deferredRenderTokens;

const pendingStates = new WeakMap<LabComputationState, { readonly latest: LabComputationState; readonly value: LabComputationState }>();

/**
 * What is drawn (`shown`) while `latest` waits for its background render: marked pending, with the latest tokens for
 * the chips. The same object for the same pair, so views' memos hold.
 */
function pendingOf(shown: LabComputationState, latest: LabComputationState): LabComputationState {
  const cached = pendingStates.get(shown);
  if (cached?.latest === latest) return cached.value;
  const value = { ...shown, pending: true, heldTokens: latest.heldTokens ?? (latest.result.ok ? latest.result.tokens : undefined) };
  pendingStates.set(shown, { latest, value });
  return value;
}

export function useLabComputation(): LabResult {
  return useLabComputationState().result;
}

/** The shape of the model the views show: the run's when there is one (the trained model's), else the settings'. */
export function useModelShape(): { readonly numLayers: number; readonly numHeads: number; readonly embedDim: number } {
  const result = useLabComputation();
  const numLayers = useLab((s) => s.numLayers);
  const numHeads = useLab((s) => s.numHeads);
  const embedDim = useLab((s) => s.embedDim);
  if (!result.ok || result.layers.length === 0) return { numLayers, numHeads, embedDim };
  return { numLayers: result.layers.length, numHeads: result.layers[0].attention.heads.length, embedDim: result.input.cols };
}
