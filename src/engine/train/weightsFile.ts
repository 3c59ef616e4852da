import type { EngineError } from '../errors';
import { headsDivide } from '../multiHead';
import { truncateLabel } from '../truncate';
import { QUOTE_MAX, quoteText, quoteValue, refusal } from './modelFileProblem';
import { isTaskName } from './tasks';
import { checkTrainingMemory } from './trainingMemory';
import { TASK_NAMES, type NamedTensor, type TinyModelConfig, type TrainSettings, type WeightsFile } from './types';

/**
 * Reads and writes the weights file (public/models/<task>.json, Trainer.exportWeights()). Tensor data is the
 * little-endian float32 bytes in base64, encoded by hand so that the same code runs in Node and in the browser
 * (no Buffer, no btoa on huge strings). Decoding trusts nothing: a file edited by hand or cut short must be refused
 * with a sentence that says what is wrong, never turned into a model with NaNs or the wrong shapes. Every value of
 * the file quoted back is cut to QUOTE_MAX characters.
 */

export const WEIGHTS_FORMAT = 'attention-lab-tiny-transformer';
export const WEIGHTS_VERSION = 1;

/** What a weights file says about the model besides its tensors. */
interface WeightsHeader {
  readonly config: TinyModelConfig;
  readonly settings: TrainSettings;
  readonly step: number;
  readonly heldOutAccuracy: number;
}

/** What a weights file holds, with the tensors decoded. */
export interface DecodedWeights extends WeightsHeader {
  readonly tensors: Map<string, NamedTensor>;
}

export interface WeightsToEncode extends WeightsHeader {
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

/** Sizes of the training settings; the batch far above the tasks' 64, and the memory check decides the rest. */
export const SETTINGS_LIMITS = { batchSize: 1024 } as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field of the file (own properties only: a key like "constructor" must not reach Object.prototype). */
const own = (record: Record<string, unknown>, key: string): unknown => (Object.hasOwn(record, key) ? record[key] : undefined);

const fieldName = (where: string, key: string): string => (where === '' ? key : `${where}.${key}`);

function missing(field: string, what: string): EngineError {
  return refusal({ reason: 'field-missing', params: { field } }, `${field} is missing; it must be ${what}.`);
}

function wholeNumber(record: Record<string, unknown>, key: string, where: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = own(record, key);
  const field = fieldName(where, key);
  const words = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
  if (value === undefined) throw missing(field, `a whole number ${words}`);
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `${min}–${max}`;
    const shown = quoteValue(value);
    throw refusal({ reason: 'field-whole', params: { field, range, value: shown } }, `${field} must be a whole number ${words}, but it is ${shown}.`);
  }
  return value;
}

function finiteNumber(record: Record<string, unknown>, key: string, where: string, min: number, max = Infinity): number {
  const value = own(record, key);
  const field = fieldName(where, key);
  const words = max === Infinity ? `≥ ${min}` : `from ${min} to ${max}`;
  if (value === undefined) throw missing(field, `a number ${words}`);
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    const range = max === Infinity ? `≥ ${min}` : `${min}–${max}`;
    const shown = quoteValue(value);
    throw refusal({ reason: 'field-number', params: { field, range, value: shown } }, `${field} must be a number ${words}, but it is ${shown}.`);
  }
  return value;
}

/** The object at `field`, or a refusal naming it (missing, or something else). */
function object(value: unknown, field: string, what: string): Record<string, unknown> {
  if (value === undefined) throw missing(field, what);
  if (!isRecord(value)) {
    const shown = quoteValue(value);
    throw refusal({ reason: 'field-object', params: { field, value: shown } }, `${field} must be ${what}, but it is ${shown}.`);
  }
  return value;
}

