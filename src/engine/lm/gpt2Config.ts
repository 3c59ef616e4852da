import { EngineError } from '../errors';
import type { CausalLmShape } from './causalLmWeights';

/**
 * What the engine needs from a Hugging Face GPT-2 `config.json` (the `gpt2`, `distilgpt2`, `gpt2-medium` … repos and
 * models fine-tuned from them). Field names and defaults follow transformers' GPT2Config / GPT2Block
 * (src/transformers/models/gpt2/configuration_gpt2.py and modeling_gpt2.py, read with the project's search tool):
 * `n_inner` null means 4 × n_embd; `layer_norm_epsilon` defaults to 1e-5; `activation_function` to "gelu_new".
 */
export interface Gpt2Config extends CausalLmShape {
  readonly layerNormEps: number;
  readonly activation: 'gelu' | 'gelu_tanh';
  /**
   * `tie_word_embeddings` (default true, as in transformers' PretrainedConfig): the output embedding is wte, and a
   * stored lm_head.weight is ignored, as transformers ties it on load. false: lm_head.weight must be there.
   */
  readonly tiedEmbeddings: boolean;
}

/*
 * transformers' ACT2FN names (src/transformers/activations.py): "gelu_new" is NewGELUActivation, the tanh
 * approximation 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))) that GPT-2 was trained with; "gelu_pytorch_tanh" is the same
 * formula in PyTorch's kernel; "gelu" is the exact x·Φ(x). Others (relu, silu, "gelu_fast", …) the engine cannot run.
 */
const ACTIVATIONS: Readonly<Record<string, Gpt2Config['activation']>> = {
  gelu_new: 'gelu_tanh',
  gelu_pytorch_tanh: 'gelu_tanh',
  gelu: 'gelu',
};

function refuse(reason: string): EngineError {
  return new EngineError('invalid-argument', `This config.json cannot be opened: ${reason}`);
}

function wholeNumber(config: Record<string, unknown>, field: string, fallback?: number): number {
  const value = config[field] ?? fallback;
  if (value === undefined) throw refuse(`it has no "${field}".`);
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw refuse(`"${field}" must be a positive whole number, not ${JSON.stringify(value)}.`);
  return value;
}

/** Reads a parsed config.json; throws an EngineError whose message names the field that is missing or wrong. */
export function parseGpt2Config(json: unknown): Gpt2Config {
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw refuse('it is not a JSON object.');
  const config = json as Record<string, unknown>;
  const modelType = config.model_type;
  if (modelType !== undefined && modelType !== 'gpt2') {
    throw refuse(`it describes a "${String(modelType)}" model; only GPT-2 and models of its family (model_type "gpt2") open here.`);
  }
  const embedDim = wholeNumber(config, 'n_embd');
  const numHeads = wholeNumber(config, 'n_head');
  if (embedDim % numHeads !== 0) throw refuse(`n_embd (${embedDim}) is not a multiple of n_head (${numHeads}).`);
  const inner = config.n_inner;
  const ffnDim = inner === null || inner === undefined ? 4 * embedDim : wholeNumber(config, 'n_inner');
  const activationName = config.activation_function ?? 'gelu_new';
  const activation = typeof activationName === 'string' ? ACTIVATIONS[activationName] : undefined;
  if (!activation) throw refuse(`its activation_function ${JSON.stringify(activationName)} is not one the engine computes (gelu_new, gelu_pytorch_tanh or gelu).`);
  const eps = config.layer_norm_epsilon ?? 1e-5;
  if (typeof eps !== 'number' || !(eps > 0) || !Number.isFinite(eps)) throw refuse(`layer_norm_epsilon must be a positive number, not ${JSON.stringify(eps)}.`);
  // Variants of the block that this engine does not compute: say so rather than show wrong numbers.
  if (config.scale_attn_weights === false) throw refuse('it turns off the 1/√d_k scaling of attention scores (scale_attn_weights: false).');
  if (config.scale_attn_by_inverse_layer_idx === true) throw refuse('it scales attention by the layer number (scale_attn_by_inverse_layer_idx), which the engine does not compute.');
  if (config.add_cross_attention === true) throw refuse('its blocks have cross-attention (add_cross_attention), which a decoder-only model here does not have.');
  return {
    vocabSize: wholeNumber(config, 'vocab_size'),
    nPositions: wholeNumber(config, 'n_positions', typeof config.n_ctx === 'number' ? config.n_ctx : undefined),
    embedDim,
    numHeads,
    numLayers: wholeNumber(config, 'n_layer'),
    ffnDim,
    layerNormEps: eps,
    activation,
    tiedEmbeddings: config.tie_word_embeddings !== false,
  };
}

/** Number of weights of the model a config describes (tied output embedding). */
export function gpt2ParameterCount(c: Gpt2Config): number {
  const e = c.embedDim;
  const block = 2 * 2 * e + (3 * e * e + 3 * e) + (e * e + e) + (e * c.ffnDim + c.ffnDim) + (c.ffnDim * e + e);
  return c.vocabSize * e + c.nPositions * e + c.numLayers * block + 2 * e;
}
