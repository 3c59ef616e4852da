/**
 * Token embedding plus the sinusoidal positional encoding, for B sequences of T tokens.
 * table [V × E], positions [T × E] (a constant: no parameter, its gradient just passes through), out [B·T × E].
 */
export function embedForward(
  tokens: Int32Array,
  tokenCount: number,
  seqLen: number,
  table: Float64Array,
  positions: Float64Array,
  width: number,
  out: Float64Array,
): void {
  for (let n = 0; n < tokenCount; n++) {
    const row = tokens[n] * width;
    const pos = (n % seqLen) * width;
    const o = n * width;
    for (let c = 0; c < width; c++) out[o + c] = table[row + c] + positions[pos + c];
  }
}

/** ADDS dL/dtable: each token's row collects the gradient of every place it appears (PE adds no parameter). */
export function embedBackward(tokens: Int32Array, tokenCount: number, dOut: Float64Array, width: number, dTable: Float64Array): void {
  for (let n = 0; n < tokenCount; n++) {
    const row = tokens[n] * width;
    const o = n * width;
    for (let c = 0; c < width; c++) dTable[row + c] += dOut[o + c];
  }
}
