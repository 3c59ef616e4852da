import { EngineError } from './errors';
import { assertFinite, matmul, matmulTransposedB, shapeOf, zeros, type Matrix } from './matrix';
import { emptyMask, type BlockedMask } from './masks';
import { maskedSoftmax } from './softmax';

/*
 * The other ways of scoring a query against a key (Luong et al. 2015; Bahdanau et al. 2014). Every score function
 * takes the queries as rows, q: [queries × d_q], the keys as rows, k: [keys × d_k], and returns a score matrix
 * [queries × keys]; `attendWithScores` turns any of them into weights with maskedSoftmax and mixes the values.
 *
 * Positions. Luong numbers source positions s = 1 … S and target positions t = 1 … T, and his predicted position
 * p_t = S·sigmoid(…) lies in (0, S) on that scale. The window functions below use the same numbering: key index j
 * (0-based, as everywhere else in the engine) sits at position s = j + 1, query index i at t = i + 1. Since only
 * differences s − t and s − p_t matter, local-m is the same whichever way one counts; local-p needs the 1-based
 * scale for p_t = S·sigmoid(…) to cover the sentence.
 */

function checkWidths(q: Matrix, k: Matrix, what: string): void {
  if (q.cols !== k.cols) {
    throw new EngineError('shape-mismatch', `Q is ${shapeOf(q)} and K is ${shapeOf(k)}: ${what} needs queries and keys of the same width.`, {
      q: shapeOf(q),
      k: shapeOf(k),
    });
  }
}

/** Luong "dot": score(q_i, k_j) = q_iᵀ k_j. q: [n × d], k: [m × d] → [n × m]. */
export function dotScores(q: Matrix, k: Matrix): Matrix {
  checkWidths(q, k, 'the dot score');
  return matmulTransposedB(q, k, 'Q', 'K');
}

/** Vaswani's scaled dot: q_iᵀ k_j / √d. q: [n × d], k: [m × d] → [n × m]. */
export function scaledDotScores(q: Matrix, k: Matrix): Matrix {
  checkWidths(q, k, 'the scaled dot score');
  const s = matmulTransposedB(q, k, 'Q', 'K');
  const factor = q.cols === 0 ? 1 : 1 / Math.sqrt(q.cols);
  for (let i = 0; i < s.data.length; i++) s.data[i] *= factor;
  return s;
}

/**
 * Luong "general", also called bilinear or "generalized" attention: q_iᵀ W k_j, a learned form that generalises the
 * dot product (W = I gives it back). q: [n × d_q], k: [m × d_k], w: [d_q × d_k] → [n × m].
 */
export function generalScores(q: Matrix, k: Matrix, w: Matrix): Matrix {
  if (w.rows !== q.cols || w.cols !== k.cols) {
    throw new EngineError(
      'shape-mismatch',
      `W is ${shapeOf(w)} but Q is ${shapeOf(q)} and K is ${shapeOf(k)}: the general score qᵀWk needs W to be d_q × d_k = ${q.cols}×${k.cols}.`,
      { w: shapeOf(w), q: shapeOf(q), k: shapeOf(k) },
    );
  }
  const qw = matmul(q, w, 'Q', 'W'); // [n × d_k]: row i is q_iᵀ W
  return matmulTransposedB(qw, k, 'QW', 'K');
}

/** Bahdanau's additive score vᵀ tanh(W₁ q + W₂ k). w1: [a × d_q], w2: [a × d_k], v: [a]. */
export interface AdditiveParams {
  readonly w1: Matrix;
  readonly w2: Matrix;
  readonly v: Float32Array;
}

/** Luong's concat score vᵀ tanh(W [q; k]). w: [a × (d_q + d_k)], v: [a]. */
export interface ConcatParams {
  readonly w: Matrix;
  readonly v: Float32Array;
}

/**
 * Bahdanau (additive): e_ij = vᵀ tanh(W₁ q_i + W₂ k_j), with the decoder state as the query and the encoder states as
 * keys. W₁q_i and W₂k_j are computed once per row ([n × a] and [m × a]), then combined for every pair.
 * q: [n × d_q], k: [m × d_k] → [n × m].
 */
