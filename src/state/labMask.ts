import type { MaskSpec } from '../engine';
import type { LabSettings } from './labStore';

// The lab's ablation and mask choices, turned into what the engine reads.

/** Disabled heads as sets per layer, ignoring entries outside the model (stale URL or settings). */
export function disabledHeadSets(keys: readonly string[], numLayers: number, numHeads: number): Set<number>[] {
  const sets = Array.from({ length: numLayers }, () => new Set<number>());
  for (const key of keys) {
    const [layer, head] = key.split('-').map(Number);
    if (Number.isInteger(layer) && Number.isInteger(head) && layer >= 0 && layer < numLayers && head >= 0 && head < numHeads) sets[layer].add(head);
  }
  return sets;
}

/** The mask the student chose, for `count` tokens; indices beyond the sentence are ignored. */
export function maskSpecFor(inputs: Pick<LabSettings, 'maskMode' | 'paddingTokens' | 'customMask'>, count: number): MaskSpec {
  switch (inputs.maskMode) {
    case 'causal':
      return { causal: true };
    case 'padding': {
      const padding = Array.from({ length: count }, (_, i) => inputs.paddingTokens.includes(i));
      return padding.some(Boolean) ? { keyPadding: padding } : {};
    }
    case 'custom': {
      const custom = Array.from({ length: count }, () => new Array<boolean>(count).fill(false));
      let any = false;
      for (const cell of inputs.customMask) {
        const [q, k] = cell.split('-').map(Number);
        if (Number.isInteger(q) && Number.isInteger(k) && q >= 0 && q < count && k >= 0 && k < count) {
          custom[q][k] = true;
          any = true;
        }
      }
      return any ? { custom } : {};
    }
    default:
      return {};
  }
}
