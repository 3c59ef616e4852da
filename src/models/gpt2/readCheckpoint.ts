import { contentLength } from '../pipeline/readBody';
import { EngineError, float32Bytes, parseGpt2Config, parseSafetensorsHeader, safetensorsHeaderLength, type Gpt2Config, type SafetensorsHeader } from '../../engine';

/*
 * Reading a GPT-2 checkpoint's two files into the page: from the student's disk (File) or from a URL on this site.
 * The safetensors header is read first (a few KB), so the memory the model needs is known, and a checkpoint that
 * would not fit is refused, before hundreds of MB are read.
 */

/** A file the page can read: a File from an <input type="file">, or a fetched body. */
export interface CheckpointSource {
  readonly name: string;
  readonly size: number;
  /** Bytes [start, end) of the file. */
  slice(start: number, end: number): Promise<Uint8Array>;
  /** The whole file, calling `onRead` with the bytes read so far. */
  readAll(onRead: (received: number) => void): Promise<Uint8Array<ArrayBuffer>>;
}

/** Reading a file pauses for the page after this many bytes (~10–20 ms of copying). */
const YIELD_EVERY_BYTES = 8 * 1024 * 1024;

/**
 * Counts the bytes a reading loop copies and, after every YIELD_EVERY_BYTES, waits for a later task so the page can
 * paint and answer input: a body already in memory (a chosen file, the browser's cache) answers every read at once,
 * in microtasks, and 250 MB were otherwise copied in one task that held the page for most of a second.
 */
function pacer(): (bytes: number) => Promise<void> | undefined {
  let since = 0;
  return (bytes) => {
    since += bytes;
    if (since < YIELD_EVERY_BYTES) return undefined;
    since = 0;
    return new Promise((resolve) => setTimeout(resolve, 0));
  };
}

export function fileSource(file: Blob & { readonly name: string }): CheckpointSource {
  return {
    name: file.name,
    size: file.size,
    slice: async (start, end) => new Uint8Array(await file.slice(start, end).arrayBuffer()),
    readAll: async (onRead) => {
      const bytes = new Uint8Array(file.size);
      if (typeof file.stream !== 'function') {
        bytes.set(new Uint8Array(await file.arrayBuffer()));
        onRead(file.size);
        return bytes;
      }
      const reader = file.stream().getReader();
      const pace = pacer();
      let at = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (at + value.length > bytes.length) throw new EngineError('invalid-argument', `${file.name} grew while it was read; choose it again.`);
        bytes.set(value, at);
        at += value.length;
        onRead(at);
        await pace(value.length);
      }
      return bytes;
    },
  };
}

/**
 * The most memory a checkpoint may need here: its float32 weights twice (the engine's copy and the WebAssembly
 * kernels' packed copy) must stay under one WebAssembly memory's reach and what a tab can usually hold. GPT-2 small
 * needs ~1.0 GB, medium ~2.8 GB; large (~6.2 GB) is refused.
 */
export const MEMORY_LIMIT_BYTES = 3 * 1024 ** 3;

/** What the header says, before the weights are read. */
export interface CheckpointPlan {
  readonly config: Gpt2Config;
  readonly header: SafetensorsHeader;
  /** Bytes of memory the opened model takes (weights as float32, twice). */
  readonly memoryBytes: number;
  /** The stored tensors' dtypes, e.g. "F16" or "F32, F16". */
  readonly dtypes: string;
}

export function gigabytes(bytes: number): string {
  return (bytes / 1024 ** 3).toFixed(bytes < 1024 ** 3 ? 2 : 1);
}

/**
 * The device's memory in bytes where the browser says (navigator.deviceMemory, Chromium: rounded, at most 8 GB), else
 * null. A checkpoint may use half of it.
 */
function deviceMemoryBytes(): number | null {
  const value = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { deviceMemory?: unknown }).deviceMemory;
  return typeof value === 'number' && value > 0 ? value * 1024 ** 3 : null;
}

export function memoryLimit(): number {
  const device = deviceMemoryBytes();
  return device === null ? MEMORY_LIMIT_BYTES : Math.min(MEMORY_LIMIT_BYTES, device / 2);
}

