import { scaledDotProductAttention, type AttentionTrace } from './attention';
import { EngineError } from './errors';
import { assertFinite, assertShape, assertVectorLength, concatCols, linear, sliceCols, type Matrix } from './matrix';
import type { BlockedMask } from './masks';
import { assertHeadsDivide } from './multiHead';

/**
 * Grouped-query attention (Ainslie et al. 2023): h query heads in g groups, each group sharing one key head and one
 * value head. g = h is ordinary multi-head attention; g = 1 is multi-query attention (Shazeer 2019).
 * Weights in PyTorch's orientation (out × in, y = x·Wᵀ + b), with E = embedDim = h·D and D = E / h:
 * W_q and W_o stay E × E; W_k and W_v shrink to (g·D) × E. An MhaParams is a valid value (g = h).
 */
export interface GqaWeights {
  readonly wQ: Matrix; // E × E
  readonly wK: Matrix; // (g·D) × E
  readonly wV: Matrix; // (g·D) × E
  readonly bQ: Float32Array; // E
  readonly bK: Float32Array; // g·D
  readonly bV: Float32Array; // g·D
  readonly wO: Matrix; // E × E
  readonly bO: Float32Array; // E
}

export interface GqaOptions {
  /** h, the number of query heads; it must divide the width E. */
  readonly numHeads: number;
  /** g, the number of key/value heads; it must divide h. */
  readonly numKvHeads: number;
  readonly mask?: BlockedMask | null;
}

/** Refuses a group count that cannot share h query heads out evenly: g must be a whole number from 1 to h that divides h. */
export function assertKvHeadsDivide(numHeads: number, numKvHeads: number): void {
  if (!Number.isInteger(numKvHeads) || numKvHeads < 1) {
    throw new EngineError('invalid-argument', `The number of key/value heads (${numKvHeads}) must be a positive whole number.`, { numHeads, numKvHeads });
  }
  if (!Number.isInteger(numHeads) || numHeads < 1 || numHeads % numKvHeads !== 0) {
    throw new EngineError(
      'invalid-argument',
      `${numKvHeads} key/value heads do not divide ${numHeads} query heads: every key/value head must serve an equal whole group of query heads.`,
      { numHeads, numKvHeads },
    );
  }
}

/** The key/value head that query head `queryHead` (0-based) reads: consecutive query heads share one, as in PyTorch's repeat_interleave. */
export function kvHeadOf(queryHead: number, numHeads: number, numKvHeads: number): number {
  assertKvHeadsDivide(numHeads, numKvHeads);
  return Math.floor(queryHead / (numHeads / numKvHeads));
}

/** What sharing saves, for one layer of width E with h query heads and g key/value heads of width D = E / h. */
export interface GqaCounts {
  readonly headDim: number;
  /** Query heads per key/value head, h / g. */
  readonly groupSize: number;
  /** Weights of W_k and W_v together (biases aside): 2·E·g·D. */
  readonly kvProjectionWeights: number;
  /** The same for ordinary multi-head attention, 2·E·h·D = 2·E². */
  readonly kvProjectionWeightsMha: number;
  /** Numbers the KV cache keeps per token and layer: a key and a value per key/value head, 2·g·D. */
  readonly kvCachePerToken: number;
  /** The same for ordinary multi-head attention, 2·h·D = 2·E. */
  readonly kvCachePerTokenMha: number;
}

export function groupedQueryCounts(embedDim: number, numHeads: number, numKvHeads: number): GqaCounts {
  assertHeadsDivide(embedDim, numHeads);
  assertKvHeadsDivide(numHeads, numKvHeads);
  const headDim = embedDim / numHeads;
  return {
    headDim,
    groupSize: numHeads / numKvHeads,
    kvProjectionWeights: 2 * embedDim * numKvHeads * headDim,
    kvProjectionWeightsMha: 2 * embedDim * numHeads * headDim,
    kvCachePerToken: 2 * numKvHeads * headDim,
    kvCachePerTokenMha: 2 * numHeads * headDim,
  };
}

export interface GqaTrace {
  /** Queries of all h heads side by side, [L × E]. */
  readonly q: Matrix;
  /** Keys and values of the g key/value heads side by side, [L × g·D] each: what a KV cache would keep. */
  readonly k: Matrix;
  readonly v: Matrix;
  /** One trace per query head, each computed on its own query slice and its group's key and value slices. */
  readonly heads: readonly AttentionTrace[];
  /** heads[i] read key/value head kvHeads[i]. */
  readonly kvHeads: readonly number[];
  /** Head outputs side by side, [L × E]. */
  readonly concat: Matrix;
  /** concat · W_oᵀ + b_o, [L × E]. */
  readonly output: Matrix;
}

function validate(x: Matrix, w: GqaWeights, numHeads: number, numKvHeads: number): void {
  const e = x.cols;
  assertHeadsDivide(e, numHeads);
  assertKvHeadsDivide(numHeads, numKvHeads);
  const kvWidth = numKvHeads * (e / numHeads);
  assertFinite(x, 'The input');
  for (const [name, m, rows] of [['W_q', w.wQ, e], ['W_k', w.wK, kvWidth], ['W_v', w.wV, kvWidth], ['W_o', w.wO, e]] as const) {
    assertShape(m, rows, e, name);
    assertFinite(m, name);
  }
  for (const [name, b, length] of [['b_q', w.bQ, e], ['b_k', w.bK, kvWidth], ['b_v', w.bV, kvWidth], ['b_o', w.bO, e]] as const) {
    assertVectorLength(b, length, name);
    assertFinite({ rows: 1, cols: length, data: b }, name);
  }
}

/**
 * Self-attention with h query heads sharing g key/value heads. x: [L × E] → output [L × E].
 * Query head i attends with its own D-wide slice of Q and the D-wide slices of K and V of key/value head
 * ⌊i / (h/g)⌋; the rest (concatenation, W_o) is multi-head attention unchanged.
 */
export function groupedQueryAttention(x: Matrix, weights: GqaWeights, options: GqaOptions): GqaTrace {
  const { numHeads, numKvHeads } = options;
  validate(x, weights, numHeads, numKvHeads);
  const d = x.cols / numHeads;
  const q = linear(x, weights.wQ, weights.bQ, 'W_q');
  const k = linear(x, weights.wK, weights.bK, 'W_k');
  const v = linear(x, weights.wV, weights.bV, 'W_v');
  const kvHeads = Array.from({ length: numHeads }, (_, i) => kvHeadOf(i, numHeads, numKvHeads));
  const heads = kvHeads.map((j, i) => scaledDotProductAttention(sliceCols(q, i * d, d), sliceCols(k, j * d, d), sliceCols(v, j * d, d), { mask: options.mask }));
  const concat = concatCols(heads.map((h) => h.output));
  return { q, k, v, heads, kvHeads, concat, output: linear(concat, weights.wO, weights.bO, 'W_o') };
}
