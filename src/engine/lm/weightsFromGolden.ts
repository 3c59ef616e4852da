import { EngineError } from '../errors';
import type { LayerNormParams } from '../layerNorm';
import { fromRows, type Matrix } from '../matrix';
import { fromPytorchInProj } from '../multiHead';
import { validateCausalLmWeights, type CausalLmBlock, type CausalLmWeights } from './causalLmWeights';

/*
 * A causal_lm file in the golden format (shared/golden-format.md, kind "causal_lm") → CausalLmWeights. Only the
 * model is read here; token_ids, disabled_heads and expected belong to the checker (scripts/golden).
 */

type Json = unknown;
type JsonObject = Record<string, Json>;

function bad(message: string): EngineError {
  return new EngineError('invalid-argument', `Not a causal_lm model file: ${message}`);
}

function isObject(v: Json): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function field(obj: JsonObject, key: string, where: string): Json {
  if (!(key in obj)) throw bad(`missing field "${where}${key}"`);
  return obj[key];
}

function positiveInt(obj: JsonObject, key: string): number {
  const v = field(obj, key, '');
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw bad(`"${key}" must be a positive whole number, got ${JSON.stringify(v)}`);
  return v;
}

function finite(v: Json, where: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw bad(`${where} must be a finite number, got ${JSON.stringify(v)}`);
  return v;
}

function vector(obj: JsonObject, key: string, length: number, where = ''): Float32Array {
  const v = field(obj, key, where);
  if (!Array.isArray(v) || v.length !== length) throw bad(`"${where}${key}" must be a list of ${length} numbers`);
  return Float32Array.from(v, (x: Json, i) => finite(x, `${where}${key}[${i}]`));
}

function matrix(obj: JsonObject, key: string, rows: number, cols: number, where = ''): Matrix {
  const v = field(obj, key, where);
  const name = `${where}${key}`;
  if (!Array.isArray(v) || v.length !== rows) throw bad(`"${name}" must be ${rows}×${cols} (a list of ${rows} rows)`);
  return fromRows(
    v.map((r: Json, i) => {
      if (!Array.isArray(r) || r.length !== cols) throw bad(`"${name}" row ${i} must hold ${cols} numbers`);
      return r.map((x: Json, j) => finite(x, `${name}[${i}][${j}]`));
    }),
    name,
  );
}

function layerNorm(obj: JsonObject, prefix: string, e: number, eps: number, where = ''): LayerNormParams {
  return { weight: vector(obj, `${prefix}_weight`, e, where), bias: vector(obj, `${prefix}_bias`, e, where), eps };
}

function block(raw: Json, i: number, sizes: { e: number; h: number; f: number; eps: number }): CausalLmBlock {
  const where = `layers[${i}].`;
  if (!isObject(raw)) throw bad(`"layers[${i}]" must be an object`);
  const { e, h, f, eps } = sizes;
  return {
    ln1: layerNorm(raw, 'ln1', e, eps, where),
    attention: fromPytorchInProj(
      h,
      matrix(raw, 'in_proj_weight', 3 * e, e, where),
      vector(raw, 'in_proj_bias', 3 * e, where),
      matrix(raw, 'out_proj_weight', e, e, where),
      vector(raw, 'out_proj_bias', e, where),
    ),
    ln2: layerNorm(raw, 'ln2', e, eps, where),
    fc: { weight: matrix(raw, 'fc_weight', f, e, where), bias: vector(raw, 'fc_bias', f, where) },
    proj: { weight: matrix(raw, 'proj_weight', e, f, where), bias: vector(raw, 'proj_bias', e, where) },
  };
}

/** Throws an EngineError ('invalid-argument', or a shape error) naming the first field that does not fit. */
export function causalLmWeightsFromGolden(raw: Json): CausalLmWeights {
  if (!isObject(raw)) throw bad('the file must hold one JSON object');
  if (raw.kind !== 'causal_lm') throw bad(`kind is ${JSON.stringify(raw.kind)}, not "causal_lm"`);
  const vocabSize = positiveInt(raw, 'vocab_size');
  const nPositions = positiveInt(raw, 'n_positions');
  const embedDim = positiveInt(raw, 'embed_dim');
  const numHeads = positiveInt(raw, 'num_heads');
  const numLayers = positiveInt(raw, 'num_layers');
  const ffnDim = positiveInt(raw, 'ffn_dim');
  const activation = field(raw, 'activation', '');
  if (activation !== 'gelu' && activation !== 'gelu_tanh') throw bad(`activation ${JSON.stringify(activation)} is not "gelu" or "gelu_tanh"`);
  const layerNormEps = finite(field(raw, 'layer_norm_eps', ''), '"layer_norm_eps"');
  const tiedEmbeddings = field(raw, 'tied_embeddings', '');
  if (typeof tiedEmbeddings !== 'boolean') throw bad('"tied_embeddings" must be true or false');
  const layers = field(raw, 'layers', '');
  if (!Array.isArray(layers) || layers.length !== numLayers) throw bad(`"layers" must be a list of ${numLayers} blocks`);
  const sizes = { e: embedDim, h: numHeads, f: ffnDim, eps: layerNormEps };
  const weights: CausalLmWeights = {
    vocabSize,
    nPositions,
    embedDim,
    numHeads,
    numLayers,
    ffnDim,
    activation,
    layerNormEps,
    tiedEmbeddings,
    wte: matrix(raw, 'wte', vocabSize, embedDim),
    wpe: matrix(raw, 'wpe', nPositions, embedDim),
    layers: layers.map((b: Json, i) => block(b, i, sizes)),
    lnf: layerNorm(raw, 'lnf', embedDim, layerNormEps),
    ...(tiedEmbeddings ? {} : { lmHead: matrix(raw, 'lm_head_weight', vocabSize, embedDim) }),
  };
  validateCausalLmWeights(weights);
  return weights;
}
