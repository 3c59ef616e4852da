import type { BlockedMask, Matrix } from '../../engine';

/*
 * Which cells of a run's map are blocked (the mask's, and every −∞ logit), as runs per row: what every heatmap
 * renderer hatches (canvas, SVG, export). Asked here, not found in the view: a run's mask is one object shared by its
 * heads and kept across head toggles, so its runs are found once per mask and size and every map of it reads them (a
 * toggle lays out 19 heatmaps of one mask; a 512-token causal mask is 262,144 cells to scan).
 *
 *   isBlockedAt(matrix, mask, i)    one cell, flat index i = q·cols + k
 *   blockedRuns(matrix, mask)       the runs [q, kFrom, kTo), found afresh
 *   blockedShape(matrix, mask)      the runs and a key naming them, kept per mask object and size; null: none blocked
 */

/** Blocked cells of one row merged into a run: [q, kFrom, kTo). A causal mask of n rows is n − 1 runs. */
export type BlockedRun = readonly [number, number, number];

/** True when the cell at flat index i is blocked: by the mask, or because its logit is −∞ (a `masked` matrix). */
export function isBlockedAt(matrix: Matrix, mask: BlockedMask | null | undefined, i: number): boolean {
  return (mask != null && mask.blocked[i] === 1) || matrix.data[i] === -Infinity;
}

/** Blocked cells merged into horizontal runs per row, [q, kFrom, kTo). */
export function blockedRuns(matrix: Matrix, mask: BlockedMask | null | undefined): [number, number, number][] {
  const runs: [number, number, number][] = [];
  for (let q = 0; q < matrix.rows; q++) {
    let start = -1;
    for (let k = 0; k <= matrix.cols; k++) {
      const blocked = k < matrix.cols && isBlockedAt(matrix, mask, q * matrix.cols + k);
      if (blocked && start < 0) start = k;
      else if (!blocked && start >= 0) {
        runs.push([q, start, k]);
        start = -1;
      }
    }
  }
  return runs;
}

/** A map's blocked runs and a key naming them: two maps of one shape have the same key exactly when the same cells are blocked. */
export interface BlockedShape {
  readonly runs: readonly BlockedRun[];
  readonly key: string;
}

// Per mask object, by size (rows × cols): goes with the run (a WeakMap).
const shapes = new WeakMap<BlockedMask, Map<string, BlockedShape | null>>();

/** The blocked runs of `matrix` under `mask`, and their key; null when nothing is blocked. Kept per mask and size. */
export function blockedShape(matrix: Matrix, mask: BlockedMask | null | undefined): BlockedShape | null {
  const size = `${matrix.rows}x${matrix.cols}`;
  // A matrix's own −∞ cells (masked scores) are blocked too: a shape kept for the mask alone may not cover them.
  const keyed = mask != null && !matrix.data.includes(-Infinity);
  const kept = keyed ? shapes.get(mask)?.get(size) : undefined;
  if (kept !== undefined) return kept;
  const runs = blockedRuns(matrix, mask);
  const shape = runs.length === 0 ? null : { runs, key: runs.map((r) => r.join(',')).join(';') };
  if (keyed) {
    const bySize = shapes.get(mask) ?? new Map<string, BlockedShape | null>();
    bySize.set(size, shape);
    shapes.set(mask, bySize);
  }
  return shape;
}
