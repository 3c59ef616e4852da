import { assertVectorLength, zeros, type Matrix } from './matrix';

export interface LayerNormParams {
  readonly weight: Float32Array; // E (gain γ)
  readonly bias: Float32Array; // E (shift β)
  readonly eps: number;
}

export function defaultLayerNorm(features: number, eps = 1e-5): LayerNormParams {
  return { weight: new Float32Array(features).fill(1), bias: new Float32Array(features), eps };
}

/**
 * Normalises each token (row) over its features: (x − mean) / √(var + ε) · γ + β, with the biased variance
 * as PyTorch uses. Unlike BatchNorm it never mixes tokens, so it works for one sentence at a time.
 */
export function layerNorm(x: Matrix, params: LayerNormParams): Matrix {
  assertVectorLength(params.weight, x.cols, 'LayerNorm weight');
  assertVectorLength(params.bias, x.cols, 'LayerNorm bias');
  const out = zeros(x.rows, x.cols);
  const n = x.cols;
  for (let r = 0; r < x.rows; r++) {
    const base = r * n;
    let mean = 0;
    for (let c = 0; c < n; c++) mean += x.data[base + c];
    mean /= n;
    let variance = 0;
    for (let c = 0; c < n; c++) {
      const d = x.data[base + c] - mean;
      variance += d * d;
    }
    variance /= n;
    const inv = 1 / Math.sqrt(variance + params.eps);
    for (let c = 0; c < n; c++) out.data[base + c] = (x.data[base + c] - mean) * inv * params.weight[c] + params.bias[c];
  }
  return out;
}