export function additiveScores(q: Matrix, k: Matrix, params: AdditiveParams): Matrix {
  const { w1, w2, v } = params;
  const a = v.length;
  if (w1.rows !== a || w1.cols !== q.cols) {
    throw new EngineError('shape-mismatch', `W₁ is ${shapeOf(w1)} but Q is ${shapeOf(q)} and v has ${a} values: W₁ must be a × d_q = ${a}×${q.cols}.`, {
      w1: shapeOf(w1),
      q: shapeOf(q),
    });
  }
  if (w2.rows !== a || w2.cols !== k.cols) {
    throw new EngineError('shape-mismatch', `W₂ is ${shapeOf(w2)} but K is ${shapeOf(k)} and v has ${a} values: W₂ must be a × d_k = ${a}×${k.cols}.`, {
      w2: shapeOf(w2),
      k: shapeOf(k),
    });
  }
  const qa = matmulTransposedB(q, w1, 'Q', 'W₁'); // [n × a]: row i is (W₁ q_i)ᵀ
  const ka = matmulTransposedB(k, w2, 'K', 'W₂'); // [m × a]: row j is (W₂ k_j)ᵀ
  const out = zeros(q.rows, k.rows);
  for (let i = 0; i < q.rows; i++) {
    for (let j = 0; j < k.rows; j++) {
      let s = 0;
      for (let c = 0; c < a; c++) s += v[c] * Math.tanh(qa.data[i * a + c] + ka.data[j * a + c]);
      out.data[i * k.rows + j] = s;
    }
  }
  return out;
}

/**
 * Luong (concat): score = vᵀ tanh(W [q_i; k_j]), computed literally on the stacked vector [q_i; k_j] of length
 * d_q + d_k. Since W [q; k] = W₁ q + W₂ k for W = [W₁ W₂], it equals additiveScores with that split (see
 * `concatToAdditive`; a test checks). q: [n × d_q], k: [m × d_k] → [n × m].
 */
export function concatScores(q: Matrix, k: Matrix, params: ConcatParams): Matrix {
  const { w, v } = params;
  const a = v.length;
  const width = q.cols + k.cols;
  if (w.rows !== a || w.cols !== width) {
    throw new EngineError(
      'shape-mismatch',
      `W is ${shapeOf(w)} but Q is ${shapeOf(q)}, K is ${shapeOf(k)} and v has ${a} values: W must be a × (d_q + d_k) = ${a}×${width}.`,
      { w: shapeOf(w), q: shapeOf(q), k: shapeOf(k) },
    );
  }
  const out = zeros(q.rows, k.rows);
  const stacked = new Float64Array(width); // [q_i; k_j]
  for (let i = 0; i < q.rows; i++) {
    for (let c = 0; c < q.cols; c++) stacked[c] = q.data[i * q.cols + c];
    for (let j = 0; j < k.rows; j++) {
      for (let c = 0; c < k.cols; c++) stacked[q.cols + c] = k.data[j * k.cols + c];
      let s = 0;
      for (let r = 0; r < a; r++) {
        let h = 0;
        for (let c = 0; c < width; c++) h += w.data[r * width + c] * stacked[c];
        s += v[r] * Math.tanh(h);
      }
      out.data[i * k.rows + j] = s;
    }
  }
  return out;
}

/** Splits Luong's W [a × (d_q + d_k)] into Bahdanau's W₁ = its first d_q columns and W₂ = the rest. */
export function concatToAdditive(params: ConcatParams, queryWidth: number): AdditiveParams {
  const { w, v } = params;
  if (!Number.isInteger(queryWidth) || queryWidth < 0 || queryWidth > w.cols) {
    throw new EngineError('invalid-argument', `W is ${shapeOf(w)}: cannot split it after column ${queryWidth}.`);
  }
  const dk = w.cols - queryWidth;
  const w1 = zeros(w.rows, queryWidth);
  const w2 = zeros(w.rows, dk);
  for (let r = 0; r < w.rows; r++) {
    w1.data.set(w.data.subarray(r * w.cols, r * w.cols + queryWidth), r * queryWidth);
    w2.data.set(w.data.subarray(r * w.cols + queryWidth, (r + 1) * w.cols), r * dk);
  }
  return { w1, w2, v };
}

