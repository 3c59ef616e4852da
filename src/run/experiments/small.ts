import {
  averageHeadWeights,
  defaultLayerNorm,
  fromRows,
  layerNorm,
  maskedSoftmax,
  maskFromRows,
  scaledDotProductAttention,
  sinusoidalPositionalEncoding,
  transpose,
  type BlockedMask,
  type Matrix,
  type MhaTrace,
} from '../../engine';
import { kvCacheRun, type KvCacheRun, type KvCacheRunConfig } from '../../engine/decoding';
import { dotProductStats, entropyCurve, rankCollapseCurves, softmaxEntropyStats, type DotProductStats, type EntropyStats, type RankCollapseCurves } from '../../engine/experiments';

// The lesson widgets' (and the walkthrough's) own small experiments: each a function of plain params (numbers,
// strings, arrays of them, matrices), returning plain data. The table in ./table.ts names them.

// ── √d_k (walkthrough and lesson 3) ────────────────────────────────────────────────────────────────────────────

/** Softmax entropy, scaled and unscaled, for every d_k of `dks`, from seeded random rows of `rowLength` keys. */
export function entropyCurveOf({ dks, rowLength }: { readonly dks: readonly number[]; readonly rowLength: number }): EntropyStats[] {
  return entropyCurve(dks, rowLength);
}

/** Var(q·k) with and without ÷√d_k over `samples` seeded random pairs. */
export function dotProductStatsOf({ dk, samples }: { readonly dk: number; readonly samples: number }): DotProductStats {
  return dotProductStats(dk, samples);
}

/** Softmax entropy at one d_k. */
export function softmaxEntropyOf({ dk, rowLength }: { readonly dk: number; readonly rowLength: number }): EntropyStats {
  return softmaxEntropyStats(dk, rowLength);
}

export interface UnscaledParams {
  /** One head's Q [L × d_k], K [L × d_k] and V [L × d_v], and the run's mask. */
  readonly q: Matrix;
  readonly k: Matrix;
  readonly v: Matrix;
  readonly mask: BlockedMask | null;
}

/** A head's weights as plain data. */
export interface HeadWeights {
  /** [query × key]; a fully masked row is all zeros. */
  readonly weights: Matrix;
  readonly fullyMaskedRows: readonly number[];
}

/** The same head without ÷√d_k: softmax(QKᵀ) under the run's mask. */
export function unscaledAttention({ q, k, v, mask }: UnscaledParams): HeadWeights {
  const trace = scaledDotProductAttention(q, k, v, { mask, scale: false });
  return { weights: trace.weights, fullyMaskedRows: trace.fullyMaskedRows };
}

// ── Residual connections (walkthrough and lesson 7) ────────────────────────────────────────────────────────────

export interface RankCollapseParams {
  /** The tokens' vectors entering the stack [L × E] (the walkthrough layer's input). */
  readonly input: Matrix;
  readonly depth: number;
  readonly numHeads: number;
  readonly seed: number;
}

/** Mean pairwise cosine similarity after each of `depth` random layers, residuals on and off. */
export function rankCollapseOf({ input, depth, numHeads, seed }: RankCollapseParams): RankCollapseCurves {
  return rankCollapseCurves(input, { depth, numHeads, seed });
}

// ── Masking (lesson 4) ─────────────────────────────────────────────────────────────────────────────────────────

export interface HeadAverageParams {
  /** Every head's weights of one layer, [L × L] each (the run's own matrices). */
  readonly weights: readonly Matrix[];
  /** Heads left out of the average (switched off), 0-based. */
  readonly disabledHeads: readonly number[];
}

/** The average of the active heads' weights (the engine's averageHeadWeights: the same float32 sums as the lab). */
export function headAverage({ weights, disabledHeads }: HeadAverageParams): Matrix {
  // averageHeadWeights reads only each head's `weights` and the set of disabled heads.
  const heads = weights.map((w) => ({ weights: w })) as unknown as MhaTrace['heads'];
  return averageHeadWeights({ heads, disabledHeads: new Set(disabledHeads) });
}

