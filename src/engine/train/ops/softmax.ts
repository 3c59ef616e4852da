/**
 * Softmax of one row of `n` scores starting at `offset`, skipping blocked entries (mask[maskOffset + j] = 1):
 * a blocked entry gets probability exactly 0, and a row with every entry blocked gets all zeros (as
 * src/engine/softmax.ts; PyTorch would give NaN). The largest unblocked score is subtracted before exp.
 */
export function softmaxRowForward(
  scores: Float64Array,
  offset: number,
  n: number,
  mask: Uint8Array | null,
  maskOffset: number,
  probs: Float64Array,
): void {
  let max = -Infinity;
  for (let j = 0; j < n; j++) {
    if (mask !== null && mask[maskOffset + j] === 1) continue;
    const v = scores[offset + j];
    if (v > max) max = v;
  }
  if (max === -Infinity) {
    for (let j = 0; j < n; j++) probs[offset + j] = 0;
    return;
  }
  let sum = 0;
  for (let j = 0; j < n; j++) {
    const e = mask !== null && mask[maskOffset + j] === 1 ? 0 : Math.exp(scores[offset + j] - max);
    probs[offset + j] = e;
    sum += e;
  }
  const inv = 1 / sum;
  for (let j = 0; j < n; j++) probs[offset + j] *= inv;
}

/**
 * dscore_j = p_j·(dp_j − Σ_k p_k·dp_k), for the row of probabilities at probs[probOffset …] and its gradient at
 * dProbs[gradOffset …]. Blocked entries have p = 0 and so get gradient 0, and a fully blocked row (all p = 0) gets
 * zeros. WRITES dScores at gradOffset; dScores may be dProbs.
 */
export function softmaxRowBackward(
  probs: Float64Array,
  probOffset: number,
  dProbs: Float64Array,
  gradOffset: number,
  n: number,
  dScores: Float64Array,
): void {
  let dot = 0;
  for (let j = 0; j < n; j++) dot += probs[probOffset + j] * dProbs[gradOffset + j];
  for (let j = 0; j < n; j++) dScores[gradOffset + j] = probs[probOffset + j] * (dProbs[gradOffset + j] - dot);
}
