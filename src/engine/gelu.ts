/*
 * The feed-forward networks' activations. ReLU is the original Transformer's; GPT-2 uses GELU, x·Φ(x) with Φ the
 * standard normal CDF, either exactly (PyTorch's nn.GELU()) or through its tanh approximation
 * (nn.GELU(approximate="tanh"), GPT-2's own). Φ(x) = (1 + erf(x/√2)) / 2, so the exact one needs erf.
 */

/** Which activation a feed-forward network applies between its two linear maps. */
export type Activation = 'relu' | 'gelu' | 'gelu_tanh';

const TWO_OVER_SQRT_PI = 2 / Math.sqrt(Math.PI);
const ONE_OVER_SQRT_PI = 1 / Math.sqrt(Math.PI);
// Below this |x| the series converges fast and without cancellation; above it the continued fraction does.
const SERIES_LIMIT = 2.5;
// erfc(6) ≈ 2e-17: past it erf is ±1 in double precision.
const SATURATION = 6;

/**
 * erf(x) = 2/√π · e^(−x²) · Σₙ 2ⁿ x^(2n+1) / (1·3·…·(2n+1)) (Abramowitz–Stegun 7.1.6). Every term is positive, so
 * nothing cancels; for |x| ≤ 2.5 about 40 terms reach double precision.
 */
function erfSeries(x: number): number {
  const x2 = x * x;
  let term = x;
  let sum = x;
  for (let n = 1; n < 200 && Math.abs(term) > 1e-17 * Math.abs(sum); n++) {
    term *= (2 * x2) / (2 * n + 1);
    sum += term;
  }
  return TWO_OVER_SQRT_PI * Math.exp(-x2) * sum;
}

/**
 * erfc(x) for x ≥ 2.5 by its continued fraction (A&S 7.1.14), e^(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …)))),
 * evaluated with the modified Lentz method; it converges in a few dozen steps there.
 */
function erfcContinuedFraction(x: number): number {
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let n = 1; n < 500; n++) {
    const a = n / 2;
    d = x + a * d;
    d = Math.abs(d) < tiny ? tiny : d;
    c = x + a / c;
    c = Math.abs(c) < tiny ? tiny : c;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return (ONE_OVER_SQRT_PI * Math.exp(-x * x)) / f;
}

/** The error function, accurate to about 1e-15 everywhere (double precision; the engine stores float32). */
export function erf(x: number): number {
  if (Number.isNaN(x)) return NaN;
  const ax = Math.abs(x);
  if (ax >= SATURATION) return Math.sign(x);
  const value = ax < SERIES_LIMIT ? erfSeries(ax) : 1 - erfcContinuedFraction(ax);
  return x < 0 ? -value : value;
}

/** Exact GELU: x·Φ(x) = x/2 · (1 + erf(x/√2)). */
export function gelu(x: number): number {
  return 0.5 * x * (1 + erf(x * Math.SQRT1_2));
}

const SQRT_2_OVER_PI = Math.sqrt(2 / Math.PI);

/** GPT-2's approximation: x/2 · (1 + tanh(√(2/π) · (x + 0.044715·x³))). */
export function geluTanh(x: number): number {
  return 0.5 * x * (1 + Math.tanh(SQRT_2_OVER_PI * (x + 0.044715 * x * x * x)));
}

/** Applies `activation` to every value, in place (the hidden layer is a fresh matrix nobody else holds). */
export function activateInPlace(values: Float32Array, activation: Activation): void {
  switch (activation) {
    case 'relu':
      for (let i = 0; i < values.length; i++) if (values[i] < 0) values[i] = 0;
      return;
    case 'gelu':
      for (let i = 0; i < values.length; i++) values[i] = gelu(values[i]);
      return;
    case 'gelu_tanh':
      for (let i = 0; i < values.length; i++) values[i] = geluTanh(values[i]);
      return;
  }
}
