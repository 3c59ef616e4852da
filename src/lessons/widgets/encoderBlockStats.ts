import { add, type EncoderLayerTrace, type Matrix } from '../../engine';

// The stages of one encoder block, in the order the data flows, each with the matrix it produces, and the
// per-token statistics the encoder-block widget prints (LayerNorm brings every token to mean 0, std 1).

export type StageId = 'input' | 'mha' | 'add1' | 'ln1' | 'ffn' | 'add2' | 'ln2';

export interface Stage {
  readonly id: StageId;
  /** What this stage outputs, [tokens × d_model]. */
  readonly matrix: Matrix;
}

/**
 * Post-LN (the original): input → MHA → add → LN₁ → FFN → add → LN₂.
 * Pre-LN: input → LN₁ → MHA → add → LN₂ → FFN → add (no norm at the end of the block).
 */
export function encoderStages(layer: EncoderLayerTrace): Stage[] {
  if (layer.normFirst) {
    return [
      { id: 'input', matrix: layer.input },
      { id: 'ln1', matrix: layer.attentionInput },
      { id: 'mha', matrix: layer.attention.output },
      { id: 'add1', matrix: layer.afterAttention },
      { id: 'ln2', matrix: layer.ffnInput },
      { id: 'ffn', matrix: layer.ffn.output },
      { id: 'add2', matrix: layer.output },
    ];
  }
  return [
    { id: 'input', matrix: layer.input },
    { id: 'mha', matrix: layer.attention.output },
    { id: 'add1', matrix: add(layer.input, layer.attention.output) },
    { id: 'ln1', matrix: layer.afterAttention },
    { id: 'ffn', matrix: layer.ffn.output },
    { id: 'add2', matrix: add(layer.afterAttention, layer.ffn.output) },
    { id: 'ln2', matrix: layer.output },
  ];
}

export interface TokenStats {
  /** Average over tokens of each token's mean over its features. */
  readonly mean: number;
  /** Largest |mean| of any one token. */
  readonly maxAbsMean: number;
  /** Average over tokens of each token's standard deviation over its features (population, as LayerNorm uses). */
  readonly std: number;
  readonly minStd: number;
  readonly maxStd: number;
}

/** Per-token (row) mean and standard deviation, summarised over the tokens. Needs at least one row and column. */
export function tokenStats(m: Matrix): TokenStats {
  let meanSum = 0;
  let stdSum = 0;
  let maxAbsMean = 0;
  let minStd = Infinity;
  let maxStd = -Infinity;
  for (let r = 0; r < m.rows; r++) {
    let mean = 0;
    for (let c = 0; c < m.cols; c++) mean += m.data[r * m.cols + c];
    mean /= m.cols;
    let variance = 0;
    for (let c = 0; c < m.cols; c++) variance += (m.data[r * m.cols + c] - mean) ** 2;
    const std = Math.sqrt(variance / m.cols);
    meanSum += mean;
    stdSum += std;
    maxAbsMean = Math.max(maxAbsMean, Math.abs(mean));
    minStd = Math.min(minStd, std);
    maxStd = Math.max(maxStd, std);
  }
  return { mean: meanSum / m.rows, maxAbsMean, std: stdSum / m.rows, minStd, maxStd };
}
