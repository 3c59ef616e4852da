import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { ensureTrainedModel, lmModelStore } from './lmModelStore';
import { useScopedModel } from './modelScope';
import { computeLab, type LabInputs, type LabResult } from './computeLab';
import { useLab, type LabState } from './labStore';
import { useTokenLimit } from './tokenLimit';

/** Past this many characters a keystroke waits for a pause before the whole model is recomputed. */
export const LONG_TEXT_CHARS = 300;
export const TYPING_PAUSE_MS = 180;

const selectInputs = (s: LabState): LabInputs => ({
  model: s.model,
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
});

function onlyTextDiffers(a: LabInputs, b: LabInputs): boolean {
  return a.text !== b.text && (Object.keys(a) as (keyof LabInputs)[]).every((k) => k === 'text' || a[k] === b[k]);
}

/**
 * The inputs the engine should run on now. Toggles and settings apply at once; typing in a long text (`long`) is
 * held until the student pauses, so each keystroke paints immediately instead of waiting for a full recompute.
 */
function useScheduledInputs(inputs: LabInputs, long: boolean): LabInputs {
  const [settled, setSettled] = useState(inputs);
  const hold = long && inputs !== settled && onlyTextDiffers(inputs, settled);
  // Not holding: adopt the new inputs during render (React's pattern for state derived from props).
  if (!hold && settled !== inputs) setSettled(inputs);
  useEffect(() => {
    if (!hold) return;
    const id = setTimeout(() => setSettled(inputs), TYPING_PAUSE_MS);
    return () => clearTimeout(id);
  }, [inputs, hold]);
  return hold ? settled : inputs;
}

export interface LabComputationState {
  readonly result: LabResult;
  /** True while what is drawn lags behind the settings (typing in a long text, or a deferred render). */
  readonly pending: boolean;
}

/** The engine's traces for the current settings, with whether they are still catching up. */
export function useLabComputationState(): LabComputationState {
  const chosen = useLab(useShallow(selectInputs));
  const model = useScopedModel(chosen.model);
  const inputs = useMemo(() => (model === chosen.model ? chosen : { ...chosen, model }), [chosen, model]);
  const trained = useTrainedModel(model === 'trained');
  // The trained model reads at most its context (128 tokens), so its run is short whatever the text's length: it is
  // never held back. The untrained encoder reads up to MAX_TOKENS, and a long text's keystrokes wait for a pause.
  const long = trained === null && inputs.text.length > LONG_TEXT_CHARS;
  const scheduled = useScheduledInputs(inputs, long);
  // Only a new long text is computed in a deferred render (the old result stays on screen meanwhile). A head toggle,
  // a mask or a short text is computed and drawn in the click's own render: deferring it cost a second render and a
  // second paint of every panel, the first with the old numbers. Short of a long text the deferred value stays null,
  // so React schedules no background render either.
  const deferred = useDeferredValue(long ? scheduled : null);
  const used = deferred !== null && deferred.text !== scheduled.text ? deferred : scheduled;
  const tokenLimit = useTokenLimit();
  const result = useMemo(() => computeLab(used, tokenLimit, trained), [used, tokenLimit, trained]);
  return { result, pending: used !== inputs };
}

/** The loaded language model when `wanted` (asking for it starts the download once), else null. */
function useTrainedModel(wanted: boolean) {
  const state = useStore(lmModelStore);
  useEffect(() => {
    if (wanted) void ensureTrainedModel();
  }, [wanted]);
  return wanted && state.status === 'ready' ? state.trained.model : null;
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
