import type { HeadId } from '../../src/engine/choices';
import type { CausalLmWeights } from '../../src/engine/lm/causalLmWeights';
import { causalLmWeightsFromGolden } from '../../src/engine/lm/weightsFromGolden';
import { fromRows, type Matrix } from '../../src/engine/matrix';

/** A golden fixture as described in shared/golden-format.md, parsed and shape-checked. */
export interface MhaFixture {
  readonly kind: 'mha';
  readonly name: string;
  readonly embedDim: number;
  readonly numHeads: number;
  readonly seqLen: number;
  readonly x: Matrix; // L × E
  readonly inProjWeight: Matrix; // 3E × E
  readonly inProjBias: Float32Array; // 3E
  readonly outProjWeight: Matrix; // E × E
  readonly outProjBias: Float32Array; // E
  readonly attnMask: boolean[][] | null; // L × L, true = may NOT attend
  readonly keyPaddingMask: boolean[] | null; // L, true = padding
  /** null entries stand for NaN in PyTorch's answer (a fully masked row). */
  readonly expectedOutput: (number | null)[][]; // L × E
  readonly expectedWeights: (number | null)[][][] | null; // H × L × L
}

export interface EncoderLayerFixture extends Omit<MhaFixture, 'kind' | 'expectedWeights'> {
  readonly kind: 'encoder_layer';
  readonly ffnDim: number;
  readonly normFirst: boolean;
  readonly layerNormEps: number;
  readonly linear1Weight: Matrix; // F × E
  readonly linear1Bias: Float32Array; // F
  readonly linear2Weight: Matrix; // E × F
  readonly linear2Bias: Float32Array; // E
  readonly norm1Weight: Float32Array;
  readonly norm1Bias: Float32Array;
  readonly norm2Weight: Float32Array;
  readonly norm2Bias: Float32Array;
}

/** A GPT-2 style language model: its weights (decoded by the engine), the ids it reads and what PyTorch computed. */
export interface CausalLmFixture {
  readonly kind: 'causal_lm';
  readonly name: string;
  readonly embedDim: number;
  readonly numHeads: number;
  readonly seqLen: number;
  readonly weights: CausalLmWeights;
  readonly tokenIds: readonly number[]; // L
  readonly disabledHeads: readonly HeadId[];
  readonly expectedLogits: (number | null)[][]; // L × V, or L × C with logitsColumns
  readonly expectedWeights: (number | null)[][][][]; // N × H × L × L
  /**
   * `logits_columns` (C vocabulary ids): the fixture stores only these columns of the logits, plus each row's
   * log-sum-exp over the whole vocabulary (`expected.logsumexp`, L), which every logit moves. For a vocabulary of
   * 53,248 the full L × V grid would be megabytes a fixture.
   */
  readonly logitsColumns?: readonly number[];
  readonly expectedLogSumExp?: readonly number[]; // L
}

export type GoldenFixture = MhaFixture | EncoderLayerFixture | CausalLmFixture;

/** Thrown when a file is not a fixture we can check; the message says which field and why. */
export class FixtureFormatError extends Error {
  override name = 'FixtureFormatError';
}

type Json = unknown;

function field(obj: Record<string, Json>, key: string): Json {
  if (!(key in obj)) throw new FixtureFormatError(`missing field "${key}"`);
  return obj[key];
}

function positiveInt(obj: Record<string, Json>, key: string): number {
  const v = field(obj, key);
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new FixtureFormatError(`"${key}" must be a positive integer, got ${JSON.stringify(v)}`);
  return v;
}

function finiteNumber(v: Json, where: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new FixtureFormatError(`${where} must be a finite number, got ${JSON.stringify(v)}`);
  return v;
}

function vector(obj: Record<string, Json>, key: string, length: number): Float32Array {
  const v = field(obj, key);
  if (!Array.isArray(v) || v.length !== length) throw new FixtureFormatError(`"${key}" must be a list of ${length} numbers`);
  return Float32Array.from(v, (x, i) => finiteNumber(x, `${key}[${i}]`));
}

