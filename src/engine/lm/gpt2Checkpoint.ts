import { EngineError } from '../errors';
import type { LayerNormParams } from '../layerNorm';
import type { Matrix } from '../matrix';
import type { MhaParams } from '../multiHead';
import { validateCausalLmWeights, type CausalLmBlock, type CausalLmWeights } from './causalLmWeights';
import { parseGpt2Config, type Gpt2Config } from './gpt2Config';
import { elementCount, readSafetensorsHeader, tensorToFloat32, type SafetensorsHeader } from './safetensors';

/*
 * Hugging Face's GPT-2 state dict (GPT2Model in transformers' src/transformers/models/gpt2/modeling_gpt2.py, read
 * with the project's search tool) → the engine's `causal_lm` weights (shared/golden-format.md):
 *
 *   wte.weight [V, E], wpe.weight [C, E], ln_f.{weight,bias} [E]
 *   h.<i>.ln_1 / ln_2.{weight,bias} [E]
 *   h.<i>.attn.c_attn.{weight [E, 3E], bias [3E]}   Conv1D: y = x·W + b, W stored input × output (the transpose of
 *   h.<i>.attn.c_proj.{weight [E, E], bias [E]}     nn.Linear's out × in). c_attn's output columns are q | k | v,
 *   h.<i>.mlp.c_fc.{weight [E, F], bias [F]}        each split into heads of D = E / H consecutive columns, which is
 *   h.<i>.mlp.c_proj.{weight [F, E], bias [E]}      the engine's MhaParams layout once transposed.
 *   h.<i>.attn.bias, h.<i>.attn.masked_bias         buffers (the causal mask and −1e4), not weights: ignored.
 *   lm_head.weight [V, E]                           absent in the `gpt2` repo: tied to wte.
 *
 * A `GPT2LMHeadModel.save_pretrained` save (a fine-tuned model) prefixes every GPT2Model key with "transformer.";
 * both spellings open.
 */

const BUFFER_SUFFIXES = ['.attn.bias', '.attn.masked_bias'] as const;

function refuse(reason: string): EngineError {
  return new EngineError('invalid-argument', `This checkpoint cannot be opened: ${reason}`);
}

/** Every tensor GPT2Model stores for `c`, by name (without prefix), with its shape. */
function expectedShapes(c: Gpt2Config): Map<string, readonly number[]> {
  const { vocabSize: v, nPositions: n, embedDim: e, ffnDim: f } = c;
  const shapes = new Map<string, readonly number[]>([
    ['wte.weight', [v, e]],
    ['wpe.weight', [n, e]],
    ['ln_f.weight', [e]],
    ['ln_f.bias', [e]],
  ]);
  for (let i = 0; i < c.numLayers; i++) {
    const h = `h.${i}`;
    for (const ln of ['ln_1', 'ln_2']) {
      shapes.set(`${h}.${ln}.weight`, [e]);
      shapes.set(`${h}.${ln}.bias`, [e]);
    }
    shapes.set(`${h}.attn.c_attn.weight`, [e, 3 * e]);
    shapes.set(`${h}.attn.c_attn.bias`, [3 * e]);
    shapes.set(`${h}.attn.c_proj.weight`, [e, e]);
    shapes.set(`${h}.attn.c_proj.bias`, [e]);
    shapes.set(`${h}.mlp.c_fc.weight`, [e, f]);
    shapes.set(`${h}.mlp.c_fc.bias`, [f]);
    shapes.set(`${h}.mlp.c_proj.weight`, [f, e]);
    shapes.set(`${h}.mlp.c_proj.bias`, [e]);
  }
  return shapes;
}

const CONFIG_HINT = ' Is config.json the one that came with this model.safetensors?';

/**
 * Checks names and shapes against config.json before anything is decoded, so a wrong pair of files is refused in
 * milliseconds, not after reading 500 MB: a missing tensor, a wrong shape, or tensors of a block this engine does not
 * compute (or of more layers than config.json says).
 */
