import { EngineError } from '../errors';
import { sinusoidalPositionalEncoding } from '../positionalEncoding';
import type { Random } from '../random';
import { attentionBackward, attentionForward, type AttentionShape } from './ops/attention';
import { crossEntropyBackward, crossEntropyForward, type CrossEntropyResult } from './ops/crossEntropy';
import { embedBackward, embedForward } from './ops/embedding';
import { layerNormBackward, layerNormForward } from './ops/layerNorm';
import { linearBackward, linearForward } from './ops/linear';
import { reluBackward, reluForward } from './ops/relu';
import { addInto } from './ops/residual';
import { initializeParameters, parameterLayout, tensorViews, type ModelTensors, type ParameterLayout } from './parameters';
import { IGNORE_TARGET, type TinyModelConfig } from './types';

/**
 * The tiny post-LN Transformer encoder of types.ts, trained on whole batches: every linear layer sees the
 * [B·T × in] matrix of all tokens at once; attention loops over sequences and heads.
 *   x₀ = embedding[tokens] + PE;  per layer: x = LN1(x + MHA(x)); x = LN2(x + FFN(x));  logits = classifier(x).
 */
export const LAYER_NORM_EPS = 1e-5;

export interface TinyTransformer {
  readonly config: TinyModelConfig;
  readonly layout: ParameterLayout;
  /** Every weight, flat, in layout order; `tensors` are named views into it. */
  readonly params: Float64Array;
  readonly tensors: ModelTensors;
  /** dL/dparams, same layout; `gradTensors` are views into it. */
  readonly grads: Float64Array;
  readonly gradTensors: ModelTensors;
  /** Sinusoidal positional encoding [T × E] (a constant). */
  readonly positions: Float64Array;
  /** [T × T], 1 = blocked; the causal mask when config.causal, else null. */
  readonly mask: Uint8Array | null;
  /**
   * Head ablation, [layer · H + head], 1 = switched off: the head's output is replaced by zeros before out_proj,
   * in every forward (training too) and so in the backward. null = every head on.
   */
  headsOff: Uint8Array | null;
}

export function createTinyTransformer(config: TinyModelConfig, random: Random | null): TinyTransformer {
  const layout = parameterLayout(config);
  const params = new Float64Array(layout.size);
  const grads = new Float64Array(layout.size);
  const tensors = tensorViews(params, layout, config.layers);
  if (random !== null) initializeParameters(tensors, config, random);
  const t = config.seqLen;
  let mask: Uint8Array | null = null;
  if (config.causal) {
    mask = new Uint8Array(t * t);
    for (let i = 0; i < t; i++) for (let j = i + 1; j < t; j++) mask[i * t + j] = 1;
  }
  return {
    config,
    layout,
    params,
    tensors,
    grads,
    gradTensors: tensorViews(grads, layout, config.layers),
    positions: Float64Array.from(sinusoidalPositionalEncoding(t, config.width).data),
    mask,
    headsOff: null,
  };
}

/** What one layer's forward keeps for its backward (N = B·T tokens). */
interface LayerCache {
  readonly qkv: Float64Array; // N × 3E
  readonly probs: Float64Array; // B × H × T × T
  readonly concat: Float64Array; // N × E, heads merged
  readonly attnOut: Float64Array; // N × E, after out_proj
  readonly residual1: Float64Array; // N × E
  readonly normalized1: Float64Array; // N × E
  readonly invStd1: Float64Array; // N
  readonly y1: Float64Array; // N × E, LN1 output = FFN input
  readonly hidden: Float64Array; // N × F, before ReLU
  readonly activated: Float64Array; // N × F, after ReLU
  readonly ffnOut: Float64Array; // N × E
  readonly residual2: Float64Array; // N × E
  readonly normalized2: Float64Array; // N × E
  readonly invStd2: Float64Array; // N
}

/**
 * Every activation and gradient buffer for up to `capacity` sequences, allocated once so that a step allocates
 * nothing. streams[0] is the embedded input, streams[l + 1] the output of layer l.
 */
export interface Workspace {
  readonly capacity: number;
  readonly streams: readonly Float64Array[];
  readonly layers: readonly LayerCache[];
  readonly logits: Float64Array; // N × V
  readonly probs: Float64Array; // N × V
  readonly predictions: Int32Array; // N
  readonly dLogits: Float64Array;
  readonly dStream: Float64Array; // N × E: gradient w.r.t. the current layer's output, then its input
  readonly dResidual: Float64Array;
  readonly dScratch: Float64Array;
  readonly dConcat: Float64Array;
  readonly dQkv: Float64Array; // N × 3E
  readonly dHidden: Float64Array; // N × F
  readonly rowScratch: Float64Array; // T
}