function matrix(obj: Record<string, Json>, key: string, rows: number, cols: number): Matrix {
  const v = field(obj, key);
  if (!Array.isArray(v) || v.length !== rows) throw new FixtureFormatError(`"${key}" must be ${rows}×${cols} (a list of ${rows} rows)`);
  const parsed = v.map((r: Json, i: number) => {
    if (!Array.isArray(r) || r.length !== cols) throw new FixtureFormatError(`"${key}" row ${i} must hold ${cols} numbers`);
    return r.map((x: Json, j: number) => finiteNumber(x, `${key}[${i}][${j}]`));
  });
  return fromRows(parsed, key);
}

/** Expected values may be null where PyTorch produced NaN. */
function expectedGrid(v: Json, rows: number, cols: number, where: string): (number | null)[][] {
  if (!Array.isArray(v) || v.length !== rows) throw new FixtureFormatError(`${where} must be ${rows}×${cols}`);
  return v.map((r: Json, i: number) => {
    if (!Array.isArray(r) || r.length !== cols) throw new FixtureFormatError(`${where} row ${i} must hold ${cols} values`);
    return r.map((x: Json, j: number) => (x === null ? null : finiteNumber(x, `${where}[${i}][${j}]`)));
  });
}

function booleanList(v: Json, length: number, where: string): boolean[] {
  if (!Array.isArray(v) || v.length !== length) throw new FixtureFormatError(`${where} must be a list of ${length} booleans`);
  return v.map((x: Json, i: number) => {
    if (typeof x !== 'boolean') throw new FixtureFormatError(`${where}[${i}] must be true or false, got ${JSON.stringify(x)}`);
    return x;
  });
}

