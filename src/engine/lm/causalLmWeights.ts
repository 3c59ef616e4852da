import type { EncoderLayerParams } from '../encoderLayer';
import { EngineError } from '../errors';
import type { Activation } from '../gelu';
import type { LayerNormParams } from '../layerNorm';
import { assertFinite, assertShape, assertVectorLength, type Matrix } from '../matrix';
import { validateMhaParams, type MhaParams } from '../multiHead';

/** A PyTorch nn.Linear: y = x·Wᵀ + b, W is out × in. */
export interface LinearParams {
  readonly weight: Matrix;
  readonly bias: Float32Array;
}

/** One GPT-2 block: h = h + MHA(LN1(h)) (causal); h = h + proj(act(fc(LN2(h)))). */
export interface CausalLmBlock {
  readonly ln1: LayerNormParams;
  readonly attention: MhaParams;
  readonly ln2: LayerNormParams;
  readonly fc: LinearParams; // F × E, F
  readonly proj: LinearParams; // E × F, E
}

/** A decoder's sizes: V = vocabSize, C = nPositions (the longest input), E = embedDim, H, N = numLayers, F = ffnDim. */
export interface CausalLmShape {
  readonly vocabSize: number;
  readonly nPositions: number;
  readonly embedDim: number;
  readonly numHeads: number;
  readonly numLayers: number;
  readonly ffnDim: number;
}

/** A trained decoder-only language model (GPT-2 / nanoGPT), of the sizes CausalLmShape names. */
export interface CausalLmWeights extends CausalLmShape {
  readonly activation: Extract<Activation, 'gelu' | 'gelu_tanh'>;
  /** Every LayerNorm's ε (also stored in each LayerNormParams). */
  readonly layerNormEps: number;
  /** true: logits = LN_f(h)·wteᵀ (lmHead absent); false: logits = LN_f(h)·lmHeadᵀ. */
  readonly tiedEmbeddings: boolean;
  readonly wte: Matrix; // V × E
  readonly wpe: Matrix; // C × E
  readonly layers: readonly CausalLmBlock[];
  readonly lnf: LayerNormParams;
  readonly lmHead?: Matrix; // V × E, only when untied
}

function assertLayerNorm(ln: LayerNormParams, e: number, name: string): void {
  assertVectorLength(ln.weight, e, `${name}.weight`);
  assertVectorLength(ln.bias, e, `${name}.bias`);
  if (!(ln.eps > 0)) throw new EngineError('invalid-argument', `${name}'s epsilon must be positive, got ${ln.eps}.`);
}

function assertLinear(p: LinearParams, out: number, inputs: number, name: string): void {
  assertShape(p.weight, out, inputs, `${name}.weight`);
  assertVectorLength(p.bias, out, `${name}.bias`);
  assertFinite(p.weight, `${name}.weight`);
}

/** Throws an EngineError naming the first weight whose shape does not fit the sizes. */
export function validateCausalLmWeights(w: CausalLmWeights): void {
  const { vocabSize: v, nPositions: c, embedDim: e, ffnDim: f } = w;
  for (const [name, n] of [['vocabSize', v], ['nPositions', c], ['embedDim', e], ['ffnDim', f], ['numLayers', w.numLayers]] as const) {
    if (!Number.isInteger(n) || n < 1) throw new EngineError('invalid-argument', `${name} must be a positive whole number, got ${n}.`);
  }
  assertShape(w.wte, v, e, 'wte');
  assertFinite(w.wte, 'wte');
  assertShape(w.wpe, c, e, 'wpe');
  assertFinite(w.wpe, 'wpe');
  if (w.layers.length !== w.numLayers) throw new EngineError('invalid-argument', `numLayers is ${w.numLayers} but there are ${w.layers.length} blocks.`);
  w.layers.forEach((block, i) => {
    assertLayerNorm(block.ln1, e, `layers[${i}].ln1`);
    if (block.attention.embedDim !== e || block.attention.numHeads !== w.numHeads) {
      throw new EngineError('shape-mismatch', `layers[${i}].attention is ${block.attention.embedDim} wide with ${block.attention.numHeads} heads, not ${e} with ${w.numHeads}.`);
    }
    validateMhaParams(block.attention);
    assertLayerNorm(block.ln2, e, `layers[${i}].ln2`);
    assertLinear(block.fc, f, e, `layers[${i}].fc`);
    assertLinear(block.proj, e, f, `layers[${i}].proj`);
  });
  assertLayerNorm(w.lnf, e, 'lnf');
  if (w.tiedEmbeddings !== (w.lmHead === undefined)) {
    throw new EngineError('invalid-argument', w.tiedEmbeddings ? 'Tied embeddings take no separate lm_head.' : 'Untied embeddings need an lm_head.');
  }
  if (w.lmHead) {
    assertShape(w.lmHead, v, e, 'lm_head');
    assertFinite(w.lmHead, 'lm_head');
  }
}

/** The blocks as the engine's pre-LN layers (src/engine/encoderLayer.ts with normFirst), so layerStages runs them. */
export function blocksAsLayers(w: CausalLmWeights): EncoderLayerParams[] {
  return w.layers.map((block) => ({
    attention: block.attention,
    ffn: { w1: block.fc.weight, b1: block.fc.bias, w2: block.proj.weight, b2: block.proj.bias, activation: w.activation },
    norm1: block.ln1,
    norm2: block.ln2,
  }));
}

/** The output embedding: wte when tied, else lm_head; [V × E]. */
export function outputEmbedding(w: CausalLmWeights): Matrix {
  return w.lmHead ?? w.wte;
}
