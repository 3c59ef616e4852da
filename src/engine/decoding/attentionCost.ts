import { EngineError } from '../errors';

/**
 * Multiply-adds of one self-attention layer of width E (any number of heads: H heads × D = E columns each), by part.
 * Only the matrix products are counted: the 1/√d scaling, the softmax's exponentials and the biases are O(t) or
 * O(t²) single operations, small beside them.
 */
export interface AttentionCost {
  /** x · W_qᵀ, x · W_kᵀ, x · W_vᵀ: E² per token and projection. */
  readonly projections: number;
  /** q · k for every (query, key) pair computed: E per pair (D per head, H heads). */
  readonly scores: number;
  /** weights · V: E per (query, key) pair. */
  readonly mixing: number;
  /** concat · W_oᵀ: E² per query. */
  readonly output: number;
  readonly total: number;
}

function checkSizes(t: number, embedDim: number): void {
  if (!Number.isInteger(t) || t < 1 || !Number.isInteger(embedDim) || embedDim < 1) {
    throw new EngineError('invalid-argument', `The length (${t}) and the width (${embedDim}) must be whole numbers ≥ 1.`);
  }
}

function cost(projections: number, scores: number, mixing: number, output: number): AttentionCost {
  return { projections, scores, mixing, output, total: projections + scores + mixing + output };
}

/**
 * Step t with a KV cache (the cache then holds t tokens): q, k, v of the new token only (3E²), its one row of
 * scores over t keys (tE), its one output row (tE) and W_o on it (E²): 4E² + 2tE, growing linearly in t.
 */
export function cachedStepCost(t: number, embedDim: number): AttentionCost {
  checkSizes(t, embedDim);
  const e = embedDim;
  return cost(3 * e * e, t * e, t * e, e * e);
}

/**
 * Step t without a cache: the whole causal attention over t tokens again, every row. Projections of all t tokens
 * (3tE²), the full t × t score matrix (t²E: a plain implementation, this engine's included, multiplies QKᵀ in full
 * and masks afterwards), weights · V (t²E) and W_o on every row (tE²): 4tE² + 2t²E.
 */
export function fullRecomputeCost(t: number, embedDim: number): AttentionCost {
  checkSizes(t, embedDim);
  const e = embedDim;
  return cost(3 * t * e * e, t * t * e, t * t * e, t * e * e);
}

/** The sum of `perStep(s, E)` for s = 1 … t: the work of generating t tokens one by one. */
export function cumulativeCost(t: number, embedDim: number, perStep: (t: number, embedDim: number) => AttentionCost): AttentionCost {
  checkSizes(t, embedDim);
  let projections = 0;
  let scores = 0;
  let mixing = 0;
  let output = 0;
  for (let s = 1; s <= t; s++) {
    const c = perStep(s, embedDim);
    projections += c.projections;
    scores += c.scores;
    mixing += c.mixing;
    output += c.output;
  }
  return cost(projections, scores, mixing, output);
}

/** Numbers the cache holds for one layer after t tokens: t rows of K and t of V, E each. */
export function kvCacheNumbers(t: number, embedDim: number): number {
  if (!Number.isInteger(t) || t < 0) throw new EngineError('invalid-argument', `The number of cached tokens must be a whole number ≥ 0, got ${t}.`);
  return 2 * t * embedDim;
}
