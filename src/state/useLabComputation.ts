import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { computeLab, type LabInputs, type LabResult } from './computeLab';
import { useLab, type LabState } from './labStore';
import { useTokenLimit } from './tokenLimit';

/** Past this many characters a keystroke waits for a pause before the whole model is recomputed. */
export const LONG_TEXT_CHARS = 300;
export const TYPING_PAUSE_MS = 180;

const selectInputs = (s: LabState): LabInputs => ({
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
});

function onlyTextDiffers(a: LabInputs, b: LabInputs): boolean {
  return a.text !== b.text && (Object.keys(a) as (keyof LabInputs)[]).every((k) => k === 'text' || a[k] === b[k]);
}

/**
 * The inputs the engine should run on now. Toggles and settings apply at once; typing in a long text is held
 * until the student pauses, so each keystroke paints immediately instead of waiting for a full recompute.
 */
function useScheduledInputs(inputs: LabInputs): LabInputs {
  const [settled, setSettled] = useState(inputs);
  const hold = inputs !== settled && inputs.text.length > LONG_TEXT_CHARS && onlyTextDiffers(inputs, settled);
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
  const inputs = useLab(useShallow(selectInputs));
  const scheduled = useScheduledInputs(inputs);
  const deferred = useDeferredValue(scheduled);
  const tokenLimit = useTokenLimit();
  const result = useMemo(() => computeLab(deferred, tokenLimit), [deferred, tokenLimit]);
  return { result, pending: deferred !== inputs };
}

export function useLabComputation(): LabResult {
  return useLabComputationState().result;
}
