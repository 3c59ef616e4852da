import { EngineError } from '../errors';
import { assertFinite, linear, zeros, type Matrix } from '../matrix';
import { headDim, validateMhaParams, type MhaParams } from '../multiHead';

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

/** One head's attention for the newest query: weights [t] over the cached keys (sum 1), output = weights · V [d_v]. */
export interface CachedAttention {
  readonly weights: Float32Array;
  readonly output: Float32Array;
}

/** Which columns of the cache one head reads: keys from … from + q's width − 1, values from … from + valueWidth − 1. */
export interface HeadColumns {
  readonly from: number;
  readonly valueWidth: number;
}

/**
 * softmax(q · Kᵀ / √d) · V for one query over cached keys and values. No mask: the cache holds only the past and the
 * present, so every key may be read. q: [d], keys: [t × ≥ d], values: [t × ≥ d_v]; by default the whole cache (one
 * head), or the head's columns of a multi-head cache.
 */
export function attendCached(query: Float32Array, keys: Matrix, values: Matrix, columns: HeadColumns = { from: 0, valueWidth: values.cols }): CachedAttention {
  const t = keys.rows;
  const width = query.length;
  const { from, valueWidth } = columns;
  if (t === 0) throw new EngineError('empty-input', 'The cache holds no key yet: append the new token’s key before attending.');
  if (values.rows !== t) throw new EngineError('shape-mismatch', `The cache holds ${t} keys but ${values.rows} values: there must be one value per key.`);
  if (from < 0 || from + width > keys.cols || from + valueWidth > values.cols) {
    throw new EngineError('shape-mismatch', `A query of width ${width} (values ${valueWidth} wide) cannot read columns from ${from} of a cache of ${keys.cols} key and ${values.cols} value columns.`);
  }
  const scale = 1 / Math.sqrt(width);
  const scores = new Float64Array(t);
  let max = -Infinity;
  for (let j = 0; j < t; j++) {
    const base = j * keys.cols + from;
    let s = 0;
    for (let p = 0; p < width; p++) s += query[p] * keys.data[base + p];
    scores[j] = s * scale;
    if (scores[j] > max) max = scores[j];
  }
  let sum = 0;
  for (let j = 0; j < t; j++) {
    scores[j] = Math.exp(scores[j] - max); // the largest term is exp(0) = 1: nothing overflows
    sum += scores[j];
  }
  const weights = new Float32Array(t);
  const output = new Float64Array(valueWidth);
  for (let j = 0; j < t; j++) {
    const w = scores[j] / sum;
    weights[j] = w;
    const base = j * values.cols + from;
    for (let p = 0; p < valueWidth; p++) output[p] += w * values.data[base + p];
  }
  return { weights, output: Float32Array.from(output) };
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
  // The same `linear` as the full computation (projectQkv), on one row instead of t.
  const query = linear(input, params.wQ, params.bQ, 'W_q').data;
  const key = linear(input, params.wK, params.bK, 'W_k').data;
  const value = linear(input, params.wV, params.bV, 'W_v').data;
  const next: KvCache = { keys: withRow(cache.keys, key), values: withRow(cache.values, value) };
  const d = headDim(params);
  const heads: CachedAttention[] = [];
  const concat = new Float32Array(e);
  for (let h = 0; h < params.numHeads; h++) {
    const head = attendCached(query.subarray(h * d, (h + 1) * d), next.keys, next.values, { from: h * d, valueWidth: d });
    heads.push(head);
    concat.set(head.output, h * d);
  }
  const output = linear(asRow(concat), params.wO, params.bO, 'W_o').data;
  return { cache: next, query, key, value, heads, concat, output };
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
