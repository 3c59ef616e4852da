import { EngineError } from './errors';
import { shapeOf, zeros, type Matrix } from './matrix';
import type { BlockedMask } from './masks';

/**
 * The online softmax behind FlashAttention (Dao et al. 2022): keys are read in blocks, and only a running maximum
 * m, a running sum l of exp(score − m) and (for attention) a running weighted sum of values are kept. When a block
 * raises the maximum, what was summed so far is rescaled by exp(m_old − m_new), so every term stays relative to the
 * current maximum: nothing overflows, and the full row of weights is never stored. The result equals the ordinary
 * softmax up to rounding. A row whose scores are all −∞ (every key blocked) gives zeros, as `maskedSoftmax` does.
 *
 * Arithmetic is in float64; this is the readable reference of the idea, not a fast path.
 */

/** Running state after some blocks of one row: max score so far, Σ exp(s − max), Σ exp(s − max) · v. */
interface RunningRow {
  max: number;
  sum: number;
  readonly acc: Float64Array;
}

function assertBlockSize(blockSize: number): void {
  if (!Number.isInteger(blockSize) || blockSize < 1) {
    throw new EngineError('invalid-argument', `The block size must be a whole number of at least 1, got ${blockSize}.`);
  }
}

/**
 * Folds scores[from, to) (−∞ = blocked) into the running state. `addValue(j, acc, weight)` adds weight · v_j to acc;
 * null when only the normaliser is wanted.
 */
function foldBlock(state: RunningRow, scores: ArrayLike<number>, from: number, to: number, addValue: ((j: number, acc: Float64Array, weight: number) => void) | null): void {
  let blockMax = -Infinity;
  for (let j = from; j < to; j++) if (scores[j] > blockMax) blockMax = scores[j];
  if (blockMax === -Infinity) return; // every key of this block is blocked: nothing to add
  const newMax = Math.max(state.max, blockMax);
  const rescale = Math.exp(state.max - newMax); // exp(−∞) = 0 while nothing has been added yet
  state.sum *= rescale;
  for (let c = 0; c < state.acc.length; c++) state.acc[c] *= rescale;
  for (let j = from; j < to; j++) {
    const e = Math.exp(scores[j] - newMax); // 0 for a blocked key
    if (e === 0) continue;
    state.sum += e;
    addValue?.(j, state.acc, e);
  }
  state.max = newMax;
}

function runRow(scores: ArrayLike<number>, blockSize: number, width: number, addValue: ((j: number, acc: Float64Array, weight: number) => void) | null): RunningRow {
  assertBlockSize(blockSize);
  const state: RunningRow = { max: -Infinity, sum: 0, acc: new Float64Array(width) };
  for (let from = 0; from < scores.length; from += blockSize) foldBlock(state, scores, from, Math.min(from + blockSize, scores.length), addValue);
  return state;
}

/**
 * softmax(scores) computed block by block: one pass for the running max and sum, then each weight is
 * exp(s − max) / sum. −∞ entries get exactly 0; a row of only −∞ gives all zeros.
 */
export function onlineSoftmax(scores: readonly number[], blockSize: number): number[] {
  const { max, sum } = runRow(scores, blockSize, 0, null);
  if (sum === 0) return scores.map(() => 0);
  return scores.map((s) => Math.exp(s - max) / sum);
}

/**
 * One query's attention output, softmax(q · kⱼ / √d_k) · V, with the keys read in blocks of `blockSize` and the
 * weights never stored. q: [d_k], keys: [L × d_k], values: [L × d_v], blocked: L flags (true = blocked) or null.
 * Returns [d_v]; zeros when every key is blocked.
 */
export function blockwiseAttentionRow(q: ArrayLike<number>, keys: Matrix, values: Matrix, blockSize: number, blocked: ArrayLike<boolean | number> | null = null): Float64Array {
  if (q.length !== keys.cols) throw new EngineError('shape-mismatch', `The query has ${q.length} values but the keys are ${shapeOf(keys)}: they need the same width d_k.`);
  if (keys.rows !== values.rows) throw new EngineError('shape-mismatch', `K is ${shapeOf(keys)} and V is ${shapeOf(values)}: there must be one value per key.`);
  if (blocked && blocked.length !== keys.rows) throw new EngineError('shape-mismatch', `${blocked.length} mask flags for ${keys.rows} keys.`);
  const scale = 1 / Math.sqrt(keys.cols);
  const scores = new Float64Array(keys.rows);
  for (let j = 0; j < keys.rows; j++) {
    if (blocked && blocked[j]) {
      scores[j] = -Infinity;
      continue;
    }
    let dot = 0;
    for (let c = 0; c < keys.cols; c++) dot += q[c] * keys.data[j * keys.cols + c];
    scores[j] = dot * scale;
  }
  const dv = values.cols;
  const addValue = (j: number, acc: Float64Array, weight: number) => {
    for (let c = 0; c < dv; c++) acc[c] += weight * values.data[j * dv + c];
  };
  const { sum, acc } = runRow(scores, blockSize, dv, addValue);
  if (sum === 0) return new Float64Array(dv);
  for (let c = 0; c < dv; c++) acc[c] /= sum;
  return acc;
}

/**
 * softmax(QKᵀ / √d_k) V row by row with `blockwiseAttentionRow`: the same output as `scaledDotProductAttention`
 * (up to rounding) without a queries × keys matrix. q: [n × d_k], k: [m × d_k], v: [m × d_v] → [n × d_v].
 */
export function blockwiseAttention(q: Matrix, k: Matrix, v: Matrix, blockSize: number, mask: BlockedMask | null = null): Matrix {
  if (mask && (mask.queries !== q.rows || mask.keys !== k.rows)) {
    throw new EngineError('shape-mismatch', `The mask is ${mask.queries}×${mask.keys} but attention is ${q.rows}×${k.rows} (queries × keys).`);
  }
  const out = zeros(q.rows, v.cols);
  for (let i = 0; i < q.rows; i++) {
    const query = q.data.subarray(i * q.cols, (i + 1) * q.cols);
    const flags = mask ? mask.blocked.subarray(i * k.rows, (i + 1) * k.rows) : null;
    out.data.set(blockwiseAttentionRow(query, k, v, blockSize, flags), i * v.cols);
  }
  return out;
}