function checkLayout(header: SafetensorsHeader, prefix: string, c: Gpt2Config): void {
  const shapes = expectedShapes(c);
  for (const [name, shape] of shapes) {
    const tensor = header.tensors.get(prefix + name);
    if (!tensor) throw refuse(`the tensor "${prefix + name}" is missing.${CONFIG_HINT}`);
    const same = tensor.shape.length === shape.length && tensor.shape.every((n, k) => n === shape[k]);
    if (!same) throw refuse(`"${tensor.name}" is [${tensor.shape.join(', ')}] but config.json's sizes make it [${shape.join(', ')}].${CONFIG_HINT}`);
  }
  const head = header.tensors.get('lm_head.weight');
  if (head && !(head.shape.length === 2 && head.shape[0] === c.vocabSize && head.shape[1] === c.embedDim)) {
    throw refuse(`"lm_head.weight" is [${head.shape.join(', ')}] but config.json's sizes make it [${c.vocabSize}, ${c.embedDim}].${CONFIG_HINT}`);
  }
  const extra = [...header.tensors.keys()].filter(
    (key) => key !== 'lm_head.weight' && !(key.startsWith(prefix) && shapes.has(key.slice(prefix.length))) && !BUFFER_SUFFIXES.some((suffix) => key.endsWith(suffix)),
  );
  if (extra.length > 0) {
    const more = extra.length > 3 ? ` and ${extra.length - 3} more` : '';
    const layers = extra.some((key) => /^(transformer\.)?h\.\d+\./.test(key)) ? ' Does config.json give the right n_layer?' : '';
    throw refuse(`it has tensors a GPT-2 of config.json's size does not: ${extra.slice(0, 3).map((k) => `"${k}"`).join(', ')}${more}.${layers}`);
  }
}

/** Reads the tensors of one checkpoint by their GPT2Model names (layout already checked), checking their values. */
class CheckpointTensors {
  constructor(
    private readonly file: Uint8Array,
    private readonly header: SafetensorsHeader,
    private readonly prefix: string,
  ) {}

  /** The tensor as stored, as float32, after a check that every value is finite. */
  read(name: string): Float32Array {
    const tensor = this.header.tensors.get(this.prefix + name);
    if (!tensor) throw refuse(`the tensor "${this.prefix + name}" is missing.`);
    const data = tensorToFloat32(this.file, this.header, tensor);
    for (let i = 0; i < data.length; i++) {
      if (!Number.isFinite(data[i])) {
        throw new EngineError('not-finite', `This checkpoint cannot be opened: "${tensor.name}" holds ${data[i]} at element ${i}. The file is damaged, or the model diverged in training.`, { name: tensor.name, index: i });
      }
    }
    return data;
  }

  matrix(name: string, rows: number, cols: number): Matrix {
    return { rows, cols, data: this.read(name) };
  }
}

/**
 * Columns [start, start + width) of a Conv1D weight (`data`: inputs × outputs, row-major) as an nn.Linear weight,
 * width × inputs: row o is column start + o of the stored matrix.
 */
function conv1dAsLinear(data: Float32Array, inputs: number, outputs: number, start: number, width: number): Matrix {
  const out = new Float32Array(width * inputs);
  for (let i = 0; i < inputs; i++) {
    const from = i * outputs + start;
    for (let o = 0; o < width; o++) out[o * inputs + i] = data[from + o];
  }
  return { rows: width, cols: inputs, data: out };
}

function layerNorm(t: CheckpointTensors, name: string, eps: number): LayerNormParams {
  return { weight: t.read(`${name}.weight`), bias: t.read(`${name}.bias`), eps };
}

