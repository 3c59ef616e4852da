import { headSetsPerLayer, maskSpecOf, type HeadId, type MaskChoice } from '../choices';
import { buildMask, type BlockedMask } from '../masks';

/**
 * Stage 2: the student's mask for `count` tokens, plus the causal one when `alsoCausal` (a decoder's own mask, which
 * the student's padding or custom cells add to); null when nothing is masked.
 */
export function maskStage(choice: MaskChoice, count: number, alsoCausal = false): BlockedMask | null {
  const spec = maskSpecOf(choice, count);
  return buildMask(count, count, alsoCausal ? { ...spec, causal: true } : spec);
}

/** Equal keys give the same mask (different keys may too: a padding index past the end; that mask is just rebuilt). */
export function maskKeyOf(choice: MaskChoice, count: number, alsoCausal = false): string {
  return `${alsoCausal ? 'causal+' : ''}${count}:${JSON.stringify(choice)}`;
}

/** The ablated heads as one set per layer, and a key equal exactly when two ablations are the same. */
export function ablationOf(heads: readonly HeadId[], numLayers: number, numHeads: number): { sets: Set<number>[]; key: string; any: boolean } {
  const sets = headSetsPerLayer(heads, numLayers, numHeads);
  const key = sets.map((s) => [...s].sort((a, b) => a - b).join(',')).join('|');
  return { sets, key, any: sets.some((s) => s.size > 0) };
}
