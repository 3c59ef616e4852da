import { zeros, type BlockedMask, type Matrix } from '../../engine';

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
  const best = out.data;
  // |best| so far per block; −1: no open cell yet. Row by row, each row's stretch of a block in a local loop: that
  // visits each block's cells in the order a block-by-block loop would, so ties and NaN resolve the same (the first
  // open value, then a strictly larger |v|; a NaN taken first stays), and reads the matrix once, in order.
  const bestAbs = new Float64Array(rows * cols).fill(-1);
  const data = matrix.data;
  const n = matrix.cols;
  const blockedCells = mask?.blocked ?? null;
  for (let q = 0; q < matrix.rows; q++) {
    const rowStart = q * n;
    const blockRow = Math.floor(q / factor) * cols;
    for (let c = 0; c < cols; c++) {
      const o = blockRow + c;
      let abs = bestAbs[o];
      let value = best[o];
      const end = rowStart + Math.min(n, (c + 1) * factor);
      for (let i = rowStart + c * factor; i < end; i++) {
        if (blockedCells !== null && blockedCells[i] === 1) continue;
        const v = data[i];
        if (v === -Infinity) continue;
        const a = v < 0 ? -v : v;
        if (a > abs || (abs === -1 && a !== a)) {
          abs = a;
          value = v;
        }
      }
      bestAbs[o] = abs;
      best[o] = value;
    }
  }
  const blocked = new Uint8Array(rows * cols);
  let anyBlocked = false;
  for (let o = 0; o < blocked.length; o++) {
    if (bestAbs[o] === -1) {
      blocked[o] = 1;
      anyBlocked = true;
    }
  }
  return { matrix: out, mask: anyBlocked ? { queries: rows, keys: cols, blocked } : null };
}
