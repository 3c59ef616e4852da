import { scaledDotProductAttention, type AttentionTrace } from './attention';
import { EngineError } from './errors';
import {
  assertFinite,
  assertShape,
  assertVectorLength,
  concatCols,
  concatRows,
  linear,
  sliceCols,
  sliceRows,
  zeros,
  type Matrix,
} from './matrix';
import type { BlockedMask } from './masks';
import { xavierUniform, type Random } from './random';

/**
 * Multi-head attention weights in PyTorch's orientation: every weight is out × in, y = x·Wᵀ + b.
 * Head h owns columns h·D .. (h+1)·D − 1 of q, k and v, with D = embedDim / numHeads.
 */
export interface MhaParams {
  readonly embedDim: number;
  readonly numHeads: number;
  readonly wQ: Matrix; // E × E
  readonly wK: Matrix; // E × E
  readonly wV: Matrix; // E × E
  readonly bQ: Float32Array; // E
  readonly bK: Float32Array; // E
  readonly bV: Float32Array; // E
  readonly wO: Matrix; // E × E
  readonly bO: Float32Array; // E
}

export function headDim(params: Pick<MhaParams, 'embedDim' | 'numHeads'>): number {
  return params.embedDim / params.numHeads;
}

export function assertHeadsDivide(embedDim: number, numHeads: number): void {
  if (!Number.isInteger(embedDim) || embedDim < 1 || !Number.isInteger(numHeads) || numHeads < 1) {
    throw new EngineError('invalid-argument', `The width (${embedDim}) and the number of heads (${numHeads}) must be positive whole numbers.`);
  }
  if (!headsDivide(embedDim, numHeads)) {
    throw new EngineError(
      'heads-do-not-divide',
      `${numHeads} heads do not divide the width ${embedDim}: each head needs an equal whole share of the ${embedDim} features.`,
      { embedDim, numHeads },
    );
  }
}

/** True when `numHeads` heads split `embedDim` features into equal whole parts (both positive whole numbers). */
export function headsDivide(embedDim: number, numHeads: number): boolean {
  return Number.isInteger(embedDim) && embedDim >= 1 && Number.isInteger(numHeads) && numHeads >= 1 && embedDim % numHeads === 0;
}

/** The head counts from 1 to `max` (by default the width itself) that divide `embedDim`, ascending. */
export function dividingHeadCounts(embedDim: number, max: number = embedDim): number[] {
  const counts: number[] = [];
  for (let h = 1; h <= Math.min(embedDim, max); h++) if (headsDivide(embedDim, h)) counts.push(h);
  return counts;
}

/**
 * The one rule for a head count that does not fit the width (a link, a width changed under the heads, a form):
 * the head count nearest to `asked` that divides `embedDim` and is at most `max`; of two equally near, the smaller,
 * so the model never grows past what was asked for on a tie (3 heads on width 32 → 2, not 4). 1 always qualifies.
 */
export function nearestDividingHeads(embedDim: number, asked: number, max: number = embedDim): number {
  if (!Number.isInteger(embedDim) || embedDim < 1) {
    throw new EngineError('invalid-argument', `The width (${embedDim}) must be a positive whole number.`);
  }
  let best = 1;
  for (const h of dividingHeadCounts(embedDim, max)) if (Math.abs(h - asked) < Math.abs(best - asked)) best = h;
  return best;
}

export function validateMhaParams(p: MhaParams): void {
  assertHeadsDivide(p.embedDim, p.numHeads);
  const e = p.embedDim;
  for (const [name, w] of [['W_q', p.wQ], ['W_k', p.wK], ['W_v', p.wV], ['W_o', p.wO]] as const) {
    assertShape(w, e, e, name);
    assertFinite(w, name);
  }
  for (const [name, b] of [['b_q', p.bQ], ['b_k', p.bK], ['b_v', p.bV], ['b_o', p.bO]] as const) {
    assertVectorLength(b, e, name);
    assertFinite({ rows: 1, cols: e, data: b }, name);
  }
}

/** Splits PyTorch's packed in_proj_weight (3E × E, rows [W_q; W_k; W_v]) and in_proj_bias (3E). */
export function fromPytorchInProj(
  numHeads: number,
  inProjWeight: Matrix,
  inProjBias: Float32Array,
  outProjWeight: Matrix,
  outProjBias: Float32Array,
): MhaParams {
  const e = inProjWeight.cols;
  assertShape(inProjWeight, 3 * e, e, 'in_proj_weight');
  assertVectorLength(inProjBias, 3 * e, 'in_proj_bias');
  const params: MhaParams = {
    embedDim: e,
    numHeads,
    wQ: sliceRows(inProjWeight, 0, e),
    wK: sliceRows(inProjWeight, e, e),
    wV: sliceRows(inProjWeight, 2 * e, e),
    bQ: inProjBias.slice(0, e),
    bK: inProjBias.slice(e, 2 * e),
    bV: inProjBias.slice(2 * e, 3 * e),
    wO: outProjWeight,
    bO: outProjBias,
  };
  validateMhaParams(params);
  return params;
}

/** Xavier-uniform weights and zero biases, as in the syllabus article. */
export function randomMhaParams(embedDim: number, numHeads: number, random: Random): MhaParams {
  assertHeadsDivide(embedDim, numHeads);
  const e = embedDim;
  // The article initialises the fused 3E × E projection as one matrix, so its bound uses in + out = 4E.
  const fused = xavierUniform(3 * e, e, random);
  return {
    embedDim: e,
    numHeads,
    wQ: sliceRows(fused, 0, e),
    wK: sliceRows(fused, e, e),
    wV: sliceRows(fused, 2 * e, e),
    bQ: new Float32Array(e),
    bK: new Float32Array(e),
    bV: new Float32Array(e),
    wO: xavierUniform(e, e, random),
    bO: new Float32Array(e),
  };
}

