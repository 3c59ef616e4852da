import { EngineError } from '../errors';
import { fromPytorchInProj } from '../multiHead';
import { matmul, type Matrix } from '../matrix';
import { validateCausalLmWeights, type CausalLmBlock, type CausalLmWeights } from './causalLmWeights';
import { float16ToFloat32 } from './float16';
import { parseVocabulary, type LmVocabulary } from './vocabulary';

/**
 * The shipped language model as one binary file (written by scripts/lm/export.py):
 *
 *   bytes 0–7    "ATTNLM01" (ASCII)
 *   bytes 8–11   n, the header's length in bytes (uint32, little-endian)
 *   next n bytes the header, UTF-8 JSON (LmModelHeader below)
 *   zero padding to a multiple of 8, then the data: every tensor row-major at header.tensors[k].offset bytes from
 *   the start of the data, as little-endian float16 ("f16") or signed bytes ("i8")
 *
 * Tensor names and shapes are the golden "causal_lm" fields (shared/golden-format.md): wte (V×E), wpe (C×E),
 * layers.<i>.{ln1_weight, ln1_bias, in_proj_weight (3E×E), in_proj_bias, out_proj_weight, out_proj_bias, ln2_weight,
 * ln2_bias, fc_weight (F×E), fc_bias, proj_weight (E×F), proj_bias}, lnf_weight, lnf_bias[, lm_head_weight].
 * The vocabulary travels in the header, so a model never meets a tokenizer it was not trained with.
 *
 * A large vocabulary may come factorised (config.embed_factor = F): instead of wte, wte_factor (V×F, "i8"),
 * wte_factor_scale (V, one scale per row) and wte_proj (F×E); the reader rebuilds wte = (int8 × scale) · wte_proj
 * once, so everything after it sees the one V×E table the golden format describes.
 */
export const LM_MODEL_MAGIC = 'ATTNLM01';
export const LM_MODEL_FORMAT = 'attention-lab/lm-model';
export const LM_MODEL_VERSION = 1;

export interface LmModelConfig {
  readonly vocab_size: number;
  readonly n_positions: number;
  readonly embed_dim: number;
  readonly num_heads: number;
  readonly num_layers: number;
  readonly ffn_dim: number;
  readonly activation: 'gelu' | 'gelu_tanh';
  readonly layer_norm_eps: number;
  readonly tied_embeddings: boolean;
  /** Rank of a factorised token embedding (absent: one V×E table). */
  readonly embed_factor?: number;
}

export interface LmTensorEntry {
  readonly name: string;
  readonly shape: readonly number[];
  readonly dtype: 'f16' | 'i8';
  /** Bytes from the start of the data section. */
  readonly offset: number;
}

export interface LmModelHeader {
  readonly format: typeof LM_MODEL_FORMAT;
  readonly version: typeof LM_MODEL_VERSION;
  readonly config: LmModelConfig;
  readonly tensors: readonly LmTensorEntry[];
  readonly vocabulary: LmVocabulary;
  /** What the trainer recorded (steps, tokens seen, minutes, data, seed, probes): shown on the model card, never used to compute. */
  readonly training: Readonly<Record<string, unknown>>;
}

export interface LmModelFile {
  readonly header: LmModelHeader;
  readonly weights: CausalLmWeights;
  readonly vocabulary: LmVocabulary;
}

function broken(message: string): EngineError {
  return new EngineError('invalid-argument', `The model file is damaged or not a language-model file: ${message}.`);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readConfig(raw: unknown): LmModelConfig {
  if (!isRecord(raw)) throw broken('the header has no config');
  for (const key of ['vocab_size', 'n_positions', 'embed_dim', 'num_heads', 'num_layers', 'ffn_dim'] as const) {
    const v = raw[key];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 1 << 20) throw broken(`config.${key} is ${JSON.stringify(v)}, not a positive whole number`);
  }
  if (raw.activation !== 'gelu' && raw.activation !== 'gelu_tanh') throw broken(`config.activation is ${JSON.stringify(raw.activation)}`);
  if (typeof raw.layer_norm_eps !== 'number' || !(raw.layer_norm_eps > 0)) throw broken('config.layer_norm_eps must be a positive number');
  if (typeof raw.tied_embeddings !== 'boolean') throw broken('config.tied_embeddings must be true or false');
  const factor = raw.embed_factor;
  if (factor !== undefined && (typeof factor !== 'number' || !Number.isInteger(factor) || factor < 1 || factor > (raw.embed_dim as number))) {
    throw broken(`config.embed_factor is ${JSON.stringify(factor)}, not a whole number from 1 to the width`);
  }
  return raw as unknown as LmModelConfig;
}

