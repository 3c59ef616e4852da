import { headSetsPerLayer, maskSpecOf, type HeadId, type MaskChoice, type MaskSpec } from '../engine';
import type { LabSettings } from './labStore';

// The lab's ablation and mask settings, turned into what the engine reads.

/** The mask the student chose, independent of the sentence's length. */
export function maskChoiceOf(inputs: Pick<LabSettings, 'maskMode' | 'paddingTokens' | 'customMask'>): MaskChoice {
  switch (inputs.maskMode) {
    case 'causal':
      return { kind: 'causal' };
    case 'padding':
      return { kind: 'padding', tokens: inputs.paddingTokens };
    case 'custom':
      return { kind: 'custom', cells: inputs.customMask };
    default:
      return { kind: 'none' };
  }
}

/** Disabled heads as sets per layer, ignoring entries outside the model (stale URL or settings). */
export function disabledHeadSets(heads: readonly HeadId[], numLayers: number, numHeads: number): Set<number>[] {
  return headSetsPerLayer(heads, numLayers, numHeads);
}

/** The mask the student chose, for `count` tokens; indices beyond the sentence are ignored. */
export function maskSpecFor(inputs: Pick<LabSettings, 'maskMode' | 'paddingTokens' | 'customMask'>, count: number): MaskSpec {
  return maskSpecOf(maskChoiceOf(inputs), count);
}
