import { EngineError } from '../errors';
import { isTaskName } from './tasks';
import { TASK_NAMES, type NamedTensor, type TinyModelConfig, type TrainSettings, type WeightsFile } from './types';

/**
 * Reads and writes the weights file (public/models/<task>.json, Trainer.exportWeights()). Tensor data is the
 * little-endian float32 bytes in base64, encoded by hand so that the same code runs in Node and in the browser
 * (no Buffer, no btoa on huge strings). Decoding trusts nothing: a file edited by hand or cut short must be refused
 * with a sentence that says what is wrong, never turned into a model with NaNs or the wrong shapes.
 */

export const WEIGHTS_FORMAT = 'attention-lab-tiny-transformer';
export const WEIGHTS_VERSION = 1;

/** What a weights file holds, with the tensors decoded. */
export interface DecodedWeights {
  readonly config: TinyModelConfig;
  readonly settings: TrainSettings;
  readonly step: number;
  readonly heldOutAccuracy: number;
  readonly tensors: Map<string, NamedTensor>;
}

export interface WeightsToEncode {
  readonly config: TinyModelConfig;
  readonly settings: TrainSettings;
  readonly step: number;
  readonly heldOutAccuracy: number;
  readonly tensors: ReadonlyMap<string, NamedTensor> | Readonly<Record<string, NamedTensor>>;
}

/** Upper limits that keep a malformed file from making the browser allocate gigabytes; far above the toy models. */
export const CONFIG_LIMITS = { vocab: 4096, seqLen: 1024, layers: 16, heads: 64, width: 1024, ffnWidth: 4096 } as const;

/** Every tensor of the model, in the order of types.ts, with its shape (a weight is [out × in], as PyTorch). */
export function expectedTensorShapes(config: TinyModelConfig): Map<string, number[]> {
  const { vocab: v, width: e, ffnWidth: f } = config;
  const shapes = new Map<string, number[]>([['embedding', [v, e]]]);
  for (let i = 0; i < config.layers; i++) {
    const p = `layers.${i}.`;
    shapes.set(`${p}attn.in_proj_weight`, [3 * e, e]);
    shapes.set(`${p}attn.in_proj_bias`, [3 * e]);
    shapes.set(`${p}attn.out_proj.weight`, [e, e]);
    shapes.set(`${p}attn.out_proj.bias`, [e]);
    shapes.set(`${p}norm1.weight`, [e]);
    shapes.set(`${p}norm1.bias`, [e]);
    shapes.set(`${p}ffn.linear1.weight`, [f, e]);
    shapes.set(`${p}ffn.linear1.bias`, [f]);
    shapes.set(`${p}ffn.linear2.weight`, [e, f]);
    shapes.set(`${p}ffn.linear2.bias`, [e]);
    shapes.set(`${p}norm2.weight`, [e]);
    shapes.set(`${p}norm2.bias`, [e]);
  }
  shapes.set('classifier.weight', [v, e]);
  shapes.set('classifier.bias', [v]);
  return shapes;
}