/** Parses and checks a whole model file; throws an EngineError that says what is wrong with it. */
export function parseLmModelFile(buffer: ArrayBuffer, product: MatrixProduct = referenceProduct): LmModelFile {
  const bytes = new Uint8Array(buffer);
  if (bytes.length < 12 || new TextDecoder().decode(bytes.subarray(0, 8)) !== LM_MODEL_MAGIC) throw broken('it does not start with ATTNLM01');
  const headerLength = new DataView(buffer).getUint32(8, true);
  if (12 + headerLength > bytes.length) throw broken(`the header claims ${headerLength} bytes but the file has ${bytes.length}`);
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(12, 12 + headerLength)));
  } catch {
    throw broken('its header is not valid JSON');
  }
  if (!isRecord(raw) || raw.format !== LM_MODEL_FORMAT) throw broken(`its header's format is not "${LM_MODEL_FORMAT}"`);
  if (raw.version !== LM_MODEL_VERSION) throw broken(`version ${JSON.stringify(raw.version)} is not the version ${LM_MODEL_VERSION} this app reads`);
  const config = readConfig(raw.config);
  const vocabulary = parseVocabulary(raw.vocabulary);
  if (vocabulary.tokens.length !== config.vocab_size) throw broken(`its vocabulary has ${vocabulary.tokens.length} tokens but the model expects ${config.vocab_size}`);
  if (!Array.isArray(raw.tensors)) throw broken('the header lists no tensors');
  const dataStart = Math.ceil((12 + headerLength) / 8) * 8;
  const tensors = new Map<string, { shape: number[]; values: Float32Array }>();
  for (const entry of raw.tensors as unknown[]) {
    if (!isRecord(entry) || typeof entry.name !== 'string' || !Array.isArray(entry.shape) || (entry.dtype !== 'f16' && entry.dtype !== 'i8') || typeof entry.offset !== 'number') throw broken('a tensor entry is malformed');
    const shape = entry.shape.map(Number);
    const count = shape.reduce((a, b) => a * b, 1);
    const start = dataStart + entry.offset;
    const width = entry.dtype === 'f16' ? 2 : 1;
    if (!shape.every((n) => Number.isInteger(n) && n > 0) || !Number.isInteger(entry.offset) || entry.offset < 0 || entry.offset % width !== 0 || start + width * count > bytes.length) {
      throw broken(`tensor ${entry.name} does not fit in the file (the file may be cut short)`);
    }
    tensors.set(entry.name, { shape, values: entry.dtype === 'f16' ? readFloat16(bytes, start, count) : Float32Array.from(new Int8Array(bytes.buffer, bytes.byteOffset + start, count)) });
  }
  const weights = weightsOf(config, tensors, product);
  validateCausalLmWeights(weights); // shapes, and every weight finite (an f16 overflow would be ±Infinity)
  return { header: { ...(raw as unknown as LmModelHeader), config, vocabulary }, weights, vocabulary };
}

function readFloat16(bytes: Uint8Array, start: number, count: number): Float32Array {
  const halves = new Uint16Array(count);
  new Uint8Array(halves.buffer).set(bytes.subarray(start, start + 2 * count)); // copy: the offset may not be 2-aligned in memory
  return float16ToFloat32(halves);
}