/** q, k, v for all heads side by side: each [tokens × E]; head h is columns h·D .. (h+1)·D − 1. */
export interface QkvProjections {
  readonly q: Matrix; // queries × E
  readonly k: Matrix; // keys × E
  readonly v: Matrix; // keys × E
}

/** Stage 1: the three projections. Cross-attention passes a different `keyValueInput`. */
export function projectQkv(queryInput: Matrix, keyValueInput: Matrix, params: MhaParams): QkvProjections {
  const e = params.embedDim;
  if (queryInput.cols !== e) {
    throw new EngineError('shape-mismatch', `The query input is ${queryInput.rows}×${queryInput.cols} but W_q expects ${e} columns.`);
  }
  if (keyValueInput.cols !== e) {
    throw new EngineError('shape-mismatch', `The key/value input is ${keyValueInput.rows}×${keyValueInput.cols} but W_k expects ${e} columns.`);
  }
  return {
    q: linear(queryInput, params.wQ, params.bQ, 'W_q'),
    k: linear(keyValueInput, params.wK, params.bK, 'W_k'),
    v: linear(keyValueInput, params.wV, params.bV, 'W_v'),
  };
}

export interface HeadOptions {
  readonly mask?: BlockedMask | null;
  readonly scale?: boolean;
}

/** Stage 2: one scaled dot-product attention per head on its D-wide slice. Depends on the mask; not on ablation. */
export function attendHeads(projections: QkvProjections, numHeads: number, options: HeadOptions = {}): AttentionTrace[] {
  const d = projections.q.cols / numHeads;
  const traces: AttentionTrace[] = [];
  for (let h = 0; h < numHeads; h++) {
    traces.push(
      scaledDotProductAttention(
        sliceCols(projections.q, h * d, d),
        sliceCols(projections.k, h * d, d),
        sliceCols(projections.v, h * d, d),
        options,
      ),
    );
  }
  return traces;
}

export interface CombinedHeads {
  /** Head outputs side by side, disabled heads as zeros, [queries × E]. */
  readonly concat: Matrix;
  /** concat · W_oᵀ + b_o, [queries × E]. */
  readonly output: Matrix;
}

/** Stage 3: concatenation and the output projection. A disabled head contributes zero to the concat. */
export function combineHeads(heads: readonly AttentionTrace[], params: MhaParams, disabledHeads: ReadonlySet<number> = new Set()): CombinedHeads {
  const parts = heads.map((h, i) => (disabledHeads.has(i) ? zeros(h.output.rows, h.output.cols) : h.output));
  const concat = concatCols(parts);
  return { concat, output: linear(concat, params.wO, params.bO, 'W_o') };
}

export interface MhaOptions extends HeadOptions {
  /** Heads removed from the computation (ablation), by index. */
  readonly disabledHeads?: ReadonlySet<number>;
}

export interface MhaTrace extends QkvProjections, CombinedHeads {
  readonly heads: readonly AttentionTrace[];
  readonly disabledHeads: ReadonlySet<number>;
}

/**
 * Multi-head attention. Self-attention when `keyValueInput` is omitted; cross-attention (queries from one
 * sequence, keys and values from another) when it is given.
 * queryInput: [queries × E], keyValueInput: [keys × E] → output [queries × E].
 */
export function multiHeadAttention(
  queryInput: Matrix,
  params: MhaParams,
  options: MhaOptions = {},
  keyValueInput: Matrix = queryInput,
): MhaTrace {
  validateMhaParams(params);
  assertFinite(queryInput, 'The query input');
  if (keyValueInput !== queryInput) assertFinite(keyValueInput, 'The key/value input');
  const projections = projectQkv(queryInput, keyValueInput, params);
  return finishMultiHeadAttention(projections, params, options);
}

/** Stages 2 and 3 from given projections: what a mask change needs to recompute. */
export function finishMultiHeadAttention(projections: QkvProjections, params: MhaParams, options: MhaOptions = {}): MhaTrace {
  const disabledHeads = options.disabledHeads ?? new Set<number>();
  const heads = attendHeads(projections, params.numHeads, options);
  return { ...projections, heads, ...combineHeads(heads, params, disabledHeads), disabledHeads };
}

/**
 * Average of the per-head weights, [queries × keys]; disabled heads are left out. Kept per trace (a trace never
 * changes), so the heads grid and the selected-head panel share one. One pass over the cells, with the same float32
 * rounding after each head as adding head by head into the output (12.8 → ~4 ms for 2 layers × 8 heads at 512 tokens).
 */
export function averageHeadWeights(trace: Pick<MhaTrace, 'heads' | 'disabledHeads'>): Matrix {
  const kept = averages.get(trace);
  if (kept) return kept;
  const active = trace.heads.filter((_, i) => !trace.disabledHeads.has(i)).map((h) => h.weights.data);
  const first = trace.heads[0].weights;
  const out = zeros(first.rows, first.cols);
  const n = active.length;
  const data = out.data;
  if (n > 0) {
    for (let i = 0; i < data.length; i++) {
      let sum = 0;
      for (let h = 0; h < n; h++) sum = Math.fround(sum + active[h][i] / n);
      data[i] = sum;
    }
  }
  averages.set(trace, out);
  return out;
}

const averages = new WeakMap<Pick<MhaTrace, 'heads' | 'disabledHeads'>, Matrix>();

/** Stacks W_q, W_k, W_v back into PyTorch's in_proj_weight (3E × E). */
export function toPytorchInProjWeight(params: MhaParams): Matrix {
  return concatRows([params.wQ, params.wK, params.wV]);
}
