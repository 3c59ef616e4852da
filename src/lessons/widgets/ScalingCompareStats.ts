import type { Matrix } from '../../engine';
import { entropy } from '../../engine/experiments';

/** How peaked one row of attention weights is. */
export interface RowPeak {
  /** The largest weight (1/L for uniform, 1 for one-hot). */
  readonly max: number;
  /** Shannon entropy in nats (ln L for uniform, 0 for one-hot). */
  readonly entropy: number;
}

export interface PeakStats {
  readonly rows: readonly RowPeak[];
  /** Means over the rows that have at least one key (fully masked rows are all zeros and left out). */
  readonly meanMax: number;
  readonly meanEntropy: number;
}

/** Per-row max weight and entropy of a [query × key] weight matrix, and their means. */
export function peakStats(weights: Matrix, fullyMaskedRows: readonly number[]): PeakStats {
  const rows: RowPeak[] = [];
  let sumMax = 0;
  let sumEntropy = 0;
  let counted = 0;
  for (let r = 0; r < weights.rows; r++) {
    const row = weights.data.subarray(r * weights.cols, (r + 1) * weights.cols);
    let max = 0;
    for (const w of row) if (w > max) max = w;
    const peak = { max, entropy: entropy(row) };
    rows.push(peak);
    if (fullyMaskedRows.includes(r)) continue;
    sumMax += peak.max;
    sumEntropy += peak.entropy;
    counted++;
  }
  return { rows, meanMax: counted ? sumMax / counted : 0, meanEntropy: counted ? sumEntropy / counted : 0 };
}
