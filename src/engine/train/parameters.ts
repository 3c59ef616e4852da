import { EngineError } from '../errors';
import type { Random } from '../random';
import { normal } from '../random';
import type { NamedTensor, TinyModelConfig } from './types';
import { expectedTensorShapes } from './weightsFile';

/**
 * All weights of the tiny Transformer live in ONE flat Float64Array (so Adam and the gradient clip are one loop
 * each); every tensor is a named view into it, in the order and with the names of types.ts. The gradients use
 * the same layout in a second array.
 */
export interface TensorSlot {
  readonly name: string;
  readonly shape: readonly number[];
  readonly offset: number;
  readonly length: number;
}

export interface ParameterLayout {
  readonly size: number;
  readonly slots: readonly TensorSlot[];
}

export function parameterLayout(config: TinyModelConfig): ParameterLayout {
  const slots: TensorSlot[] = [];
  let offset = 0;
  for (const [name, shape] of expectedTensorShapes(config)) {
    const length = shape.reduce((n, d) => n * d, 1);
    slots.push({ name, shape, offset, length });
    offset += length;
  }
  return { size: offset, slots };
}

export interface LayerTensors {
  readonly inProjWeight: Float64Array; // 3E × E
  readonly inProjBias: Float64Array; // 3E
  readonly outProjWeight: Float64Array; // E × E
  readonly outProjBias: Float64Array; // E
  readonly norm1Weight: Float64Array; // E
  readonly norm1Bias: Float64Array; // E
  readonly linear1Weight: Float64Array; // F × E
  readonly linear1Bias: Float64Array; // F
  readonly linear2Weight: Float64Array; // E × F
  readonly linear2Bias: Float64Array; // E
  readonly norm2Weight: Float64Array; // E
  readonly norm2Bias: Float64Array; // E
}

export interface ModelTensors {
  readonly embedding: Float64Array; // V × E
  readonly layers: readonly LayerTensors[];
  readonly classifierWeight: Float64Array; // V × E
  readonly classifierBias: Float64Array; // V
}

/** Named views into `flat` (parameters or gradients) following `layout`. */
export function tensorViews(flat: Float64Array, layout: ParameterLayout, layerCount: number): ModelTensors {
  const byName = new Map(layout.slots.map((s) => [s.name, flat.subarray(s.offset, s.offset + s.length)]));
  const view = (name: string): Float64Array => {
    const v = byName.get(name);
    if (!v) throw new EngineError('invalid-argument', `The model has no tensor named ${name}.`);
    return v;
  };
  const layers: LayerTensors[] = [];
  for (let i = 0; i < layerCount; i++) {
    const p = `layers.${i}.`;
    layers.push({
      inProjWeight: view(`${p}attn.in_proj_weight`),
      inProjBias: view(`${p}attn.in_proj_bias`),
      outProjWeight: view(`${p}attn.out_proj.weight`),
      outProjBias: view(`${p}attn.out_proj.bias`),
      norm1Weight: view(`${p}norm1.weight`),
      norm1Bias: view(`${p}norm1.bias`),
      linear1Weight: view(`${p}ffn.linear1.weight`),
      linear1Bias: view(`${p}ffn.linear1.bias`),
      linear2Weight: view(`${p}ffn.linear2.weight`),
      linear2Bias: view(`${p}ffn.linear2.bias`),
      norm2Weight: view(`${p}norm2.weight`),
      norm2Bias: view(`${p}norm2.bias`),
    });
  }
  return { embedding: view('embedding'), layers, classifierWeight: view('classifier.weight'), classifierBias: view('classifier.bias') };
}

function uniform(target: Float64Array, bound: number, random: Random): void {
  for (let i = 0; i < target.length; i++) target[i] = (random() * 2 - 1) * bound;
}

/**
 * PyTorch's defaults for nn.TransformerEncoderLayer + nn.Embedding + nn.Linear, drawn tensor by tensor in layout
 * order: embedding N(0, 1); in_proj_weight Xavier-uniform over the fused [3E × E] (bound √(6 / 4E)); every Linear
 * weight kaiming-uniform(a = √5), i.e. U(±1/√in), and its bias U(±1/√in); MHA's in_proj and out_proj biases 0;
 * LayerNorm weight 1, bias 0.
 */
export function initializeParameters(tensors: ModelTensors, config: TinyModelConfig, random: Random): void {
  const { width: e, ffnWidth: f } = config;
  for (let i = 0; i < tensors.embedding.length; i++) tensors.embedding[i] = normal(random);
  for (const layer of tensors.layers) {
    uniform(layer.inProjWeight, Math.sqrt(6 / (e + 3 * e)), random);
    layer.inProjBias.fill(0);
    uniform(layer.outProjWeight, 1 / Math.sqrt(e), random);
    layer.outProjBias.fill(0);
    layer.norm1Weight.fill(1);
    layer.norm1Bias.fill(0);
    uniform(layer.linear1Weight, 1 / Math.sqrt(e), random);
    uniform(layer.linear1Bias, 1 / Math.sqrt(e), random);
    uniform(layer.linear2Weight, 1 / Math.sqrt(f), random);
    uniform(layer.linear2Bias, 1 / Math.sqrt(f), random);
    layer.norm2Weight.fill(1);
    layer.norm2Bias.fill(0);
  }
  uniform(tensors.classifierWeight, 1 / Math.sqrt(e), random);
  uniform(tensors.classifierBias, 1 / Math.sqrt(e), random);
}

/** The weights as float32 tensors by name (what the weights file stores). */
export function exportTensors(flat: Float64Array, layout: ParameterLayout): Map<string, NamedTensor> {
  const out = new Map<string, NamedTensor>();
  for (const s of layout.slots) out.set(s.name, { shape: [...s.shape], data: Float32Array.from(flat.subarray(s.offset, s.offset + s.length)) });
  return out;
}

/** Copies tensors (already checked against the config, e.g. by decodeWeightsFile) into the flat array. */
export function importTensors(flat: Float64Array, layout: ParameterLayout, tensors: ReadonlyMap<string, NamedTensor>): void {
  for (const s of layout.slots) {
    const t = tensors.get(s.name);
    if (!t || t.data.length !== s.length) throw new EngineError('invalid-argument', `The weights need a tensor ${s.name} with ${s.length} values.`);
    flat.set(t.data, s.offset);
  }
}