/** Checks an untrusted model description (sizes, heads dividing the width, a known task) and returns a clean copy. */
export function parseModelConfig(input: unknown, where = 'config'): TinyModelConfig {
  const value = object(input, where, 'an object describing the model');
  const task = own(value, 'task');
  const tasks = TASK_NAMES.join(', ');
  if (task === undefined) throw missing(fieldName(where, 'task'), `one of ${tasks}`);
  if (!isTaskName(task)) {
    const field = fieldName(where, 'task');
    const shown = quoteValue(task);
    throw refusal({ reason: 'task', params: { field, tasks, value: shown } }, `${field} must be one of ${tasks}, but it is ${shown}.`);
  }
  const vocab = wholeNumber(value, 'vocab', where, 2, CONFIG_LIMITS.vocab);
  // Induction predicts from an earlier occurrence, so it needs at least two tokens.
  const seqLen = wholeNumber(value, 'seqLen', where, task === 'induction' ? 2 : 1, CONFIG_LIMITS.seqLen);
  const layers = wholeNumber(value, 'layers', where, 1, CONFIG_LIMITS.layers);
  const heads = wholeNumber(value, 'heads', where, 1, CONFIG_LIMITS.heads);
  const width = wholeNumber(value, 'width', where, 1, CONFIG_LIMITS.width);
  const ffnWidth = wholeNumber(value, 'ffnWidth', where, 1, CONFIG_LIMITS.ffnWidth);
  if (!headsDivide(width, heads)) {
    throw refusal({ reason: 'divide', params: { width, heads } }, `${where}: the width ${width} cannot be split evenly into ${heads} heads.`);
  }
  const causal = own(value, 'causal');
  if (typeof causal !== 'boolean') {
    const field = fieldName(where, 'causal');
    if (causal === undefined) throw missing(field, 'true or false');
    const shown = quoteValue(causal);
    throw refusal({ reason: 'field-boolean', params: { field, value: shown } }, `${field} must be true or false, but it is ${shown}.`);
  }
  return { task, vocab, seqLen, layers, heads, width, ffnWidth, causal };
}

