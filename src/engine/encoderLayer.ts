import type { AttentionTrace } from './attention';
import { feedForward, randomFeedForward, validateFeedForward, type FeedForwardParams, type FeedForwardTrace } from './feedForward';
import { defaultLayerNorm, layerNorm, type LayerNormParams } from './layerNorm';
import { add, assertFinite, type Matrix } from './matrix';
import type { BlockedMask } from './masks';
import { combineHeads, multiHeadAttention, randomMhaParams, validateMhaParams, type CombinedHeads, type MhaParams, type MhaTrace } from './multiHead';
import type { Random } from './random';

/** One Transformer encoder block: self-attention and a feed-forward network, each with a residual and a LayerNorm. */
export interface EncoderLayerParams {
  readonly attention: MhaParams;
  readonly ffn: FeedForwardParams;
  readonly norm1: LayerNormParams;
  readonly norm2: LayerNormParams;
}

/**
 * The numeric steps of a layer around attention. The reference's by default (REFERENCE_LAYER_OPS); a run's backend
 * may pass faster ones that compute the same values (the WebAssembly kernels: src/engine/run/wasmBackend.ts).
 */
export interface LayerOps {
  /**
   * Throws unless the layer's parameters have consistent shapes and finite values. The reference checks on every
   * call (validateLayerParams: a scan of every weight); a backend that checked them when it packed them may skip it.
   */
  readonly validateParams: (params: EncoderLayerParams) => void;
  readonly layerNorm: (x: Matrix, params: LayerNormParams) => Matrix;
  readonly feedForward: (x: Matrix, params: FeedForwardParams) => FeedForwardTrace;
  /** concat(head outputs, disabled ones as zeros) · W_oᵀ + b_o. */
  readonly combineHeads: (heads: readonly AttentionTrace[], params: MhaParams, disabledHeads: ReadonlySet<number>) => CombinedHeads;
}

/** The attention and feed-forward parameters of a layer: shapes that fit each other, finite attention weights. */
export function validateLayerParams(params: EncoderLayerParams): void {
  validateMhaParams(params.attention);
  validateFeedForward(params.ffn, params.attention.embedDim);
}

export const REFERENCE_LAYER_OPS: LayerOps = { validateParams: validateLayerParams, layerNorm, feedForward, combineHeads };

export interface EncoderLayerOptions {
  /** false (the original, post-LN): x = LN1(x + MHA(x)); x = LN2(x + FFN(x)). true (pre-LN): x = x + MHA(LN1(x)); x = x + FFN(LN2(x)). */
  readonly normFirst?: boolean;
  /** The skip connections; off shows what attention alone does to the tokens (rank collapse). Default on. */
  readonly residual?: boolean;
  readonly mask?: BlockedMask | null;
  readonly disabledHeads?: ReadonlySet<number>;
  readonly scale?: boolean;
  /**
   * The attention trace of an earlier run on the same input with the same mask. Only the concatenation and W_o
   * are then recomputed: a head toggle does not change any head's weights, just which heads reach W_o.
   */
  readonly reuseAttention?: MhaTrace;
  /**
   * Attention with every head on, computed elsewhere from the sub-layer's input (the WebAssembly kernels) under the
   * same mask; only concat · W_o is then recomputed here for the disabled heads. Ignored when `reuseAttention` is set.
   */
  readonly computeAttention?: (input: Matrix) => MhaTrace;
  /** The check of `params`, LayerNorm, the feed-forward network and (with `reuseAttention` / `computeAttention`) concat · W_o. */
  readonly ops?: LayerOps;
}

/** Each sub-layer's intermediates, all [tokens × E] except ffn.hidden. */
export interface EncoderLayerTrace {
  readonly input: Matrix;
  /** What attention reads: the input (post-LN) or LN1(input) (pre-LN). */
  readonly attentionInput: Matrix;
  readonly attention: MhaTrace;
  /** After the first residual (and, post-LN, its LayerNorm): the input of the second sub-layer block. */
  readonly afterAttention: Matrix;
  readonly ffnInput: Matrix;
  readonly ffn: FeedForwardTrace;
  readonly output: Matrix;
  readonly normFirst: boolean;
  readonly residual: boolean;
}

export function encoderLayer(x: Matrix, params: EncoderLayerParams, options: EncoderLayerOptions = {}): EncoderLayerTrace {
  const normFirst = options.normFirst ?? false;
  const residual = options.residual ?? true;
  const ops = options.ops ?? REFERENCE_LAYER_OPS;
  ops.validateParams(params);
  assertFinite(x, 'The encoder input');
  const mhaOptions = { mask: options.mask, disabledHeads: options.disabledHeads, scale: options.scale };
  const attend = (input: Matrix): MhaTrace => {
    const allHeads = options.reuseAttention ?? options.computeAttention?.(input);
    if (!allHeads) return multiHeadAttention(input, params.attention, mhaOptions);
    const disabledHeads = options.disabledHeads ?? new Set<number>();
    if (disabledHeads.size === 0 && allHeads.disabledHeads.size === 0) return allHeads;
    return { ...allHeads, ...ops.combineHeads(allHeads.heads, params.attention, disabledHeads), disabledHeads };
  };
  const skip = (base: Matrix, update: Matrix): Matrix => (residual ? add(base, update, 'x', 'the sub-layer output') : update);

  if (normFirst) {
    const attentionInput = ops.layerNorm(x, params.norm1);
    const attention = attend(attentionInput);
    const afterAttention = skip(x, attention.output);
    const ffnInput = ops.layerNorm(afterAttention, params.norm2);
    const ffn = ops.feedForward(ffnInput, params.ffn);
    return { input: x, attentionInput, attention, afterAttention, ffnInput, ffn, output: skip(afterAttention, ffn.output), normFirst, residual };
  }
  const attention = attend(x);
  const afterAttention = ops.layerNorm(skip(x, attention.output), params.norm1);
  const ffn = ops.feedForward(afterAttention, params.ffn);
  const output = ops.layerNorm(skip(afterAttention, ffn.output), params.norm2);
  return { input: x, attentionInput: x, attention, afterAttention, ffnInput: afterAttention, ffn, output, normFirst, residual };
}

export function randomEncoderLayer(embedDim: number, numHeads: number, ffnDim: number, random: Random): EncoderLayerParams {
  return {
    attention: randomMhaParams(embedDim, numHeads, random),
    ffn: randomFeedForward(embedDim, ffnDim, random),
    norm1: defaultLayerNorm(embedDim),
    norm2: defaultLayerNorm(embedDim),
  };
}

/** A stack of N encoder layers; each layer reads the previous layer's output. */
export function encoderStack(x: Matrix, layers: readonly EncoderLayerParams[], options: EncoderLayerOptions & { disabledHeadsPerLayer?: readonly ReadonlySet<number>[] } = {}): EncoderLayerTrace[] {
  const traces: EncoderLayerTrace[] = [];
  let current = x;
  layers.forEach((layer, i) => {
    const trace = encoderLayer(current, layer, { ...options, disabledHeads: options.disabledHeadsPerLayer?.[i] ?? options.disabledHeads });
    traces.push(trace);
    current = trace.output;
  });
  return traces;
}
