import { EngineError } from '../errors';
import { float16ToFloat32 } from './float16';

/*
 * A small reader for Hugging Face's safetensors format (https://huggingface.co/docs/safetensors):
 *
 *   bytes 0–7     N, the header's length (uint64, little-endian)
 *   next N bytes  the header, UTF-8 JSON: { "<name>": { "dtype", "shape", "data_offsets": [begin, end] }, …,
 *                 "__metadata__": { string: string } (optional) }
 *   the rest      the data: each tensor row-major, little-endian, at [begin, end) bytes from the data's start
 *
 * The header can be read from the first bytes alone (`safetensorsHeaderLength`, then `parseSafetensorsHeader`), so a
 * page can say what a 500 MB file holds, and refuse it, before reading the rest.
 */

/** The dtypes this reader decodes to float32. Others (I64, BOOL, U8…) are listed but refused when read. */
export type FloatDtype = 'F32' | 'F16' | 'BF16';

export interface SafetensorsTensor {
  readonly name: string;
  /** As written in the header ("F32", "F16", "BF16", "U8", "BOOL", …). */
  readonly dtype: string;
  readonly shape: readonly number[];
  /** Byte offsets from the start of the data section: [begin, end). */
  readonly begin: number;
  readonly end: number;
}

export interface SafetensorsHeader {
  /** Bytes before the data: 8 + the header's length. */
  readonly dataStart: number;
  readonly tensors: ReadonlyMap<string, SafetensorsTensor>;
  readonly metadata: Readonly<Record<string, string>>;
  /** The data section's length that the tensors need (the largest `end`). */
  readonly dataLength: number;
}

/** A header larger than this is no checkpoint we can open (GPT-2 XL's is ~40 KB); it also bounds what we decode. */
const MAX_HEADER_BYTES = 100_000_000;

const BYTES_PER_ELEMENT: Readonly<Record<string, number>> = {
  F64: 8, F32: 4, F16: 2, BF16: 2, I64: 8, I32: 4, I16: 2, I8: 1, U64: 8, U32: 4, U16: 2, U8: 1, BOOL: 1, F8_E4M3: 1, F8_E5M2: 1,
};

function notSafetensors(reason: string): EngineError {
  return new EngineError('invalid-argument', `This is not a safetensors file: ${reason}`);
}

/** The header's length N from the file's first 8 bytes; the header then spans bytes 8 … 8 + N. */
export function safetensorsHeaderLength(prefix: Uint8Array): number {
  if (prefix.length < 8) throw notSafetensors(`it has ${prefix.length} bytes, fewer than the 8 that give the header's length.`);
  const view = new DataView(prefix.buffer, prefix.byteOffset, 8);
  const low = view.getUint32(0, true);
  const high = view.getUint32(4, true);
  const length = high * 2 ** 32 + low;
  if (length < 2 || length > MAX_HEADER_BYTES) {
    throw notSafetensors(`its first 8 bytes give a header of ${length.toLocaleString('en')} bytes (a checkpoint's header is between 2 bytes and ${MAX_HEADER_BYTES.toLocaleString('en')}).`);
  }
  return length;
}

function isShape(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((n) => Number.isSafeInteger(n) && (n as number) >= 0);
}

function parseEntry(name: string, value: unknown): SafetensorsTensor {
  if (!value || typeof value !== 'object') throw notSafetensors(`the header's entry "${name}" is not an object.`);
  const { dtype, shape, data_offsets: offsets } = value as { dtype?: unknown; shape?: unknown; data_offsets?: unknown };
  if (typeof dtype !== 'string' || !(dtype in BYTES_PER_ELEMENT)) throw notSafetensors(`tensor "${name}" has an unknown dtype ${JSON.stringify(dtype)}.`);
  if (!isShape(shape)) throw notSafetensors(`tensor "${name}" has no valid shape (a list of whole numbers).`);
  if (!isShape(offsets) || offsets.length !== 2 || offsets[1] < offsets[0]) throw notSafetensors(`tensor "${name}" has no valid data_offsets [begin, end].`);
  const [begin, end] = offsets;
  const elements = shape.reduce((a, b) => a * b, 1);
  if (end - begin !== elements * BYTES_PER_ELEMENT[dtype]) {
    throw notSafetensors(`tensor "${name}" (${dtype} [${shape.join(', ')}]) should take ${elements * BYTES_PER_ELEMENT[dtype]} bytes but its offsets span ${end - begin}.`);
  }
  return { name, dtype, shape, begin, end };
}

