import { EngineError } from '../errors';
import { assertFinite, zeros, type Matrix } from '../matrix';
import { finishMultiHeadAttention, projectQkv, validateMhaParams, type MhaParams } from '../multiHead';

/**
 * What a decoder keeps between generation steps for one attention layer: the key and value rows of every token so
 * far, [t × E] each (head h owns columns h·D … (h+1)·D − 1, as in multiHead.ts). Queries are never kept: each is
 * used once, by its own step.
 */
export interface KvCache {
  readonly keys: Matrix;
  readonly values: Matrix;
}

/** A cache holding no token yet, for a layer of width `embedDim`. */
export function emptyKvCache(embedDim: number): KvCache {
  return { keys: zeros(0, embedDim), values: zeros(0, embedDim) };
}

/** One head's attention for the newest query: weights [t] over the cached keys (sum 1), output = weights · V [D]. */
export interface CachedAttention {
  readonly weights: Float32Array;
  readonly output: Float32Array;
}

/** Everything one cached step computed, for the newest token x_t. */
export interface KvCacheStep {
  /** The cache after this step: one more row of keys and one more of values than before. */
  readonly cache: KvCache;
  /** q_t, k_t, v_t: the new token's projections, [E] each (all heads side by side). */
  readonly query: Float32Array;
  readonly key: Float32Array;
  readonly value: Float32Array;
  /** Per head: the new query's weights over all t cached keys and its output, [D]. */
  readonly heads: readonly CachedAttention[];
  /** The heads' outputs side by side, [E]. */
  readonly concat: Float32Array;
  /** concat · W_oᵀ + b_o, [E]: the new token's row of the layer's attention output. */
  readonly output: Float32Array;
}

/** `m` with `values` added as its last row (a new matrix: a step never changes the cache it was given). */
function withRow(m: Matrix, values: Float32Array): Matrix {
  const data = new Float32Array((m.rows + 1) * m.cols);
  data.set(m.data);
  data.set(values, m.rows * m.cols);
  return { rows: m.rows + 1, cols: m.cols, data };
}

const asRow = (v: Float32Array): Matrix => ({ rows: 1, cols: v.length, data: v });

/**
 * One decoding step of multi-head self-attention with a KV cache: project only the new token x_t [E] to q_t, k_t, v_t,
 * append k_t and v_t to the cache, and let q_t attend over every cached row. Row t of a full causal attention over
 * x_1 … x_t, without recomputing rows 1 … t − 1 (tests/engine/decoding checks it within 1e-6).
 */
export function kvCacheStep(cache: KvCache, x: Float32Array, params: MhaParams): KvCacheStep {
  validateMhaParams(params);
  const e = params.embedDim;
  if (x.length !== e) throw new EngineError('shape-mismatch', `The new token has ${x.length} features but the layer is ${e} wide.`);
  if (cache.keys.cols !== e || cache.values.cols !== e) {
    throw new EngineError('shape-mismatch', `The cache is ${cache.keys.cols} wide but the layer is ${e} wide.`);
  }
  const input = asRow(x);
  assertFinite(input, 'The new token');
  // The full computation's own stages on one row instead of t: projectQkv, then attendHeads + combineHeads over the
  // cache. No mask: the cache holds only the past and the present, so every key may be read.
  const { q, k, v } = projectQkv(input, input, params);
  const next: KvCache = { keys: withRow(cache.keys, k.data), values: withRow(cache.values, v.data) };
  const attended = finishMultiHeadAttention({ q, k: next.keys, v: next.values }, params);
  const heads = attended.heads.map((head) => ({ weights: head.weights.data, output: head.output.data }));
  return { cache: next, query: q.data, key: k.data, value: v.data, heads, concat: attended.concat.data, output: attended.output.data };
}

/** Feeds the rows of x [n × E] one at a time through kvCacheStep, from an empty cache: step i is token i's. */
export function decodeWithKvCache(x: Matrix, params: MhaParams): KvCacheStep[] {
  const steps: KvCacheStep[] = [];
  let cache = emptyKvCache(params.embedDim);
  for (let i = 0; i < x.rows; i++) {
    const step = kvCacheStep(cache, x.data.subarray(i * x.cols, (i + 1) * x.cols), params);
    steps.push(step);
    cache = step.cache;
  }
  return steps;
}