function invalid(message: string): EngineError {
  return new EngineError('invalid-argument', message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function wholeNumber(record: Record<string, unknown>, key: string, where: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = record[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
    throw invalid(`${where}.${key} must be a whole number ${range}, but it is ${JSON.stringify(value) ?? 'missing'}.`);
  }
  return value;
}

function finiteNumber(record: Record<string, unknown>, key: string, where: string, min: number, max = Infinity): number {
  const value = record[key];
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    const range = max === Infinity ? `≥ ${min}` : `from ${min} to ${max}`;
    throw invalid(`${where}.${key} must be a number ${range}, but it is ${JSON.stringify(value) ?? 'missing'}.`);
  }
  return value;
}

/** Checks an untrusted model description (sizes, heads dividing the width, a known task) and returns a clean copy. */
export function parseModelConfig(value: unknown, where = 'config'): TinyModelConfig {
  if (!isRecord(value)) throw invalid(`${where} must be an object describing the model.`);
  if (!isTaskName(value.task)) {
    throw invalid(`${where}.task must be one of ${TASK_NAMES.join(', ')}, but it is ${JSON.stringify(value.task) ?? 'missing'}.`);
  }
  const vocab = wholeNumber(value, 'vocab', where, 2, CONFIG_LIMITS.vocab);
  const seqLen = wholeNumber(value, 'seqLen', where, 1, CONFIG_LIMITS.seqLen);
  const layers = wholeNumber(value, 'layers', where, 1, CONFIG_LIMITS.layers);
  const heads = wholeNumber(value, 'heads', where, 1, CONFIG_LIMITS.heads);
  const width = wholeNumber(value, 'width', where, 1, CONFIG_LIMITS.width);
  const ffnWidth = wholeNumber(value, 'ffnWidth', where, 1, CONFIG_LIMITS.ffnWidth);
  if (width % heads !== 0) throw invalid(`${where}: the width ${width} cannot be split evenly into ${heads} heads.`);
  if (typeof value.causal !== 'boolean') throw invalid(`${where}.causal must be true or false.`);
  return { task: value.task, vocab, seqLen, layers, heads, width, ffnWidth, causal: value.causal };
}

/** Checks untrusted training settings and returns a clean copy. */
export function parseTrainSettings(value: unknown, where = 'settings'): TrainSettings {
  if (!isRecord(value)) throw invalid(`${where} must be an object with the training settings.`);
  const learningRate = finiteNumber(value, 'learningRate', where, 0);
  const warmupSteps = wholeNumber(value, 'warmupSteps', where, 0);
  const batchSize = wholeNumber(value, 'batchSize', where, 1);
  const clipNorm = finiteNumber(value, 'clipNorm', where, 0);
  const seed = wholeNumber(value, 'seed', where, 0, 0xffffffff);
  return { learningRate, warmupSteps, batchSize, clipNorm, seed };
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Int16Array(128).fill(-1);
for (let i = 0; i < BASE64_ALPHABET.length; i++) BASE64_VALUE[BASE64_ALPHABET.charCodeAt(i)] = i;

export function bytesToBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let chunk = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i];
    const b = i + 1 < bytes.length ? bytes[i + 1] : 0;
    const c = i + 2 < bytes.length ? bytes[i + 2] : 0;
    chunk += BASE64_ALPHABET[a >> 2] + BASE64_ALPHABET[((a & 3) << 4) | (b >> 4)];
    chunk += i + 1 < bytes.length ? BASE64_ALPHABET[((b & 15) << 2) | (c >> 6)] : '=';
    chunk += i + 2 < bytes.length ? BASE64_ALPHABET[c & 63] : '=';
    if (chunk.length >= 8192) {
      parts.push(chunk);
      chunk = '';
    }
  }
  parts.push(chunk);
  return parts.join('');
}

/** Strict base64 (standard alphabet, padded, no whitespace); null if `text` is not that. */
export function base64ToBytes(text: string): Uint8Array | null {
  if (text.length % 4 !== 0) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((text.length / 4) * 3 - padding);
  let out = 0;
  for (let i = 0; i < text.length; i += 4) {
    const last = i + 4 === text.length;
    let group = 0;
    for (let j = 0; j < 4; j++) {
      const code = text.charCodeAt(i + j);
      const isPad = code === 61 && last && j >= 4 - padding;
      const digit = isPad ? 0 : code < 128 ? BASE64_VALUE[code] : -1;
      if (digit < 0) return null;
      group = (group << 6) | digit;
    }
    bytes[out++] = (group >> 16) & 255;
    if (out < bytes.length) bytes[out++] = (group >> 8) & 255;
    if (out < bytes.length) bytes[out++] = group & 255;
  }
  return bytes;
}

function float32ToBase64(data: Float32Array): string {
  const bytes = new Uint8Array(data.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < data.length; i++) view.setFloat32(i * 4, data[i], true);
  return bytesToBase64(bytes);
}

const sameShape = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((n, i) => n === b[i]);
const showShape = (shape: readonly number[]): string => `[${shape.join(' × ')}]`;
const valueCount = (shape: readonly number[]): number => shape.reduce((n, d) => n * d, 1);

function firstNonFinite(data: Float32Array): number {
  for (let i = 0; i < data.length; i++) if (!Number.isFinite(data[i])) return i;
  return -1;
}

/** Every expected tensor present once, no others: the names a file or a trainer gave, against the config's. */
function checkNames(names: Iterable<string>, expected: Map<string, number[]>): void {
  const present = new Set(names);
  for (const name of expected.keys()) if (!present.has(name)) throw invalid(`The weights have no tensor named ${name}.`);
  for (const name of present) if (!expected.has(name)) throw invalid(`The weights have a tensor named ${name}, which this model does not use.`);
}

