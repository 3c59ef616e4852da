import { zeros, type BlockedMask, type Matrix } from '../../engine';
import { isBlockedAt } from './heatmapModel';

export interface Pooled {
  readonly matrix: Matrix;
  readonly mask: BlockedMask | null;
}

/**
 * Shrinks a [query × key] matrix to at most `maxSide` cells a side for a thumbnail, keeping each block's strongest
 * value (largest |v|), so a sharp attention link stays visible instead of being averaged away. A block counts as
 * masked only when every cell in it is masked. Matrices already small enough come back unchanged.
 */
export function poolForThumbnail(matrix: Matrix, mask: BlockedMask | null, maxSide: number): Pooled {
  const factor = Math.ceil(Math.max(matrix.rows, matrix.cols) / Math.max(1, maxSide));
  if (factor <= 1) return { matrix, mask };
  const rows = Math.ceil(matrix.rows / factor);
  const cols = Math.ceil(matrix.cols / factor);
  const out = zeros(rows, cols);
  const blocked = new Uint8Array(rows * cols);
  let anyBlocked = false;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      let best = 0;
      let open = false;
      for (let q = r * factor; q < Math.min(matrix.rows, (r + 1) * factor); q++) {
        for (let k = c * factor; k < Math.min(matrix.cols, (c + 1) * factor); k++) {
          const i = q * matrix.cols + k;
          if (isBlockedAt(matrix, mask, i)) continue;
          const v = matrix.data[i];
          if (!open || Math.abs(v) > Math.abs(best)) best = v;
          open = true;
        }
      }
      out.data[r * cols + c] = best;
      if (!open) {
        blocked[r * cols + c] = 1;
        anyBlocked = true;
      }
    }
  }
  return { matrix: out, mask: anyBlocked ? { queries: rows, keys: cols, blocked } : null };
}
