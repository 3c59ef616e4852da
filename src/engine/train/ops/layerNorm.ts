/**
 * LayerNorm over the last axis of [rows × E]: y = x̂·γ + β with x̂ = (x − mean) / √(var + ε), biased variance
 * (as PyTorch). The forward keeps x̂ [rows × E] and 1/√(var + ε) [rows] for the backward.
 */
export function layerNormForward(
  x: Float64Array,
  rows: number,
  width: number,
  gamma: Float64Array,
  beta: Float64Array,
  eps: number,
  normalized: Float64Array,
  invStd: Float64Array,
  y: Float64Array,
): void {
  for (let r = 0; r < rows; r++) {
    const base = r * width;
    let mean = 0;
    for (let c = 0; c < width; c++) mean += x[base + c];
    mean /= width;
    let variance = 0;
    for (let c = 0; c < width; c++) {
      const d = x[base + c] - mean;
      variance += d * d;
    }
    const inv = 1 / Math.sqrt(variance / width + eps);
    invStd[r] = inv;
    for (let c = 0; c < width; c++) {
      const xn = (x[base + c] - mean) * inv;
      normalized[base + c] = xn;
      y[base + c] = xn * gamma[c] + beta[c];
    }
  }
}

/**
 * ADDS dL/dγ = Σ dy·x̂ and dL/dβ = Σ dy; WRITES dx = (1/σ)·(g − mean(g) − x̂·mean(g·x̂)) with g = dy·γ, the
 * LayerNorm gradient with the mean and the variance both depending on x. dx may not be dy.
 */
export function layerNormBackward(
  dy: Float64Array,
  rows: number,
  width: number,
  gamma: Float64Array,
  normalized: Float64Array,
  invStd: Float64Array,
  dGamma: Float64Array,
  dBeta: Float64Array,
  dx: Float64Array,
): void {
  for (let r = 0; r < rows; r++) {
    const base = r * width;
    let meanG = 0;
    let meanGx = 0;
    for (let c = 0; c < width; c++) {
      const d = dy[base + c];
      const xn = normalized[base + c];
      dGamma[c] += d * xn;
      dBeta[c] += d;
      const g = d * gamma[c];
      meanG += g;
      meanGx += g * xn;
    }
    meanG /= width;
    meanGx /= width;
    const inv = invStd[r];
    for (let c = 0; c < width; c++) dx[base + c] = inv * (dy[base + c] * gamma[c] - meanG - normalized[base + c] * meanGx);
  }
}