function isRecord(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function headPair(v: Json, i: number): HeadId {
  if (!Array.isArray(v) || v.length !== 2 || !v.every((n) => Number.isInteger(n))) throw new FixtureFormatError(`disabled_heads[${i}] must be a [layer, head] pair`);
  const [layer, head] = v as number[];
  return { layer, head };
}

/**
 * Where a causal_lm fixture's model lives when it is too large (or too real) to inline, resolved by the caller (paths
 * are relative to the fixture file): `model_file`, the app's own model file; `checkpoint`, a Hugging Face GPT-2
 * `model.safetensors` with its `config.json`.
 */
export interface ExternalModelLoaders {
  readonly modelFile?: (path: string) => CausalLmWeights;
  readonly checkpoint?: (safetensorsPath: string, configPath: string) => CausalLmWeights;
}

/** `"checkpoint": {"safetensors": "…/model.safetensors", "config": "…/config.json"}` → the two paths. */
function checkpointPaths(v: Json): { safetensors: string; config: string } {
  if (!isRecord(v) || typeof v.safetensors !== 'string' || typeof v.config !== 'string') {
    throw new FixtureFormatError('"checkpoint" must be {"safetensors": path, "config": path} (paths relative to the fixture)');
  }
  return { safetensors: v.safetensors, config: v.config };
}

/** The config fields a fixture states must agree with the external model's, so a fixture cannot check the wrong file. */
function checkStatedConfig(raw: Record<string, Json>, weights: CausalLmWeights, source: string): void {
  const stated: [string, number | string | boolean][] = [
    ['vocab_size', weights.vocabSize], ['n_positions', weights.nPositions], ['embed_dim', weights.embedDim], ['num_heads', weights.numHeads],
    ['num_layers', weights.numLayers], ['ffn_dim', weights.ffnDim], ['activation', weights.activation], ['layer_norm_eps', weights.layerNormEps],
    ['tied_embeddings', weights.tiedEmbeddings],
  ];
  for (const [key, value] of stated) {
    if (key in raw && raw[key] !== value) throw new FixtureFormatError(`"${key}" is ${JSON.stringify(raw[key])} but ${source} has ${JSON.stringify(value)}`);
  }
}

/**
 * The model: through the engine's own decoder (src/engine/lm/weightsFromGolden.ts) when inline, else from the
 * `model_file` or `checkpoint` it names (see ExternalModelLoaders), whose config must agree with the fields the fixture
 * states. The rest is the checker's.
 */
function causalLmWeights(raw: Record<string, Json>, loaders: ExternalModelLoaders): CausalLmWeights {
  if ('model_file' in raw && 'checkpoint' in raw) throw new FixtureFormatError('a fixture names either "model_file" or "checkpoint", not both');
  if (typeof raw.model_file === 'string') {
    if (!loaders.modelFile) throw new FixtureFormatError('"model_file" needs a loader (run the fixture through checkFile)');
    const weights = loaders.modelFile(raw.model_file);
    checkStatedConfig(raw, weights, raw.model_file);
    return weights;
  }
  if ('checkpoint' in raw) {
    const paths = checkpointPaths(raw.checkpoint);
    if (!loaders.checkpoint) throw new FixtureFormatError('"checkpoint" needs a loader (run the fixture through checkFile)');
    const weights = loaders.checkpoint(paths.safetensors, paths.config);
    checkStatedConfig(raw, weights, `${paths.safetensors} with ${paths.config}`);
    return weights;
  }
  return causalLmWeightsFromGolden(raw);
}

function parseCausalLm(raw: Record<string, Json>, loaders: ExternalModelLoaders): CausalLmFixture {
  const weights = causalLmWeights(raw, loaders);
  const ids = field(raw, 'token_ids');
  if (!Array.isArray(ids) || ids.length < 1 || ids.length > weights.nPositions) throw new FixtureFormatError(`"token_ids" must be a list of 1 to ${weights.nPositions} ids`);
  const tokenIds = ids.map((id: Json, i: number) => {
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id >= weights.vocabSize) throw new FixtureFormatError(`token_ids[${i}] must be an id in [0, ${weights.vocabSize})`);
    return id;
  });
  const disabled = field(raw, 'disabled_heads');
  if (!Array.isArray(disabled)) throw new FixtureFormatError('"disabled_heads" must be a list of [layer, head] pairs');
  const expected = field(raw, 'expected');
  if (!isRecord(expected)) throw new FixtureFormatError('"expected" must be an object');
  const l = tokenIds.length;
  const { numLayers: n, numHeads: h } = weights;
  const w = field(expected, 'weights');
  if (!Array.isArray(w) || w.length !== n) throw new FixtureFormatError(`expected.weights must be ${n}×${h}×${l}×${l}`);
  const expectedWeights = w.map((layer: Json, i: number) => {
    if (!Array.isArray(layer) || layer.length !== h) throw new FixtureFormatError(`expected.weights[${i}] must hold ${h} heads`);
    return layer.map((m: Json, j: number) => expectedGrid(m, l, l, `expected.weights[${i}][${j}]`));
  });
  const columns = 'logits_columns' in raw ? logitsColumns(raw.logits_columns, weights.vocabSize) : undefined;
  const logSumExp = columns ? field(expected, 'logsumexp') : undefined;
  if (logSumExp !== undefined && (!Array.isArray(logSumExp) || logSumExp.length !== l)) throw new FixtureFormatError(`expected.logsumexp must hold ${l} numbers, one a position`);
  return {
    kind: 'causal_lm',
    name: typeof raw.name === 'string' ? raw.name : '(unnamed)',
    embedDim: weights.embedDim,
    numHeads: h,
    seqLen: l,
    weights,
    tokenIds,
    disabledHeads: disabled.map(headPair),
    expectedLogits: expectedGrid(field(expected, 'logits'), l, columns?.length ?? weights.vocabSize, 'expected.logits'),
    expectedWeights,
    ...(columns && Array.isArray(logSumExp) ? { logitsColumns: columns, expectedLogSumExp: logSumExp.map((x: Json, i: number) => finiteNumber(x, `expected.logsumexp[${i}]`)) } : {}),
  };
}

function logitsColumns(v: Json, vocabSize: number): number[] {
  if (!Array.isArray(v) || v.length < 1) throw new FixtureFormatError('"logits_columns" must be a list of vocabulary ids');
  const seen = new Set<number>();
  return v.map((id: Json, i: number) => {
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id >= vocabSize || seen.has(id)) throw new FixtureFormatError(`logits_columns[${i}] must be a new id in [0, ${vocabSize})`);
    seen.add(id);
    return id;
  });
}

