import { EngineError } from '../errors';

/**
 * Adam (Kingma & Ba 2015) over one flat vector of parameters, the same arithmetic as torch.optim.Adam with
 * default options (no weight decay, no amsgrad):
 *   m ← β1·m + (1 − β1)·g,   v ← β2·v + (1 − β2)·g²,
 *   p ← p − (lr / (1 − β1^t)) · m / (√v / √(1 − β2^t) + ε)
 * The trainer keeps all weights in one Float64Array, so one loop updates the whole model.
 */
export interface AdamState {
  /** Steps taken so far (t of the bias correction). */
  step: number;
  readonly beta1: number;
  readonly beta2: number;
  readonly epsilon: number;
  /** First and second moment estimates, one per parameter. */
  readonly m: Float64Array;
  readonly v: Float64Array;
}

export interface AdamOptions {
  readonly beta1?: number;
  readonly beta2?: number;
  readonly epsilon?: number;
}

export function createAdam(size: number, options: AdamOptions = {}): AdamState {
  if (!Number.isSafeInteger(size) || size < 0) {
    throw new EngineError('invalid-argument', `Adam needs a whole number of parameters, but got ${size}.`);
  }
  const { beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8 } = options;
  for (const [name, value] of [['beta1', beta1], ['beta2', beta2]] as const) {
    if (!(value >= 0 && value < 1)) throw new EngineError('invalid-argument', `Adam's ${name} must be in [0, 1), but it is ${value}.`);
  }
  if (!(epsilon > 0)) throw new EngineError('invalid-argument', `Adam's epsilon must be positive, but it is ${epsilon}.`);
  return { step: 0, beta1, beta2, epsilon, m: new Float64Array(size), v: new Float64Array(size) };
}

/** One Adam update of `params` in place, from the gradient `grads` of the loss with respect to them. */
export function adamStep(state: AdamState, params: Float64Array, grads: Float64Array | Float32Array, lr: number): void {
  const n = state.m.length;
  if (params.length !== n || grads.length !== n) {
    throw new EngineError('shape-mismatch', `Adam was made for ${n} parameters but got ${params.length} parameters and ${grads.length} gradients.`);
  }
  if (!Number.isFinite(lr) || lr < 0) throw new EngineError('invalid-argument', `The learning rate must be a finite number ≥ 0, but it is ${lr}.`);
  state.step += 1;
  const { beta1, beta2, epsilon, m, v } = state;
  const stepSize = lr / (1 - Math.pow(beta1, state.step));
  const sqrtCorrection2 = Math.sqrt(1 - Math.pow(beta2, state.step));
  for (let i = 0; i < n; i++) {
    const g = grads[i];
    m[i] = beta1 * m[i] + (1 - beta1) * g;
    v[i] = beta2 * v[i] + (1 - beta2) * g * g;
    params[i] -= (stepSize * m[i]) / (Math.sqrt(v[i]) / sqrtCorrection2 + epsilon);
  }
}

/**
 * The learning rate of step `step` (counting from 1): linear warm-up lr/W, 2·lr/W, …, lr over the first W steps,
 * then constant. W = 0 means no warm-up.
 */
export function warmupLearningRate(step: number, settings: { readonly learningRate: number; readonly warmupSteps: number }): number {
  if (!Number.isSafeInteger(step) || step < 1) throw new EngineError('invalid-argument', `Steps count from 1, but got step ${step}.`);
  const { learningRate, warmupSteps } = settings;
  if (warmupSteps <= 0 || step >= warmupSteps) return learningRate;
  return (learningRate * step) / warmupSteps;
}

/**
 * Scales `grads` in place so that their global L2 norm is at most `maxNorm` (maxNorm 0 = no clipping), exactly as
 * torch.nn.utils.clip_grad_norm_ does (factor maxNorm / (norm + 1e-6), applied only when below 1).
 * Returns the norm before clipping, which the trainer reports.
 */
export function clipGlobalNorm(grads: Float64Array | Float32Array, maxNorm: number): number {
  if (!Number.isFinite(maxNorm) || maxNorm < 0) throw new EngineError('invalid-argument', `The clipping norm must be ≥ 0 (0 = off), but it is ${maxNorm}.`);
  let sumSquares = 0;
  for (let i = 0; i < grads.length; i++) sumSquares += grads[i] * grads[i];
  const norm = Math.sqrt(sumSquares);
  if (maxNorm > 0) {
    const factor = maxNorm / (norm + 1e-6);
    if (factor < 1) for (let i = 0; i < grads.length; i++) grads[i] *= factor;
  }
  return norm;
}