/**
 * Parses the header JSON (`headerBytes` = the N bytes after the first 8). `fileSize`, when known, is checked against
 * the tensors' extent, so a file cut short is refused here, before any tensor is read.
 */
export function parseSafetensorsHeader(headerBytes: Uint8Array, fileSize: number | null = null): SafetensorsHeader {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(headerBytes));
  } catch {
    throw notSafetensors('its header is not valid UTF-8 JSON.');
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw notSafetensors('its header is not a JSON object.');
  const tensors = new Map<string, SafetensorsTensor>();
  let metadata: Record<string, string> = {};
  let dataLength = 0;
  for (const [name, value] of Object.entries(json as Record<string, unknown>)) {
    if (name === '__metadata__') {
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        metadata = Object.fromEntries(Object.entries(value as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
      }
      continue;
    }
    const tensor = parseEntry(name, value);
    tensors.set(name, tensor);
    dataLength = Math.max(dataLength, tensor.end);
  }
  const dataStart = 8 + headerBytes.length;
  if (fileSize !== null && dataStart + dataLength > fileSize) {
    throw new EngineError('invalid-argument', `The safetensors file is cut short: its tensors need ${(dataStart + dataLength).toLocaleString('en')} bytes but it has ${fileSize.toLocaleString('en')}. Download it again.`, {
      needed: dataStart + dataLength,
      size: fileSize,
    });
  }
  return { dataStart, tensors, metadata, dataLength };
}

/** The header of a whole file in memory. */
export function readSafetensorsHeader(file: Uint8Array): SafetensorsHeader {
  const length = safetensorsHeaderLength(file);
  if (8 + length > file.length) throw new EngineError('invalid-argument', `The safetensors file is cut short: its header alone needs ${(8 + length).toLocaleString('en')} bytes but it has ${file.length.toLocaleString('en')}.`);
  return parseSafetensorsHeader(file.subarray(8, 8 + length), file.length);
}

export function isFloatDtype(dtype: string): dtype is FloatDtype {
  return dtype === 'F32' || dtype === 'F16' || dtype === 'BF16';
}

/** Element count of a shape. */
export function elementCount(shape: readonly number[]): number {
  return shape.reduce((a, b) => a * b, 1);
}

/** The tensor's raw bytes copied to an aligned buffer (a tensor's offset need not be a multiple of its size). */
function alignedBytes(file: Uint8Array, header: SafetensorsHeader, tensor: SafetensorsTensor): ArrayBuffer {
  const start = file.byteOffset + header.dataStart + tensor.begin;
  const length = tensor.end - tensor.begin;
  return file.buffer.slice(start, start + length) as ArrayBuffer;
}

/**
 * A float tensor as a new Float32Array, row-major. F16 and BF16 are decoded exactly (every half and bfloat16 value is
 * a float32 value). Throws an EngineError for other dtypes. Assumes a little-endian platform, as every browser is.
 */
export function tensorToFloat32(file: Uint8Array, header: SafetensorsHeader, tensor: SafetensorsTensor): Float32Array {
  if (!isFloatDtype(tensor.dtype)) {
    throw new EngineError('invalid-argument', `Tensor "${tensor.name}" is ${tensor.dtype}; only F32, F16 and BF16 weights can be read.`);
  }
  if (header.dataStart + tensor.end > file.length) {
    throw new EngineError('invalid-argument', `The safetensors file is cut short inside tensor "${tensor.name}".`);
  }
  const bytes = alignedBytes(file, header, tensor);
  if (tensor.dtype === 'F32') return new Float32Array(bytes);
  if (tensor.dtype === 'F16') return float16ToFloat32(new Uint16Array(bytes));
  // bfloat16 is the top half of a float32's bits.
  const halves = new Uint16Array(bytes);
  const out = new Float32Array(halves.length);
  const bits = new Uint32Array(out.buffer);
  for (let i = 0; i < halves.length; i++) bits[i] = halves[i] << 16;
  return out;
}