/** `loaders` resolve a causal_lm fixture's `model_file` or `checkpoint` (relative to the fixture) to the weights they hold. */
export function parseFixture(raw: Json, loaders: ExternalModelLoaders = {}): GoldenFixture {
  if (!isRecord(raw)) throw new FixtureFormatError('the file must hold one JSON object');
  const kind = field(raw, 'kind');
  if (kind === 'causal_lm') return parseCausalLm(raw, loaders);
  if (kind !== 'mha' && kind !== 'encoder_layer') throw new FixtureFormatError(`unknown kind ${JSON.stringify(kind)} (expected "mha", "encoder_layer" or "causal_lm")`);
  const e = positiveInt(raw, 'embed_dim');
  const h = positiveInt(raw, 'num_heads');
  const x = field(raw, 'x');
  const l = 'seq_len' in raw ? positiveInt(raw, 'seq_len') : Array.isArray(x) ? x.length : 0;
  const attnMaskRaw = field(raw, 'attn_mask');
  const paddingRaw = field(raw, 'key_padding_mask');
  const expected = field(raw, 'expected');
  if (!isRecord(expected)) throw new FixtureFormatError('"expected" must be an object');
  const base = {
    name: typeof raw.name === 'string' ? raw.name : '(unnamed)',
    embedDim: e,
    numHeads: h,
    seqLen: l,
    x: matrix(raw, 'x', l, e),
    inProjWeight: matrix(raw, 'in_proj_weight', 3 * e, e),
    inProjBias: vector(raw, 'in_proj_bias', 3 * e),
    outProjWeight: matrix(raw, 'out_proj_weight', e, e),
    outProjBias: vector(raw, 'out_proj_bias', e),
    attnMask: attnMaskRaw === null ? null : (Array.isArray(attnMaskRaw) ? attnMaskRaw : [null]).map((r: Json, i: number) => booleanList(r, l, `attn_mask row ${i}`)),
    keyPaddingMask: paddingRaw === null ? null : booleanList(paddingRaw, l, 'key_padding_mask'),
    expectedOutput: expectedGrid(field(expected, 'output'), l, e, 'expected.output'),
  };
  if (base.attnMask && base.attnMask.length !== l) throw new FixtureFormatError(`attn_mask must be ${l}×${l}`);

  if (kind === 'mha') {
    const w = 'weights' in expected ? expected.weights : null;
    let expectedWeights: (number | null)[][][] | null = null;
    if (w !== null && w !== undefined) {
      if (!Array.isArray(w) || w.length !== h) throw new FixtureFormatError(`expected.weights must be ${h}×${l}×${l}`);
      expectedWeights = w.map((m: Json, i: number) => expectedGrid(m, l, l, `expected.weights[${i}]`));
    }
    return { kind, ...base, expectedWeights };
  }
  const f = positiveInt(raw, 'ffn_dim');
  const normFirst = field(raw, 'norm_first');
  if (typeof normFirst !== 'boolean') throw new FixtureFormatError('"norm_first" must be true or false');
  const activation = 'activation' in raw ? raw.activation : 'relu';
  if (activation !== 'relu') throw new FixtureFormatError(`activation ${JSON.stringify(activation)} is not supported (only "relu")`);
  const eps = 'layer_norm_eps' in raw ? finiteNumber(raw.layer_norm_eps, '"layer_norm_eps"') : 1e-5;
  return {
    kind,
    ...base,
    ffnDim: f,
    normFirst,
    layerNormEps: eps,
    linear1Weight: matrix(raw, 'linear1_weight', f, e),
    linear1Bias: vector(raw, 'linear1_bias', f),
    linear2Weight: matrix(raw, 'linear2_weight', e, f),
    linear2Bias: vector(raw, 'linear2_bias', e),
    norm1Weight: vector(raw, 'norm1_weight', e),
    norm1Bias: vector(raw, 'norm1_bias', e),
    norm2Weight: vector(raw, 'norm2_weight', e),
    norm2Bias: vector(raw, 'norm2_bias', e),
  };
}