export interface EngineRow {
  readonly weights: number[];
  /** The engine's own report (maskedSoftmax's fullyMaskedRows contains this row). */
  readonly fullyMasked: boolean;
}

/** This app's engine on one row of scores: maskedSoftmax skips blocked keys; a row with none left is all zeros and reported. */
export function engineSoftmax({ scores, blocked }: { readonly scores: readonly number[]; readonly blocked: readonly boolean[] }): EngineRow {
  const logits: Matrix = { rows: 1, cols: scores.length, data: Float32Array.from(scores) };
  const { weights, fullyMaskedRows } = maskedSoftmax(logits, maskFromRows([blocked]));
  return { weights: Array.from(weights.data), fullyMasked: fullyMaskedRows.includes(0) };
}

// ── Vector drag (lesson 1) ─────────────────────────────────────────────────────────────────────────────────────

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Attended {
  /** q·k_i per key. */
  readonly scores: readonly number[];
  /** softmax of the scores; they sum to 1. */
  readonly weights: readonly number[];
  /** Σ weights_i · k_i. */
  readonly output: Point;
}

/** One query over 2-D keys: dot-product scores, their softmax (the engine's maskedSoftmax, no mask), each key its own value. */
export function attend({ query, keys }: { readonly query: Point; readonly keys: readonly Point[] }): Attended {
  const scores = keys.map((k) => query.x * k.x + query.y * k.y);
  const weights = Array.from(maskedSoftmax(fromRows([scores]), null).weights.data);
  const output = keys.reduce((acc, k, i) => ({ x: acc.x + weights[i] * k.x, y: acc.y + weights[i] * k.y }), { x: 0, y: 0 });
  return { scores, weights, output };
}

// ── Q, K, V by hand (lesson 2) ─────────────────────────────────────────────────────────────────────────────────

export interface QkvTrace {
  readonly scores: Matrix;
  readonly scaled: Matrix;
  readonly weights: Matrix;
  readonly output: Matrix;
}

/** The engine's scaledDotProductAttention on typed rows of Q, K and V. */
export function qkvAttention({ q, k, v }: { readonly q: readonly (readonly number[])[]; readonly k: readonly (readonly number[])[]; readonly v: readonly (readonly number[])[] }): QkvTrace {
  const trace = scaledDotProductAttention(fromRows(q, 'Q'), fromRows(k, 'K'), fromRows(v, 'V'));
  return { scores: trace.scores, scaled: trace.scaled, weights: trace.weights, output: trace.output };
}

// ── LayerNorm vs BatchNorm (lesson 7) ──────────────────────────────────────────────────────────────────────────

export const NORM_EPS = 1e-5;

/** Each row to mean 0, variance 1 over its features (the engine's LayerNorm). */
export function layerNormRows(x: Matrix, eps = NORM_EPS): Matrix {
  return layerNorm(x, defaultLayerNorm(x.cols, eps));
}

/** Each column to mean 0, variance 1 over the rows (BatchNorm's training-mode statistics). */
export function batchNormColumns(x: Matrix, eps = NORM_EPS): Matrix {
  return transpose(layerNorm(transpose(x), defaultLayerNorm(x.rows, eps)));
}

/** Both norms of one matrix. */
export function normsOf({ x }: { readonly x: Matrix }): { readonly ln: Matrix; readonly bn: Matrix } {
  return { ln: layerNormRows(x), bn: batchNormColumns(x) };
}

// ── Positional encoding (lesson 9) ─────────────────────────────────────────────────────────────────────────────

/** The sinusoidal table [positions × d]. */
export function positionalTable({ positions, d }: { readonly positions: number; readonly d: number }): Matrix {
  return sinusoidalPositionalEncoding(positions, d);
}

// ── KV cache (lesson 12) ───────────────────────────────────────────────────────────────────────────────────────

/** `text` fed token by token through the demo layer with a KV cache (engine/decoding's kvCacheRun). */
export function kvCacheDemo({ text, config }: { readonly text: string; readonly config: KvCacheRunConfig }): KvCacheRun {
  return kvCacheRun(text, config);
}
