import { useDeferredValue, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { computeLab, type LabInputs, type LabResult } from './computeLab';
import { useLab } from './labStore';

/**
 * The engine's traces for the current settings. The inputs are deferred, so typing stays responsive while a
 * long sentence recomputes: React renders the new text first and the heatmaps when the result is ready.
 */
export function useLabComputation(): LabResult {
  const inputs: LabInputs = useLab(
    useShallow((s) => ({
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
    })),
  );
  const deferred = useDeferredValue(inputs);
  return useMemo(() => computeLab(deferred), [deferred]);
}
