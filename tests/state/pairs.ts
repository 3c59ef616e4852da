import type { HeadId, MaskCell } from '../../src/engine';

/*
 * Typed pairs for tests, written as short [a, b] tuples: heads([0, 1], [1, 0]) is off=0-1,1-0 in a link.
 */

export const heads = (...pairs: readonly (readonly [number, number])[]): HeadId[] => pairs.map(([layer, head]) => ({ layer, head }));
export const cells = (...pairs: readonly (readonly [number, number])[]): MaskCell[] => pairs.map(([query, key]) => ({ query, key }));

/** `n` distinct cells, row by row over the 512 × 512 grid. */
export const allCells = (n: number): MaskCell[] => Array.from({ length: n }, (_, i) => ({ query: Math.floor(i / 512), key: i % 512 }));