/**
 * a · b for a (n×k) and b (k×m), row-major, as a new n×m array. The reader rebuilds a factorised table with it;
 * `trainedModelFromBytes` passes the WebAssembly kernels' GEMM when they are loaded (the TypeScript matmul takes
 * ~0.7 s at 53,248 × 48 × 128 on one core, long enough to stall the page once when the model arrives).
 */
export type MatrixProduct = (a: Matrix, b: Matrix) => Float32Array;

/** The reference product: the engine's own matmul (float64 sums). */
export const referenceProduct: MatrixProduct = (a, b) => matmul(a, b, 'table', 'projection').data;

/** wte (V×E) = (q · scale per row) · proj, q: V×F int8 values, proj: F×E. */
export function rebuildFactorisedTable(q: Float32Array, scale: Float32Array, proj: Float32Array, vocab: number, factor: number, width: number, product: MatrixProduct = referenceProduct): Float32Array {
  const scaled = new Float32Array(vocab * factor);
  for (let v = 0; v < vocab; v++) for (let f = 0; f < factor; f++) scaled[v * factor + f] = q[v * factor + f] * scale[v]; // exact in float32
  return product({ rows: vocab, cols: factor, data: scaled }, { rows: factor, cols: width, data: proj });
}

function weightsOf(c: LmModelConfig, tensors: ReadonlyMap<string, { shape: number[]; values: Float32Array }>, product: MatrixProduct): CausalLmWeights {
  const take = (name: string, shape: readonly number[]): Float32Array => {
    const t = tensors.get(name);
    if (!t) throw broken(`tensor ${name} is missing`);
    if (t.shape.length !== shape.length || t.shape.some((n, i) => n !== shape[i])) throw broken(`tensor ${name} is ${t.shape.join('×')}, expected ${shape.join('×')}`);
    return t.values;
  };
  const matrix = (name: string, rows: number, cols: number): Matrix => ({ rows, cols, data: take(name, [rows, cols]) });
  const e = c.embed_dim;
  const eps = c.layer_norm_eps;
  const layers: CausalLmBlock[] = Array.from({ length: c.num_layers }, (_, i) => {
    const p = `layers.${i}.`;
    return {
      ln1: { weight: take(`${p}ln1_weight`, [e]), bias: take(`${p}ln1_bias`, [e]), eps },
      attention: fromPytorchInProj(c.num_heads, matrix(`${p}in_proj_weight`, 3 * e, e), take(`${p}in_proj_bias`, [3 * e]), matrix(`${p}out_proj_weight`, e, e), take(`${p}out_proj_bias`, [e])),
      ln2: { weight: take(`${p}ln2_weight`, [e]), bias: take(`${p}ln2_bias`, [e]), eps },
      fc: { weight: matrix(`${p}fc_weight`, c.ffn_dim, e), bias: take(`${p}fc_bias`, [c.ffn_dim]) },
      proj: { weight: matrix(`${p}proj_weight`, e, c.ffn_dim), bias: take(`${p}proj_bias`, [e]) },
    };
  });
  return {
    vocabSize: c.vocab_size,
    nPositions: c.n_positions,
    embedDim: e,
    numHeads: c.num_heads,
    numLayers: c.num_layers,
    ffnDim: c.ffn_dim,
    activation: c.activation,
    layerNormEps: eps,
    tiedEmbeddings: c.tied_embeddings,
    wte: c.embed_factor === undefined
      ? matrix('wte', c.vocab_size, e)
      : { rows: c.vocab_size, cols: e, data: rebuildFactorisedTable(take('wte_factor', [c.vocab_size, c.embed_factor]), take('wte_factor_scale', [c.vocab_size]), take('wte_proj', [c.embed_factor, e]), c.vocab_size, c.embed_factor, e, product) },
    wpe: matrix('wpe', c.n_positions, e),
    layers,
    lnf: { weight: take('lnf_weight', [e]), bias: take('lnf_bias', [e]), eps },
    ...(c.tied_embeddings ? {} : { lmHead: matrix('lm_head_weight', c.vocab_size, e) }),
  };
}