/**
 * Luong's location-based scores: a_t = softmax(W_a h_t) reads only the query, never the keys' content. W_a has one
 * row per source position, so it works only for a fixed number S of source positions.
 * q: [n × d_q], wa: [S × d_q] → [n × S].
 */
export function locationScores(q: Matrix, wa: Matrix): Matrix {
  if (wa.cols !== q.cols) {
    throw new EngineError('shape-mismatch', `W_a is ${shapeOf(wa)} but Q is ${shapeOf(q)}: W_a must be S × d_q, with d_q = ${q.cols} columns.`, {
      wa: shapeOf(wa),
      q: shapeOf(q),
    });
  }
  return matmulTransposedB(q, wa, 'Q', 'W_a');
}

function checkHalfWidth(halfWidth: number, allowZero: boolean): void {
  if (!Number.isInteger(halfWidth) || halfWidth < 0 || (!allowZero && halfWidth === 0)) {
    throw new EngineError('invalid-argument', `The window half-width D must be a whole number ${allowZero ? '≥ 0' : '≥ 1'}, got ${halfWidth}.`, {
      d: String(halfWidth),
    });
  }
}

/**
 * A window around each query's centre: key position s (= key index + 1) is blocked (true) unless
 * |s − centre| ≤ D, i.e. s ∈ [p − D, p + D]. centres: one 1-based position per query → mask [queries × keys].
 * A row whose window holds no key (a centre far past the end) is fully blocked; maskedSoftmax gives it zeros.
 */
export function windowMask(centres: readonly number[], keys: number, halfWidth: number): BlockedMask {
  checkHalfWidth(halfWidth, true);
  const mask = emptyMask(centres.length, keys);
  centres.forEach((p, i) => {
    if (!Number.isFinite(p)) throw new EngineError('not-finite', `The window centre of query ${i} is ${p}; it must be a finite number.`, { row: i });
    for (let j = 0; j < keys; j++) mask.blocked[i * keys + j] = Math.abs(j + 1 - p) <= halfWidth ? 0 : 1;
  });
  return mask;
}

/** Luong local-m: p_t = t (source and target assumed roughly aligned), so query t sees keys with |s − t| ≤ D. */
export function localMMask(queries: number, keys: number, halfWidth: number): BlockedMask {
  return windowMask(
    Array.from({ length: queries }, (_, i) => i + 1),
    keys,
    halfWidth,
  );
}

/** Luong local-p's position predictor: p_t = S·sigmoid(v_pᵀ tanh(W_p h_t)). wp: [a × d_q], vp: [a]. */
export interface PositionParams {
  readonly wp: Matrix;
  readonly vp: Float32Array;
}

/** p_t for every query, on Luong's 1-based scale: each lies in (0, S). q: [n × d_q] → n numbers. */
export function predictivePositions(q: Matrix, params: PositionParams, sourceLength: number): number[] {
  const { wp, vp } = params;
  if (wp.rows !== vp.length || wp.cols !== q.cols) {
    throw new EngineError(
      'shape-mismatch',
      `W_p is ${shapeOf(wp)} and v_p has ${vp.length} values but Q is ${shapeOf(q)}: W_p must be a × d_q = ${vp.length}×${q.cols}.`,
      { wp: shapeOf(wp), q: shapeOf(q) },
    );
  }
  if (!Number.isInteger(sourceLength) || sourceLength < 1) {
    throw new EngineError('invalid-argument', `The source length S must be a whole number ≥ 1, got ${sourceLength}.`);
  }
  assertFinite(q, 'Q');
  const hidden = matmulTransposedB(q, wp, 'Q', 'W_p'); // [n × a]
  const a = vp.length;
  return Array.from({ length: q.rows }, (_, i) => {
    let z = 0;
    for (let c = 0; c < a; c++) z += vp[c] * Math.tanh(hidden.data[i * a + c]);
    return sourceLength / (1 + Math.exp(-z));
  });
}

