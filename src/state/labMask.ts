import { headSetsPerLayer, maskSpecOf, type HeadId, type MaskCell, type MaskChoice, type MaskSpec } from '../engine';
import type { LabSettings } from './labStore';

// The lab's ablation and mask settings, turned into what the engine reads.

// TODO(typed pairs): the store still holds "layer-head" / "query-key" strings; these two readers go once it holds HeadId / MaskCell.
function pairs(keys: readonly string[]): [number, number][] {
  return keys.map((key) => key.split('-').map(Number) as [number, number]);
}
export const headIdsOf = (keys: readonly string[]): HeadId[] => pairs(keys).map(([layer, head]) => ({ layer, head }));
export const maskCellsOf = (keys: readonly string[]): MaskCell[] => pairs(keys).map(([query, key]) => ({ query, key }));

/** The mask the student chose, independent of the sentence's length. */
export function maskChoiceOf(inputs: Pick<LabSettings, 'maskMode' | 'paddingTokens' | 'customMask'>): MaskChoice {
  switch (inputs.maskMode) {
    case 'causal':
      return { kind: 'causal' };
    case 'padding':
      return { kind: 'padding', tokens: inputs.paddingTokens };
    case 'custom':
      return { kind: 'custom', cells: maskCellsOf(inputs.customMask) };
    default:
      return { kind: 'none' };
  }
}

/** Disabled heads as sets per layer, ignoring entries outside the model (stale URL or settings). */
export function disabledHeadSets(keys: readonly string[], numLayers: number, numHeads: number): Set<number>[] {
  return headSetsPerLayer(headIdsOf(keys), numLayers, numHeads);
}

/** The mask the student chose, for `count` tokens; indices beyond the sentence are ignored. */
export function maskSpecFor(inputs: Pick<LabSettings, 'maskMode' | 'paddingTokens' | 'customMask'>, count: number): MaskSpec {
  return maskSpecOf(maskChoiceOf(inputs), count);
}