function block(t: CheckpointTensors, i: number, c: Gpt2Config): CausalLmBlock {
  const { embedDim: e, ffnDim: f, numHeads, layerNormEps: eps } = c;
  const h = `h.${i}`;
  const qkv = t.read(`${h}.attn.c_attn.weight`);
  const qkvBias = t.read(`${h}.attn.c_attn.bias`);
  const attention: MhaParams = {
    embedDim: e,
    numHeads,
    wQ: conv1dAsLinear(qkv, e, 3 * e, 0, e),
    wK: conv1dAsLinear(qkv, e, 3 * e, e, e),
    wV: conv1dAsLinear(qkv, e, 3 * e, 2 * e, e),
    bQ: qkvBias.slice(0, e),
    bK: qkvBias.slice(e, 2 * e),
    bV: qkvBias.slice(2 * e),
    wO: conv1dAsLinear(t.read(`${h}.attn.c_proj.weight`), e, e, 0, e),
    bO: t.read(`${h}.attn.c_proj.bias`),
  };
  return {
    ln1: layerNorm(t, `${h}.ln_1`, eps),
    attention,
    ln2: layerNorm(t, `${h}.ln_2`, eps),
    fc: { weight: conv1dAsLinear(t.read(`${h}.mlp.c_fc.weight`), e, f, 0, f), bias: t.read(`${h}.mlp.c_fc.bias`) },
    proj: { weight: conv1dAsLinear(t.read(`${h}.mlp.c_proj.weight`), f, e, 0, e), bias: t.read(`${h}.mlp.c_proj.bias`) },
  };
}

/** The key prefix this file uses ("" for GPT2Model's own names, "transformer." for a GPT2LMHeadModel save). */
function keyPrefix(header: SafetensorsHeader): string {
  if (header.tensors.has('wte.weight')) return '';
  if (header.tensors.has('transformer.wte.weight')) return 'transformer.';
  const some = [...header.tensors.keys()].slice(0, 3).map((k) => `"${k}"`).join(', ');
  throw refuse(`it has no token embedding "wte.weight", so it is not a GPT-2 checkpoint${some ? ` (its first tensors are ${some})` : ''}.`);
}

/**
 * A Hugging Face GPT-2 checkpoint — `model.safetensors` (whole file) and its parsed `config.json` — as the engine's
 * weights, float32 throughout (F16 and BF16 decoded exactly). Throws an EngineError with one sentence naming what is
 * wrong: not safetensors, cut short, a config that does not match (a missing tensor, a wrong shape), NaN or infinite
 * weights, tensors of a block the engine does not compute.
 */
export function gpt2WeightsFromCheckpoint(safetensors: Uint8Array, configJson: unknown): CausalLmWeights {
  const config = parseGpt2Config(configJson);
  const header = readSafetensorsHeader(safetensors);
  const prefix = keyPrefix(header);
  checkLayout(header, prefix, config);
  const t = new CheckpointTensors(safetensors, header, prefix);
  const { vocabSize: v, nPositions: c, embedDim: e } = config;
  const wte = t.matrix('wte.weight', v, e);
  const wpe = t.matrix('wpe.weight', c, e);
  const layers = Array.from({ length: config.numLayers }, (_, i) => block(t, i, config));
  const lnf = layerNorm(t, 'ln_f', config.layerNormEps);
  // lm_head sits outside the "transformer." prefix in a GPT2LMHeadModel save. Tied (the default), it is wte whatever
  // is stored, as transformers ties it on load; untied, it must be there.
  let lmHead: Matrix | undefined;
  if (!config.tiedEmbeddings) {
    if (!header.tensors.has('lm_head.weight')) throw refuse(`config.json unties the output embedding (tie_word_embeddings: false) but there is no "lm_head.weight".${CONFIG_HINT}`);
    lmHead = new CheckpointTensors(safetensors, header, '').matrix('lm_head.weight', v, e);
  }
  const weights: CausalLmWeights = {
    vocabSize: v,
    nPositions: c,
    embedDim: e,
    numHeads: config.numHeads,
    numLayers: config.numLayers,
    ffnDim: config.ffnDim,
    activation: config.activation,
    layerNormEps: config.layerNormEps,
    tiedEmbeddings: lmHead === undefined,
    wte,
    wpe,
    layers,
    lnf,
    ...(lmHead ? { lmHead } : {}),
  };
  validateCausalLmWeights(weights);
  return weights;
}

/** Bytes a checkpoint's weights take once read as float32 (what `gpt2WeightsFromCheckpoint` allocates). */
export function float32Bytes(header: SafetensorsHeader): number {
  let total = 0;
  for (const tensor of header.tensors.values()) {
    if (!BUFFER_SUFFIXES.some((suffix) => tensor.name.endsWith(suffix))) total += 4 * elementCount(tensor.shape);
  }
  return total;
}