/** Luong local-p's Gaussian factor exp(−(s − p)² / (2σ²)) with σ = D/2: 1 at s = p, exp(−1/2) one σ away. */
export function gaussianFactor(s: number, centre: number, halfWidth: number): number {
  checkHalfWidth(halfWidth, false);
  const sigma = halfWidth / 2;
  return Math.exp(-((s - centre) ** 2) / (2 * sigma * sigma));
}

export interface LocalPResult {
  /** p_t per query, 1-based (as given). */
  readonly centres: readonly number[];
  readonly sigma: number;
  /** Keys outside [p_t − D, p_t + D], [queries × keys], true = blocked. */
  readonly mask: BlockedMask;
  /** align(h_t, h̄_s): softmax of the scores over the window only, [queries × keys]; rows sum to 1 (0 if the window is empty). */
  readonly align: Matrix;
  /** exp(−(s − p_t)²/(2σ²)) inside the window, 0 outside, [queries × keys]. */
  readonly gaussian: Matrix;
  /** align · gaussian, [queries × keys]. NOT renormalised (as in Luong), so rows sum to less than 1. */
  readonly weights: Matrix;
  readonly fullyMaskedRows: readonly number[];
}

/**
 * Luong local-p: a_t(s) = align(h_t, h̄_s) · exp(−(s − p_t)² / (2σ²)), σ = D/2, over the window [p_t − D, p_t + D].
 * align is the softmax of the scores over the keys inside the window (Luong's a_t has 2D + 1 entries); the
 * Gaussian then favours keys near p_t. Like Luong we do not renormalise afterwards: each row of `weights` sums to
 * at most 1, and the context vector is weights · V as it stands.
 * scores: [queries × keys], centres: p_t per query (1-based), halfWidth: D ≥ 1.
 */
export function localPWeights(scores: Matrix, centres: readonly number[], halfWidth: number): LocalPResult {
  checkHalfWidth(halfWidth, false);
  if (centres.length !== scores.rows) {
    throw new EngineError('shape-mismatch', `There are ${centres.length} centres p_t but the scores are ${shapeOf(scores)}: one centre per query is needed.`);
  }
  const mask = windowMask(centres, scores.cols, halfWidth);
  const { weights: align, fullyMaskedRows } = maskedSoftmax(scores, mask);
  const gaussian = zeros(scores.rows, scores.cols);
  const weights = zeros(scores.rows, scores.cols);
  for (let i = 0; i < scores.rows; i++) {
    for (let j = 0; j < scores.cols; j++) {
      const idx = i * scores.cols + j;
      if (mask.blocked[idx]) continue;
      const g = gaussianFactor(j + 1, centres[i], halfWidth);
      gaussian.data[idx] = g;
      weights.data[idx] = align.data[idx] * g;
    }
  }
  return { centres, sigma: halfWidth / 2, mask, align, gaussian, weights, fullyMaskedRows };
}

export interface ScoredAttention {
  /** maskedSoftmax of the scores, [queries × keys]; rows sum to 1, or are zeros when fully masked. */
  readonly weights: Matrix;
  /** weights · V, [queries × d_v]. */
  readonly output: Matrix;
  readonly fullyMaskedRows: readonly number[];
}

/** Any score matrix → weights and output. scores: [queries × keys], values: [keys × d_v], mask: [queries × keys]. */
export function attendWithScores(scores: Matrix, values: Matrix, mask: BlockedMask | null = null): ScoredAttention {
  if (values.rows !== scores.cols) {
    throw new EngineError('shape-mismatch', `The scores are ${shapeOf(scores)} and V is ${shapeOf(values)}: there must be one value row per key.`, {
      scores: shapeOf(scores),
      v: shapeOf(values),
    });
  }
  if (mask && (mask.queries !== scores.rows || mask.keys !== scores.cols)) {
    throw new EngineError('shape-mismatch', `The mask is ${mask.queries}×${mask.keys} but the scores are ${shapeOf(scores)} (queries × keys).`);
  }
  const { weights, fullyMaskedRows } = maskedSoftmax(scores, mask);
  return { weights, output: matmul(weights, values, 'weights', 'V'), fullyMaskedRows };
}