export function createWorkspace(config: TinyModelConfig, capacity: number): Workspace {
  const { seqLen: t, width: e, ffnWidth: f, heads, vocab: v } = config;
  const n = capacity * t;
  const buf = (size: number): Float64Array => new Float64Array(size);
  const layers: LayerCache[] = [];
  for (let l = 0; l < config.layers; l++) {
    layers.push({
      qkv: buf(n * 3 * e),
      probs: buf(capacity * heads * t * t),
      concat: buf(n * e),
      attnOut: buf(n * e),
      residual1: buf(n * e),
      normalized1: buf(n * e),
      invStd1: buf(n),
      y1: buf(n * e),
      hidden: buf(n * f),
      activated: buf(n * f),
      ffnOut: buf(n * e),
      residual2: buf(n * e),
      normalized2: buf(n * e),
      invStd2: buf(n),
    });
  }
  return {
    capacity,
    streams: Array.from({ length: config.layers + 1 }, () => buf(n * e)),
    layers,
    logits: buf(n * v),
    probs: buf(n * v),
    predictions: new Int32Array(n),
    dLogits: buf(n * v),
    dStream: buf(n * e),
    dResidual: buf(n * e),
    dScratch: buf(n * e),
    dConcat: buf(n * e),
    dQkv: buf(n * 3 * e),
    dHidden: buf(n * f),
    rowScratch: buf(t),
  };
}

function checkBatch(model: TinyTransformer, ws: Workspace, inputs: Int32Array, batch: number): void {
  if (!Number.isInteger(batch) || batch < 1 || batch > ws.capacity || inputs.length < batch * model.config.seqLen) {
    throw new EngineError('invalid-argument', `A batch of ${batch} sequences does not fit a workspace made for ${ws.capacity}, or the inputs are too short.`);
  }
}

/** Runs `batch` sequences (inputs [B × T]) up to the final stream; the logits are not computed. */
export function forwardEncoder(model: TinyTransformer, ws: Workspace, inputs: Int32Array, batch: number): void {
  checkBatch(model, ws, inputs, batch);
  const { seqLen: t, width: e, ffnWidth: f, heads } = model.config;
  const n = batch * t;
  const shape: AttentionShape = { batch, seqLen: t, heads, width: e };
  embedForward(inputs, n, t, model.tensors.embedding, model.positions, e, ws.streams[0]);
  model.tensors.layers.forEach((p, l) => {
    const c = ws.layers[l];
    const x = ws.streams[l];
    linearForward(x, n, e, p.inProjWeight, p.inProjBias, 3 * e, c.qkv);
    attentionForward(c.qkv, shape, model.mask, c.probs, c.concat);
    if (model.headsOff !== null) zeroHeadsOff(c.concat, n, e, heads, l, model.headsOff);
    linearForward(c.concat, n, e, p.outProjWeight, p.outProjBias, e, c.attnOut);
    addInto(x, c.attnOut, n * e, c.residual1);
    layerNormForward(c.residual1, n, e, p.norm1Weight, p.norm1Bias, LAYER_NORM_EPS, c.normalized1, c.invStd1, c.y1);
    linearForward(c.y1, n, e, p.linear1Weight, p.linear1Bias, f, c.hidden);
    reluForward(c.hidden, n * f, c.activated);
    linearForward(c.activated, n, f, p.linear2Weight, p.linear2Bias, e, c.ffnOut);
    addInto(c.y1, c.ffnOut, n * e, c.residual2);
    layerNormForward(c.residual2, n, e, p.norm2Weight, p.norm2Bias, LAYER_NORM_EPS, c.normalized2, c.invStd2, ws.streams[l + 1]);
  });
}

/** Zeroes, in merged-heads rows [n × E], the columns h·D … (h+1)·D − 1 of every head of `layer` that is off. */
function zeroHeadsOff(rows: Float64Array, n: number, e: number, heads: number, layer: number, headsOff: Uint8Array): void {
  const d = e / heads;
  for (let h = 0; h < heads; h++) {
    if (headsOff[layer * heads + h] !== 1) continue;
    for (let r = 0; r < n; r++) rows.fill(0, r * e + h * d, r * e + (h + 1) * d);
  }
}

