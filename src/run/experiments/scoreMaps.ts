import {
  additiveScores,
  generalScores,
  localMMask,
  localPWeights,
  locationScores,
  maskedSoftmax,
  mulberry32,
  normal,
  predictivePositions,
  dotScores,
  scaledDotScores,
  sliceCols,
  xavierUniform,
  type BlockedMask,
  type Matrix,
} from '../../engine';

/** The score functions score-compare draws side by side, in the order shown. */
export const SCORING_IDS = ['dot', 'scaled', 'general', 'additive', 'local-m', 'local-p', 'location'] as const;
export type ScoringId = (typeof SCORING_IDS)[number];

export function isScoringId(value: unknown): value is ScoringId {
  return typeof value === 'string' && (SCORING_IDS as readonly string[]).includes(value);
}

/** One map: the weights [queries × keys], the window mask of the local ones (true = blocked), p_t for local-p. */
export interface ScoreMap {
  readonly id: ScoringId;
  readonly weights: Matrix;
  readonly mask: BlockedMask | null;
  /** local-p only: the predicted centre p_t of each query, 1-based. */
  readonly centres?: readonly number[];
  /** How many cells have a weight above 0. */
  readonly nonZero: number;
  /** Smallest and largest row sum (1 and 1 except for local-p, which is not renormalised). */
  readonly rowSumRange: readonly [number, number];
}

/**
 * The extra learned weights the other score functions need, untrained: drawn from their own generator so that the
 * lab's seed fixes them too. Width d (the head width) everywhere; the additive hidden width a = d.
 */
interface ExtraWeights {
  readonly general: Matrix; // d × d
  readonly w1: Matrix; // a × d
  readonly w2: Matrix; // a × d
  readonly v: Float32Array; // a
  readonly wp: Matrix; // a × d
  readonly vp: Float32Array; // a, standard normal so that p_t spreads over the sentence
  readonly wa: Matrix; // S × d, one row per source position
}

// Mixed into the lab seed so these weights are not the same stream as the model's own.
const SEED_SALT = 0x5c0fe;

function extraWeights(seed: number, d: number, positions: number): ExtraWeights {
  const random = mulberry32((seed ^ SEED_SALT) >>> 0);
  const general = xavierUniform(d, d, random);
  const w1 = xavierUniform(d, d, random);
  const w2 = xavierUniform(d, d, random);
  const v = xavierUniform(1, d, random).data;
  const wp = xavierUniform(d, d, random);
  const vp = Float32Array.from({ length: d }, () => normal(random));
  const wa = xavierUniform(positions, d, random); // drawn last: only it depends on the sentence length
  return { general, w1, w2, v, wp, vp, wa };
}

function summarise(id: ScoringId, weights: Matrix, mask: BlockedMask | null, centres?: readonly number[]): ScoreMap {
  let nonZero = 0;
  for (const w of weights.data) if (w > 0) nonZero++;
  let low = Infinity;
  let high = -Infinity;
  for (let r = 0; r < weights.rows; r++) {
    let s = 0;
    for (let c = 0; c < weights.cols; c++) s += weights.data[r * weights.cols + c];
    low = Math.min(low, s);
    high = Math.max(high, s);
  }
  return { id, weights, mask, centres, nonZero, rowSumRange: weights.rows === 0 ? [0, 0] : [low, high] };
}

export interface ScoreCompareInput {
  /** Queries [L × d] and keys [L × d] of one head (self-attention: both from the same sentence). */
  readonly q: Matrix;
  readonly k: Matrix;
  readonly seed: number;
  /** Window half-widths D: local-m (≥ 0) and local-p (≥ 1). */
  readonly localM: number;
  readonly localP: number;
}

/**
 * Every map from the same q and k. local-m and local-p use the scaled dot score as Luong's align(); location-based
 * has S = L positions (its W_a is redrawn when the length changes).
 */
export function computeScoreMaps({ q, k, seed, localM, localP }: ScoreCompareInput): Record<ScoringId, ScoreMap> {
  const extra = extraWeights(seed, q.cols, k.rows);
  const scaled = scaledDotScores(q, k);
  const softmax = (scores: Matrix) => maskedSoftmax(scores, null).weights;
  const mMask = localMMask(q.rows, k.rows, localM);
  const centres = predictivePositions(q, { wp: extra.wp, vp: extra.vp }, k.rows);
  const localp = localPWeights(scaled, centres, localP);
  return {
    dot: summarise('dot', softmax(dotScores(q, k)), null),
    scaled: summarise('scaled', softmax(scaled), null),
    general: summarise('general', softmax(generalScores(q, k, extra.general)), null),
    additive: summarise('additive', softmax(additiveScores(q, k, { w1: extra.w1, w2: extra.w2, v: extra.v })), null),
    'local-m': summarise('local-m', maskedSoftmax(scaled, mMask).weights, mMask),
    'local-p': summarise('local-p', localp.weights, localp.mask, centres),
    location: summarise('location', softmax(locationScores(q, extra.wa)), null),
  };
}

export interface HeadScoreParams {
  /** The layer's queries and keys, every head side by side [L × E] (the run's own matrices). */
  readonly q: Matrix;
  readonly k: Matrix;
  /** Which head's columns to score, 0-based, and its width d = E / h. */
  readonly head: number;
  readonly headDim: number;
  readonly seed: number;
  readonly localM: number;
  readonly localP: number;
}

/** computeScoreMaps for one head of a layer: its columns of Q and K. */
export function headScoreMaps({ q, k, head, headDim, seed, localM, localP }: HeadScoreParams): Record<ScoringId, ScoreMap> {
  return computeScoreMaps({ q: sliceCols(q, head * headDim, headDim), k: sliceCols(k, head * headDim, headDim), seed, localM, localP });
}
