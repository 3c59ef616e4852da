import { useEffect, useSyncExternalStore } from 'react';
import type { LabResult } from './computeLab';
import { useLab, useLabStore } from './labStore';
import { labRunSource, type LabComputationState } from './labRunSource';
import { ensureTrainedModel } from './lmModelStore';
import { useModelScope } from './modelScope';
import { useTokenLimit } from './tokenLimit';

export { LONG_TEXT_CHARS, TYPING_PAUSE_MS, type LabComputationState } from './labRunSource';

/**
 * The engine's traces for the current settings, with whether they are still catching up: read from the one
 * computation of this lab store and model scope (labRunSource), which every view on the page shares.
 */
export function useLabComputationState(): LabComputationState {
  const scope = useModelScope();
  const source = labRunSource(useLabStore(), scope, useTokenLimit());
  const wantsTrained = useLab((s) => (scope === 'settings' ? s.model : scope) === 'trained');
  useEffect(() => {
    // Asking for the trained model starts its download once per page; the untrained runs until it has arrived.
    if (wantsTrained) void ensureTrainedModel();
  }, [wantsTrained]);
  return useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot);
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