/** Packs a trained model into the file format; refuses tensors that do not fit the config, so a bad file is never written. */
export function encodeWeightsFile(weights: WeightsToEncode): WeightsFile {
  const config = parseModelConfig(weights.config);
  const settings = parseTrainSettings(weights.settings);
  const step = wholeNumber({ step: weights.step }, 'step', 'weights', 0);
  const heldOutAccuracy = finiteNumber({ heldOutAccuracy: weights.heldOutAccuracy }, 'heldOutAccuracy', 'weights', 0, 1);
  const source: ReadonlyMap<string, NamedTensor> =
    weights.tensors instanceof Map ? weights.tensors : new Map(Object.entries(weights.tensors as Readonly<Record<string, NamedTensor>>));
  const expected = expectedTensorShapes(config);
  checkNames(source.keys(), expected);
  const tensors: Record<string, { shape: number[]; data: string }> = {};
  for (const [name, shape] of expected) {
    const tensor = source.get(name) as NamedTensor;
    if (!sameShape(tensor.shape, shape)) throw invalid(`${name} has shape ${showShape(tensor.shape)} but ${showShape(shape)} was expected.`);
    if (tensor.data.length !== valueCount(shape)) {
      throw invalid(`${name} has ${tensor.data.length} values but ${valueCount(shape)} were expected.`);
    }
    const bad = firstNonFinite(tensor.data);
    if (bad >= 0) throw invalid(`${name} holds a value that is not a finite number (${tensor.data[bad]} at index ${bad}).`);
    tensors[name] = { shape: [...shape], data: float32ToBase64(tensor.data) };
  }
  return { format: WEIGHTS_FORMAT, version: WEIGHTS_VERSION, config, settings, step, heldOutAccuracy, tensors };
}

function decodeTensor(name: string, entry: unknown, shape: readonly number[]): NamedTensor {
  if (!isRecord(entry)) throw invalid(`${name} must be an object with a shape and base64 data.`);
  const given = entry.shape;
  if (!Array.isArray(given) || !given.every((d): d is number => typeof d === 'number')) {
    throw invalid(`${name}.shape must be a list of sizes, like ${JSON.stringify(shape)}.`);
  }
  if (!sameShape(given, shape)) throw invalid(`${name} has shape ${showShape(given)} but ${showShape(shape)} was expected.`);
  if (typeof entry.data !== 'string') throw invalid(`${name}.data must be a base64 string.`);
  const bytes = base64ToBytes(entry.data);
  if (bytes === null) throw invalid(`${name}.data is not valid base64.`);
  if (bytes.length % 4 !== 0) throw invalid(`${name}.data is ${bytes.length} bytes, which is not a whole number of float32 values.`);
  const expectedValues = valueCount(shape);
  if (bytes.length / 4 !== expectedValues) throw invalid(`${name} has ${bytes.length / 4} values but ${expectedValues} were expected.`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const data = new Float32Array(expectedValues);
  for (let i = 0; i < expectedValues; i++) data[i] = view.getFloat32(i * 4, true);
  const bad = firstNonFinite(data);
  if (bad >= 0) throw invalid(`${name} holds a value that is not a finite number (${data[bad]} at index ${bad}).`);
  return { shape: [...shape], data };
}

/** Reads an untrusted weights file (parsed JSON); throws EngineError('invalid-argument') naming the first problem. */
export function decodeWeightsFile(json: unknown): DecodedWeights {
  if (!isRecord(json)) throw invalid('A weights file must be a JSON object.');
  if (json.format !== WEIGHTS_FORMAT) {
    throw invalid(`This is not an Attention Lab weights file: its format is ${JSON.stringify(json.format) ?? 'missing'}, not "${WEIGHTS_FORMAT}".`);
  }
  if (json.version !== WEIGHTS_VERSION) {
    throw invalid(`This weights file has version ${JSON.stringify(json.version) ?? 'missing'}; only version ${WEIGHTS_VERSION} can be read.`);
  }
  const config = parseModelConfig(json.config);
  const settings = parseTrainSettings(json.settings);
  const step = wholeNumber(json, 'step', 'weights file', 0);
  const heldOutAccuracy = finiteNumber(json, 'heldOutAccuracy', 'weights file', 0, 1);
  if (!isRecord(json.tensors)) throw invalid('The weights file has no tensors object.');
  const entries = json.tensors;
  const expected = expectedTensorShapes(config);
  checkNames(Object.keys(entries), expected);
  const tensors = new Map<string, NamedTensor>();
  for (const [name, shape] of expected) tensors.set(name, decodeTensor(name, entries[name], shape));
  return { config, settings, step, heldOutAccuracy, tensors };
}