/** Full forward and loss: fills ws.logits, ws.probs, ws.predictions for the first `batch` sequences. */
export function forward(model: TinyTransformer, ws: Workspace, inputs: Int32Array, targets: Int32Array, batch: number): CrossEntropyResult {
  forwardEncoder(model, ws, inputs, batch);
  const { seqLen: t, width: e, vocab: v, layers } = model.config;
  const n = batch * t;
  linearForward(ws.streams[layers], n, e, model.tensors.classifierWeight, model.tensors.classifierBias, v, ws.logits);
  return crossEntropyForward(ws.logits, targets, n, v, ws.probs, ws.predictions);
}

/**
 * dL/dparams of the mean loss of the last forward() on the same workspace and batch, into model.grads (zeroed
 * first). `scored` is the forward's scored-target count.
 */
export function backward(model: TinyTransformer, ws: Workspace, inputs: Int32Array, targets: Int32Array, batch: number, scored: number): void {
  const { seqLen: t, width: e, ffnWidth: f, heads, vocab: v, layers } = model.config;
  const n = batch * t;
  const shape: AttentionShape = { batch, seqLen: t, heads, width: e };
  const g = model.gradTensors;
  model.grads.fill(0);
  crossEntropyBackward(ws.probs, targets, n, v, scored, ws.dLogits);
  linearBackward(ws.streams[layers], ws.dLogits, n, e, model.tensors.classifierWeight, v, g.classifierWeight, g.classifierBias, ws.dStream);
  for (let l = layers - 1; l >= 0; l--) {
    const p = model.tensors.layers[l];
    const gp = g.layers[l];
    const c = ws.layers[l];
    // x = LN2(y1 + FFN(y1)): ws.dStream holds dL/dx.
    layerNormBackward(ws.dStream, n, e, p.norm2Weight, c.normalized2, c.invStd2, gp.norm2Weight, gp.norm2Bias, ws.dResidual);
    linearBackward(c.activated, ws.dResidual, n, f, p.linear2Weight, e, gp.linear2Weight, gp.linear2Bias, ws.dHidden);
    reluBackward(c.hidden, ws.dHidden, n * f, ws.dHidden);
    linearBackward(c.y1, ws.dHidden, n, e, p.linear1Weight, f, gp.linear1Weight, gp.linear1Bias, ws.dScratch);
    addInto(ws.dResidual, ws.dScratch, n * e, ws.dScratch); // dL/dy1: the skip path plus the FFN path
    // y1 = LN1(x_in + MHA(x_in)).
    layerNormBackward(ws.dScratch, n, e, p.norm1Weight, c.normalized1, c.invStd1, gp.norm1Weight, gp.norm1Bias, ws.dResidual);
    linearBackward(c.concat, ws.dResidual, n, e, p.outProjWeight, e, gp.outProjWeight, gp.outProjBias, ws.dConcat);
    // A switched-off head's output is a constant 0, so nothing flows back into it.
    if (model.headsOff !== null) zeroHeadsOff(ws.dConcat, n, e, heads, l, model.headsOff);
    attentionBackward(c.qkv, c.probs, ws.dConcat, shape, ws.rowScratch, ws.dQkv);
    linearBackward(ws.streams[l], ws.dQkv, n, e, p.inProjWeight, 3 * e, gp.inProjWeight, gp.inProjBias, ws.dScratch);
    addInto(ws.dResidual, ws.dScratch, n * e, ws.dStream); // dL/dx_in: the skip path plus the attention path
  }
  embedBackward(inputs, n, ws.dStream, e, g.embedding);
}

export interface SampleOutput {
  readonly predictions: Int32Array;
  /** [layer][head]: [T × T] attention weights, query rows. */
  readonly attention: Float32Array[][];
  readonly result: CrossEntropyResult;
}

/** One sequence through the model (targets may be omitted: nothing is scored). */
export function forwardSample(model: TinyTransformer, inputs: Int32Array, targets?: Int32Array, ws: Workspace = createWorkspace(model.config, 1)): SampleOutput {
  const { seqLen: t, heads } = model.config;
  const result = forward(model, ws, inputs, targets ?? new Int32Array(t).fill(IGNORE_TARGET), 1);
  const attention = ws.layers.map((c) => Array.from({ length: heads }, (_, h) => Float32Array.from(c.probs.subarray(h * t * t, (h + 1) * t * t))));
  return { predictions: ws.predictions.slice(0, t), attention, result };
}
