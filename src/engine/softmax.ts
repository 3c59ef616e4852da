import { zeros, type Matrix } from './matrix';
import type { BlockedMask } from './masks';

export interface MaskedSoftmaxResult {
  /** Same shape as the logits; every row sums to 1, or is all zeros when fully masked. */
  readonly weights: Matrix;
  /** Row indices whose every key was blocked. torch.softmax gives NaN there (so do nn.MultiheadAttention's weights); we give zeros, as F.scaled_dot_product_attention has since PyTorch 2.5, and say so. */
  readonly fullyMaskedRows: readonly number[];
}

/**
 * Row-wise softmax that ignores blocked entries. Stable for any logit size: the row's largest unblocked
 * logit is subtracted before exp, so the largest term is exp(0) = 1 and nothing overflows.
 */
export function maskedSoftmax(logits: Matrix, mask: BlockedMask | null): MaskedSoftmaxResult {
  const { rows, cols } = logits;
  const weights = zeros(rows, cols);
  const fullyMaskedRows: number[] = [];
  const exps = new Float64Array(cols);
  for (let r = 0; r < rows; r++) {
    const base = r * cols;
    let max = -Infinity;
    for (let c = 0; c < cols; c++) {
      if (mask && mask.blocked[base + c]) continue;
      const v = logits.data[base + c];
      if (v > max) max = v;
    }
    if (max === -Infinity) {
      fullyMaskedRows.push(r);
      continue;
    }
    let sum = 0;
    for (let c = 0; c < cols; c++) {
      const e = mask && mask.blocked[base + c] ? 0 : Math.exp(logits.data[base + c] - max);
      exps[c] = e;
      sum += e;
    }
    for (let c = 0; c < cols; c++) weights.data[base + c] = exps[c] / sum;
  }
  return { weights, fullyMaskedRows };
}

/** Plain softmax of one vector, for lessons that show a single row. */
export function softmaxVector(values: readonly number[]): number[] {
  const max = Math.max(...values);
  const exps = values.map((v) => Math.exp(v - max));
  const sum = exps.reduce((s, e) => s + e, 0);
  return exps.map((e) => e / sum);
}