/** Checks untrusted training settings and returns a clean copy. */
export function parseTrainSettings(input: unknown, where = 'settings'): TrainSettings {
  const value = object(input, where, 'an object with the training settings');
  const learningRate = finiteNumber(value, 'learningRate', where, 0);
  const warmupSteps = wholeNumber(value, 'warmupSteps', where, 0);
  const batchSize = wholeNumber(value, 'batchSize', where, 1, SETTINGS_LIMITS.batchSize);
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

const sameShape = (a: readonly unknown[], b: readonly number[]): boolean => a.length === b.length && a.every((n, i) => n === b[i]);
const showShape = (shape: readonly number[]): string => `[${shape.join(' × ')}]`;

/** A shape from the file as it is quoted: its first sizes, at most QUOTE_MAX characters (a list of a million is not walked). */
function showGivenShape(given: unknown): string {
  if (!Array.isArray(given)) return quoteValue(given);
  const sizes = given.slice(0, QUOTE_MAX).map((d: unknown) => (typeof d === 'number' ? String(d) : quoteValue(d)));
  return truncateLabel(`[${sizes.join(' × ')}${given.length > QUOTE_MAX ? ' × …' : ''}]`, QUOTE_MAX);
}

const valueCount = (shape: readonly number[]): number => shape.reduce((n, d) => n * d, 1);

function firstNonFinite(data: Float32Array): number {
  for (let i = 0; i < data.length; i++) if (!Number.isFinite(data[i])) return i;
  return -1;
}

/** Every expected tensor present once, no others: the names a file or a trainer gave, against the config's. */
function checkNames(names: Iterable<string>, expected: Map<string, number[]>): void {
  const present = new Set(names);
  for (const tensor of expected.keys()) {
    if (!present.has(tensor)) throw refusal({ reason: 'missing-tensor', params: { tensor } }, `The weights have no tensor named ${tensor}.`);
  }
  for (const name of present) {
    if (expected.has(name)) continue;
    const tensor = quoteText(name);
    throw refusal({ reason: 'extra-tensor', params: { tensor } }, `The weights have a tensor named ${tensor}, which this model does not use.`);
  }
}

function wrongShape(tensor: string, given: unknown, shape: readonly number[]): EngineError {
  const shown = showGivenShape(given);
  const expected = showShape(shape);
  return refusal({ reason: 'shape', params: { tensor, shape: shown, expected } }, `${tensor} has shape ${shown} but ${expected} was expected.`);
}

function wrongCount(tensor: string, count: number, expected: number): EngineError {
  return refusal({ reason: 'count', params: { tensor, count, expected } }, `${tensor} has ${count} values but ${expected} were expected.`);
}

function notFinite(tensor: string, data: Float32Array, index: number): EngineError {
  const value = String(data[index]);
  return refusal(
    { reason: 'not-finite', params: { tensor, value, index } },
    `${tensor} holds a value that is not a finite number (${value} at index ${index}).`,
  );
}

/** Packs a trained model into the file format; refuses tensors that do not fit the config, so a bad file is never written. */
export function encodeWeightsFile(weights: WeightsToEncode): WeightsFile {
  const config = parseModelConfig(weights.config);
  const settings = parseTrainSettings(weights.settings);
  const step = wholeNumber({ step: weights.step }, 'step', '', 0);
  const heldOutAccuracy = finiteNumber({ heldOutAccuracy: weights.heldOutAccuracy }, 'heldOutAccuracy', '', 0, 1);
  const source: ReadonlyMap<string, NamedTensor> =
    weights.tensors instanceof Map ? weights.tensors : new Map(Object.entries(weights.tensors as Readonly<Record<string, NamedTensor>>));
  const expected = expectedTensorShapes(config);
  checkNames(source.keys(), expected);
  const tensors: Record<string, { shape: number[]; data: string }> = {};
  for (const [name, shape] of expected) {
    const tensor = source.get(name) as NamedTensor;
    if (!sameShape(tensor.shape, shape)) throw wrongShape(name, tensor.shape, shape);
    if (tensor.data.length !== valueCount(shape)) throw wrongCount(name, tensor.data.length, valueCount(shape));
    const bad = firstNonFinite(tensor.data);
    if (bad >= 0) throw notFinite(name, tensor.data, bad);
    tensors[name] = { shape: [...shape], data: float32ToBase64(tensor.data) };
  }
  return { format: WEIGHTS_FORMAT, version: WEIGHTS_VERSION, config, settings, step, heldOutAccuracy, tensors };
}

function decodeTensor(name: string, input: unknown, shape: readonly number[]): NamedTensor {
  const entry = object(input, name, 'an object with a shape and base64 data');
  const given = own(entry, 'shape');
  if (!Array.isArray(given) || !sameShape(given, shape)) throw wrongShape(name, given, shape);
  const text = own(entry, 'data');
  const bytes = typeof text === 'string' ? base64ToBytes(text) : null;
  if (bytes === null) {
    const why = typeof text === 'string' ? 'is not valid base64' : 'must be a base64 string';
    throw refusal({ reason: 'base64', params: { tensor: name } }, `${name}.data ${why}.`);
  }
  if (bytes.length % 4 !== 0) {
    throw refusal(
      { reason: 'byte-count', params: { tensor: name, bytes: bytes.length } },
      `${name}.data is ${bytes.length} bytes, which is not a whole number of float32 values.`,
    );
  }
  const expectedValues = valueCount(shape);
  if (bytes.length / 4 !== expectedValues) throw wrongCount(name, bytes.length / 4, expectedValues);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const data = new Float32Array(expectedValues);
  for (let i = 0; i < expectedValues; i++) data[i] = view.getFloat32(i * 4, true);
  const bad = firstNonFinite(data);
  if (bad >= 0) throw notFinite(name, data, bad);
  return { shape: [...shape], data };
}

/**
 * Reads an untrusted weights file (parsed JSON); throws EngineError('invalid-argument') naming the first problem,
 * with the problem as data in its details (modelFileProblem.ts). The model must also fit the memory budget
 * (trainingMemory.ts), checked before any tensor is decoded.
 */
export function decodeWeightsFile(json: unknown): DecodedWeights {
  if (!isRecord(json)) {
    const value = quoteValue(json);
    throw refusal({ reason: 'not-object', params: { value } }, `A weights file must be a JSON object, but this one is ${value}.`);
  }
  const format = own(json, 'format');
  if (format === undefined) {
    throw refusal({ reason: 'no-format', params: {} }, `This is not an Attention Lab weights file: it has no format field (it should be "${WEIGHTS_FORMAT}").`);
  }
  if (format !== WEIGHTS_FORMAT) {
    const value = quoteValue(format);
    throw refusal(
      { reason: 'format', params: { value, expected: WEIGHTS_FORMAT } },
      `This is not an Attention Lab weights file: its format is ${value}, not "${WEIGHTS_FORMAT}".`,
    );
  }
  const version = own(json, 'version');
  if (version === undefined) throw missing('version', `${WEIGHTS_VERSION}`);
  if (version !== WEIGHTS_VERSION) {
    const value = quoteValue(version);
    throw refusal(
      { reason: 'version', params: { value, expected: WEIGHTS_VERSION } },
      `This weights file has version ${value}; only version ${WEIGHTS_VERSION} can be read.`,
    );
  }
  const config = parseModelConfig(own(json, 'config'));
  const settings = parseTrainSettings(own(json, 'settings'));
  checkTrainingMemory(config, settings);
  const step = wholeNumber(json, 'step', '', 0);
  const heldOutAccuracy = finiteNumber(json, 'heldOutAccuracy', '', 0, 1);
  const entries = object(own(json, 'tensors'), 'tensors', 'an object with one entry per tensor');
  const expected = expectedTensorShapes(config);
  checkNames(Object.keys(entries), expected);
  const tensors = new Map<string, NamedTensor>();
  for (const [name, shape] of expected) tensors.set(name, decodeTensor(name, own(entries, name), shape));
  return { config, settings, step, heldOutAccuracy, tensors };
}
