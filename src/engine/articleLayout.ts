import { EngineError } from './errors';
import { assertShape, assertVectorLength, concatCols, linear, sliceCols, zeros, type Matrix } from './matrix';
import type { MhaParams, QkvProjections } from './multiHead';
import { assertHeadsDivide } from './multiHead';

/**
 * The syllabus article's weight layout: one Linear from E to 3E whose outputs are grouped per head.
 * Output feature f belongs to head ⌊f / 3D⌋ and is a query feature when (f mod 3D) < D, a key feature
 * when < 2D, otherwise a value feature — the result of reshaping [L, 3E] to [L, H, 3D] and chunking in three.
 */
export interface ArticleQkvParams {
  readonly embedDim: number;
  readonly numHeads: number;
  readonly qkvWeight: Matrix; // 3E × E
  readonly qkvBias: Float32Array; // 3E
  readonly wO: Matrix; // E × E
  readonly bO: Float32Array; // E
}

function checkArticleParams(p: ArticleQkvParams): number {
  assertHeadsDivide(p.embedDim, p.numHeads);
  assertShape(p.qkvWeight, 3 * p.embedDim, p.embedDim, 'qkv_proj.weight');
  assertVectorLength(p.qkvBias, 3 * p.embedDim, 'qkv_proj.bias');
  return p.embedDim / p.numHeads;
}

/** Projects x the article's way: one fused Linear, then per head take [q | k | v] from its 3D-wide block. */
export function projectQkvArticleLayout(x: Matrix, params: ArticleQkvParams): QkvProjections {
  const d = checkArticleParams(params);
  if (x.cols !== params.embedDim) {
    throw new EngineError('shape-mismatch', `x is ${x.rows}×${x.cols} but qkv_proj expects ${params.embedDim} columns.`);
  }
  const qkv = linear(x, params.qkvWeight, params.qkvBias, 'qkv_proj'); // [L × 3E] viewed as [L × H × 3D]
  const pick = (offset: number): Matrix => {
    const perHead: Matrix[] = [];
    for (let h = 0; h < params.numHeads; h++) perHead.push(sliceCols(qkv, h * 3 * d + offset, d));
    return params.numHeads === 0 ? zeros(x.rows, 0) : concatCols(perHead);
  };
  return { q: pick(0), k: pick(d), v: pick(2 * d) };
}

/** Rewrites article-layout weights as PyTorch-layout ones that compute exactly the same attention. */
export function articleLayoutToPytorch(params: ArticleQkvParams): MhaParams {
  const d = checkArticleParams(params);
  const e = params.embedDim;
  const blocks = [zeros(e, e), zeros(e, e), zeros(e, e)]; // W_q, W_k, W_v
  const biases = [new Float32Array(e), new Float32Array(e), new Float32Array(e)];
  for (let f = 0; f < 3 * e; f++) {
    const head = Math.floor(f / (3 * d));
    const within = f % (3 * d);
    const which = Math.floor(within / d); // 0 = q, 1 = k, 2 = v
    const target = head * d + (within % d);
    blocks[which].data.set(params.qkvWeight.data.subarray(f * e, (f + 1) * e), target * e);
    biases[which][target] = params.qkvBias[f];
  }
  return {
    embedDim: e,
    numHeads: params.numHeads,
    wQ: blocks[0],
    wK: blocks[1],
    wV: blocks[2],
    bQ: biases[0],
    bK: biases[1],
    bV: biases[2],
    wO: params.wO,
    bO: params.bO,
  };
}
