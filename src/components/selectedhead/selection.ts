import type { EncoderLayerTrace } from '../../engine';
import type { HeadChoice } from '../../state/labStore';

export interface ResolvedSelection {
  readonly layer: number;
  readonly head: HeadChoice;
}

/**
 * The store's selectedLayer / selectedHead kept inside the model that was computed (a stale URL or a smaller model
 * can point past it): the layer and head are clamped, 'average' stays 'average'. null when there are no layers.
 */
export function resolveSelection(layers: readonly EncoderLayerTrace[], layer: number, head: HeadChoice): ResolvedSelection | null {
  if (layers.length === 0) return null;
  const l = clampIndex(layer, layers.length);
  if (head === 'average') return { layer: l, head };
  return { layer: l, head: clampIndex(head, layers[l].attention.heads.length) };
}

function clampIndex(i: number, length: number): number {
  return Number.isInteger(i) ? Math.max(0, Math.min(length - 1, i)) : 0;
}
