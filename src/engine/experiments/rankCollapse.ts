import { encoderStack, randomEncoderLayer, type EncoderLayerParams } from '../encoderLayer';
import { EngineError } from '../errors';
import type { BlockedMask } from '../masks';
import type { Matrix } from '../matrix';
import { assertHeadsDivide } from '../multiHead';
import { mulberry32 } from '../random';

// Rank collapse (Dong, Cordonnier & Loukas 2021): attention mixes tokens, so a deep stack without skip connections
// drives every token towards the same vector. Measured here as the mean pairwise cosine similarity of the token
// rows, which tends to 1 when they collapse.

export const MAX_COLLAPSE_DEPTH = 24;

/** Mean cosine similarity over all pairs of distinct rows, NaN for fewer than 2 rows. A zero row counts as similarity 0. */
export function meanPairwiseCosine(x: Matrix): number {
  if (x.rows < 2) return NaN;
  const norms = new Float64Array(x.rows);
  for (let r = 0; r < x.rows; r++) {
    let s = 0;
    for (let c = 0; c < x.cols; c++) s += x.data[r * x.cols + c] ** 2;
    norms[r] = Math.sqrt(s);
  }
  let total = 0;
  let pairs = 0;
  for (let a = 0; a < x.rows; a++) {
    for (let b = a + 1; b < x.rows; b++) {
      let d = 0;
      for (let c = 0; c < x.cols; c++) d += x.data[a * x.cols + c] * x.data[b * x.cols + c];
      const denominator = norms[a] * norms[b];
      total += denominator > 0 ? d / denominator : 0;
      pairs++;
    }
  }
  return total / pairs;
}

export interface RankCollapseOptions {
  /** Number of encoder layers, 1 … 24. */
  readonly depth: number;
  readonly numHeads: number;
  /** Hidden width of each feed-forward network (default 4·E). */
  readonly ffnDim?: number;
  /** Seed of the random layers (mulberry32). */
  readonly seed: number;
  /** Pre-LN (default true): x + sublayer(LN(x)), so the skip path carries the tokens through untouched. */
  readonly normFirst?: boolean;
  readonly mask?: BlockedMask | null;
}

export interface RankCollapseCurves {
  /** 0 … depth: 0 is the input itself. */
  readonly depths: readonly number[];
  /** Mean pairwise cosine similarity after each layer, residual connections on. */
  readonly withResidual: readonly number[];
  /** The same layers with the residual connections removed. */
  readonly withoutResidual: readonly number[];
}

/** `depth` random encoder layers (Xavier weights, zero biases) from one seeded generator. */
export function randomEncoderLayers(depth: number, embedDim: number, numHeads: number, ffnDim: number, seed: number): EncoderLayerParams[] {
  const random = mulberry32(seed);
  return Array.from({ length: depth }, () => randomEncoderLayer(embedDim, numHeads, ffnDim, random));
}

/** Runs the same random stack on `input` [tokens × E] with and without residuals and measures the similarity per layer. */
export function rankCollapseCurves(input: Matrix, options: RankCollapseOptions): RankCollapseCurves {
  const { depth, numHeads, seed } = options;
  if (!Number.isInteger(depth) || depth < 1 || depth > MAX_COLLAPSE_DEPTH) {
    throw new EngineError('invalid-argument', `The depth must be a whole number from 1 to ${MAX_COLLAPSE_DEPTH}, got ${depth}.`);
  }
  assertHeadsDivide(input.cols, numHeads);
  const layers = randomEncoderLayers(depth, input.cols, numHeads, options.ffnDim ?? 4 * input.cols, seed);
  const run = (residual: boolean): number[] => {
    const traces = encoderStack(input, layers, { residual, normFirst: options.normFirst ?? true, mask: options.mask });
    return [meanPairwiseCosine(input), ...traces.map((t) => meanPairwiseCosine(t.output))];
  };
  return { depths: Array.from({ length: depth + 1 }, (_, i) => i), withResidual: run(true), withoutResidual: run(false) };
}
