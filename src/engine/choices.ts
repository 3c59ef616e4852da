import type { MaskSpec } from './masks';

/*
 * What a student switches, in the engine's terms and counted from 0. These are independent of the sentence's
 * length: a padding token or a blocked cell beyond the last token is kept in the settings and simply not applied,
 * so shortening and lengthening the text brings it back.
 */

/** One head of the model. */
export interface HeadId {
  readonly layer: number;
  readonly head: number;
}

/** A blocked query → key cell of a custom mask. */
export interface MaskCell {
  readonly query: number;
  readonly key: number;
}

/** The mask a student chose. The causal one is a decoder's own; padding blocks keys; custom blocks single cells. */
export type MaskChoice =
  | { readonly kind: 'none' }
  | { readonly kind: 'causal' }
  | { readonly kind: 'padding'; readonly tokens: readonly number[] }
  | { readonly kind: 'custom'; readonly cells: readonly MaskCell[] };

export const NO_MASK: MaskChoice = { kind: 'none' };

const isIndexBelow = (i: number, n: number): boolean => Number.isInteger(i) && i >= 0 && i < n;

/** The choice as buildMask reads it for `count` tokens; indices beyond the sentence are ignored. */
export function maskSpecOf(choice: MaskChoice, count: number): MaskSpec {
  switch (choice.kind) {
    case 'causal':
      return { causal: true };
    case 'padding': {
      const padding = Array.from({ length: count }, (_, i) => choice.tokens.includes(i));
      return padding.some(Boolean) ? { keyPadding: padding } : {};
    }
    case 'custom': {
      const custom = Array.from({ length: count }, () => new Array<boolean>(count).fill(false));
      let any = false;
      for (const { query, key } of choice.cells) {
        if (isIndexBelow(query, count) && isIndexBelow(key, count)) {
          custom[query][key] = true;
          any = true;
        }
      }
      return any ? { custom } : {};
    }
    default:
      return {};
  }
}

/** Disabled heads as one set of head indices per layer; heads outside the model (a stale link) are ignored. */
export function headSetsPerLayer(heads: readonly HeadId[], numLayers: number, numHeads: number): Set<number>[] {
  const sets = Array.from({ length: numLayers }, () => new Set<number>());
  for (const { layer, head } of heads) if (isIndexBelow(layer, numLayers) && isIndexBelow(head, numHeads)) sets[layer].add(head);
  return sets;
}

export const sameHead = (a: HeadId, b: HeadId): boolean => a.layer === b.layer && a.head === b.head;
export const sameCell = (a: MaskCell, b: MaskCell): boolean => a.query === b.query && a.key === b.key;
