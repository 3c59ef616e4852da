import { EngineError } from '../errors';
import type { Matrix } from '../matrix';
import { matrixRow } from './lazyLogits';

/** One next-token candidate: its id, its softmax probability over the vocabulary, and its raw score. */
export interface NextTokenPrediction {
  readonly id: number;
  readonly probability: number;
  readonly logit: number;
}

/** A row's softmax constants: the largest logit and Σ exp(logit − max), summed in float64. */
interface RowSoftmax {
  /** The row's logits, [V]. */
  readonly row: Float32Array;
  readonly max: number;
  readonly sum: number;
}

function checkPosition(logits: Matrix, position: number): void {
  if (!Number.isInteger(position) || position < 0 || position >= logits.rows) {
    throw new EngineError('invalid-argument', `Position ${position} is outside the ${logits.rows} positions of the logits.`, {
      position,
      rows: logits.rows,
    });
  }
}

/**
 * The constants of a stable softmax over row `position`: exp(l − max) ≤ 1, so a logit of 1e4 cannot overflow.
 * −∞ logits get probability 0; NaN, +∞ or a row of only −∞ has no distribution and throws.
 */
function rowSoftmax(logits: Matrix, position: number): RowSoftmax {
  checkPosition(logits, position);
  const { cols } = logits;
  if (cols === 0) throw new EngineError('empty-input', 'The logits have no columns: there is no vocabulary to predict from.');
  const row = matrixRow(logits, position); // one row: LazyLogits computes only it
  let max = -Infinity;
  for (let c = 0; c < cols; c++) {
    const v = row[c];
    if (Number.isNaN(v) || v === Infinity) {
      throw new EngineError('not-finite', `Logit ${c} at position ${position} is ${v}.`, { position, id: c });
    }
    if (v > max) max = v;
  }
  if (max === -Infinity) throw new EngineError('not-finite', `Every logit at position ${position} is −∞.`, { position });
  let sum = 0;
  for (let c = 0; c < cols; c++) sum += Math.exp(row[c] - max);
  return { row, max, sum };
}

/** Does a come before b: more probable, or as probable with a smaller id. */
function ranksBefore(a: NextTokenPrediction, b: NextTokenPrediction): boolean {
  return a.probability > b.probability || (a.probability === b.probability && a.id < b.id);
}

/** The next-token distribution after one position: its softmax is computed once and read by every question. */
export interface NextTokenDistribution {
  /** The k most probable tokens, most probable first, ties broken by the smaller id (all of them when k ≥ V). */
  top(k: number): NextTokenPrediction[];
  /** The probability of token `id`. */
  probability(id: number): number;
  /** ln of that probability, computed as logit − max − ln Σ, so a tiny probability is not rounded to −∞. */
  logProbability(id: number): number;
  /**
   * softmax(logits / T) over the whole vocabulary, [V]: T = 1 is `probability`'s distribution, T < 1 sharpens it
   * towards the most probable token, T > 1 flattens it. Stable: (l − max) / T ≤ 0. T must be a finite number > 0
   * (T = 0 is greedy: top(1)).
   */
  atTemperature(temperature: number): Float64Array;
}

function checkK(k: number): void {
  if (!Number.isInteger(k) || k < 0) throw new EngineError('invalid-argument', `k must be a whole number ≥ 0, got ${k}.`, { k });
}

/** Softmax of row `position` of [L × V] logits (one row of LazyLogits is computed, nothing else). */
export function nextTokenDistribution(logits: Matrix, position: number): NextTokenDistribution {
  const { row, max, sum } = rowSoftmax(logits, position);
  const vocabulary = logits.cols;
  const checkId = (id: number): void => {
    if (!Number.isInteger(id) || id < 0 || id >= vocabulary) {
      throw new EngineError('invalid-argument', `Token id ${id} is outside the vocabulary of ${vocabulary}.`, { id, vocabulary });
    }
  };
  return {
    top(k) {
      checkK(k);
      const top: NextTokenPrediction[] = [];
      const keep = Math.min(k, vocabulary);
      if (keep === 0) return top;
      for (let id = 0; id < vocabulary; id++) {
        const logit = row[id];
        // Ids rise, so a logit no higher than the last kept one never ranks before it (a tie goes to the smaller id):
        // most of the vocabulary is passed over without an object or an exp.
        if (top.length === keep && logit <= top[keep - 1].logit) continue;
        const candidate: NextTokenPrediction = { id, probability: Math.exp(logit - max) / sum, logit };
        if (top.length === keep && !ranksBefore(candidate, top[keep - 1])) continue;
        let at = Math.min(top.length, keep - 1);
        while (at > 0 && ranksBefore(candidate, top[at - 1])) at--;
        top.splice(at, 0, candidate);
        if (top.length > keep) top.pop();
      }
      return top;
    },
    probability(id) {
      checkId(id);
      return Math.exp(row[id] - max) / sum;
    },
    logProbability(id) {
      checkId(id);
      return row[id] - max - Math.log(sum);
    },
    atTemperature(temperature) {
      if (!Number.isFinite(temperature) || temperature <= 0) {
        throw new EngineError('invalid-argument', `The temperature must be a number above 0, got ${temperature}.`, { temperature });
      }
      const out = new Float64Array(vocabulary);
      let total = 0;
      for (let id = 0; id < vocabulary; id++) {
        out[id] = Math.exp((row[id] - max) / temperature);
        total += out[id];
      }
      for (let id = 0; id < vocabulary; id++) out[id] /= total;
      return out;
    },
  };
}

/**
 * The k most probable next tokens after `position` (softmax of row `position` of [L × V] logits), most probable
 * first, ties broken by the smaller id. k larger than the vocabulary gives the whole vocabulary.
 */
export function topPredictions(logits: Matrix, position: number, k: number): NextTokenPrediction[] {
  checkK(k);
  return nextTokenDistribution(logits, position).top(k);
}

/** The probability of token `id` coming after `position` (same softmax as topPredictions). */
export function probabilityOf(logits: Matrix, position: number, id: number): number {
  return nextTokenDistribution(logits, position).probability(id);
}