/** Reads the safetensors header and the config, checks they fit this page; throws an EngineError saying why not. */
export async function planCheckpoint(safetensors: CheckpointSource, configJson: unknown): Promise<CheckpointPlan> {
  const config = parseGpt2Config(configJson);
  const length = safetensorsHeaderLength(await safetensors.slice(0, 8));
  if (8 + length > safetensors.size) {
    throw new EngineError('invalid-argument', `${safetensors.name} is cut short: its header alone needs ${(8 + length).toLocaleString('en')} bytes but the file has ${safetensors.size.toLocaleString('en')}.`);
  }
  const header = parseSafetensorsHeader(await safetensors.slice(8, 8 + length), safetensors.size);
  const memoryBytes = 2 * float32Bytes(header);
  const limit = memoryLimit();
  if (memoryBytes > limit) {
    throw new EngineError('invalid-argument', `This model needs about ${gigabytes(memoryBytes)} GB of memory here (its weights as float32, plus the kernels' copy); this page can use ${gigabytes(limit)} GB. GPT-2 small (124 M weights, ~1 GB) and distilgpt2 fit.`, {
      needed: memoryBytes,
      limit,
    });
  }
  const dtypes = [...new Set([...header.tensors.values()].map((t) => t.dtype))].filter((d) => d === 'F32' || d === 'F16' || d === 'BF16').join(', ');
  return { config, header, memoryBytes, dtypes };
}

/** config.json's text as JSON, or an EngineError that says the file is not JSON. */
export function parseConfigText(text: string, name: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new EngineError('invalid-argument', `${name} is not JSON: choose the config.json that came with the model.`);
  }
}

/**
 * A file fetched from `url`, read as it streams in: `slice` waits only for the bytes it asks for (the header comes
 * first), `readAll` for the whole body. Its size is the Content-Length (the header check needs it); a server that
 * sends none gets the whole file read before the check.
 */
export async function urlSource(url: string, fetchFile: (url: string) => Promise<Response> = (u) => fetch(u)): Promise<CheckpointSource> {
  const response = await fetchFile(url);
  if (!response.ok) {
    throw new EngineError('invalid-argument', `${url} answered HTTP ${response.status}${response.status === 404 ? ': the file is not there' : ''}.`, { status: response.status, url });
  }
  const size = contentLength(response);
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || url);
  const chunks: Uint8Array[] = [];
  let received = 0;
  let finished = false;
  let failure: unknown = null;
  const waiting = new Set<() => void>();
  const wake = () => {
    for (const w of [...waiting]) w();
  };
  let onProgress: (received: number) => void = () => {};
  void (async () => {
    if (!response.body) {
      const all = new Uint8Array(await response.arrayBuffer());
      chunks.push(all);
      received = all.length;
    } else {
      const reader = response.body.getReader();
      const pace = pacer();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.length;
        onProgress(received);
        wake();
        await pace(value.length);
      }
    }
  })().then(
    () => {
      finished = true;
      wake();
    },
    (err: unknown) => {
      failure = err;
      finished = true;
      wake();
    },
  );
  const until = (bytes: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (failure) reject(failure instanceof Error ? failure : new Error(String(failure)));
        else if (received >= bytes || finished) resolve();
        else return;
        waiting.delete(check);
      };
      waiting.add(check);
      check();
    });
  const joined = (end: number): Uint8Array<ArrayBuffer> => {
    const out = new Uint8Array(Math.min(end, received));
    let at = 0;
    for (const chunk of chunks) {
      if (at >= out.length) break;
      const part = chunk.subarray(0, out.length - at);
      out.set(part, at);
      at += part.length;
    }
    return out;
  };
  const source: CheckpointSource = {
    name,
    get size() {
      return size ?? (finished ? received : Number.MAX_SAFE_INTEGER);
    },
    slice: async (start, end) => {
      await until(end);
      return joined(end).slice(start, end);
    },
    readAll: async (progress) => {
      onProgress = progress;
      progress(received);
      await until(Number.POSITIVE_INFINITY);
      const all = joined(received);
      chunks.length = 0; // the joined copy is the one kept
      return all;
    },
  };
  return source;
}
