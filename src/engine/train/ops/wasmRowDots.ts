import { decodeBase64 } from '../../wasm/base64';
import { ROW_DOTS_WASM_BASE64 } from '../wasm/rowDots.generated';

/**
 * rowDots (out = a·bᵀ over contiguous rows, see rowDots.ts) on the WebAssembly f64x2 kernel of rowDots.wat, about
 * three times the speed of the JavaScript loops for the trainer's shapes, with the same float64 arithmetic (only the
 * order of the additions differs, so results agree to rounding).
 *
 * The operands are copied into the kernel's memory, padded with zeros to what the kernel needs (rows of a to a
 * multiple of 2, rows of b to a multiple of 4, k to a multiple of 2), and the result is copied (or added) back.
 * The memory is never grown: a larger one is made instead, because growing detaches the old ArrayBuffer and V8 then
 * slows every typed-array access in the isolate for good (measured: the trainer's JavaScript ~25 % slower).
 */

interface Kernel {
  readonly memory: WebAssembly.Memory;
  readonly heap: Float64Array;
  readonly dots: (a: number, aRows: number, k: number, b: number, bRows: number, out: number) => void;
}

/** Beyond this the JavaScript loops are used (a 4 × 128-wide model evaluating 512 sequences needs about 40 MB). */
const MAX_BYTES = 512 * 1024 * 1024;
const PAGE = 65536;

let module: WebAssembly.Module | null | undefined;
let kernel: Kernel | null = null;
let enabled = true;

/** The compiled module, or null where WebAssembly SIMD cannot be used (old engine, or a CSP without wasm). */
function compiled(): WebAssembly.Module | null {
  if (module !== undefined) return module;
  try {
    module = typeof WebAssembly === 'object' ? new WebAssembly.Module(decodeBase64(ROW_DOTS_WASM_BASE64)) : null;
  } catch {
    module = null;
  }
  return module;
}

/** A kernel whose memory holds at least `bytes`; a new instance with a larger memory when the current is too small. */
function kernelFor(bytes: number): Kernel | null {
  if (kernel !== null && kernel.memory.buffer.byteLength >= bytes) return kernel;
  const m = compiled();
  if (m === null || bytes > MAX_BYTES) return null;
  // A quarter more than asked, so a slightly larger batch does not make yet another memory.
  const pages = Math.ceil((bytes * 1.25) / PAGE);
  try {
    const memory = new WebAssembly.Memory({ initial: pages });
    const instance = new WebAssembly.Instance(m, { env: { memory } });
    const dots = instance.exports.dots as Kernel['dots'];
    kernel = { memory, heap: new Float64Array(memory.buffer), dots };
  } catch {
    return null;
  }
  return kernel;
}

/** Copies rows [rows × k] into dst at `at` as [paddedRows × paddedK], zero-filled around. */
function copyIn(src: Float64Array, rows: number, k: number, dst: Float64Array, at: number, paddedRows: number, paddedK: number): void {
  if (paddedK === k) {
    for (let i = 0; i < rows * k; i++) dst[at + i] = src[i];
  } else {
    for (let r = 0; r < rows; r++) {
      const from = r * k;
      const to = at + r * paddedK;
      for (let p = 0; p < k; p++) dst[to + p] = src[from + p];
      dst[to + k] = 0;
    }
  }
  for (let i = rows * paddedK; i < paddedRows * paddedK; i++) dst[at + i] = 0;
}

/**
 * out[i·bRows + j] = (accumulate ? out : 0) + Σ_p a[i·k + p]·b[j·k + p] on the kernel. Returns false (and does
 * nothing) when the kernel cannot be used here; the caller then runs the JavaScript loops.
 */
export function wasmRowDots(a: Float64Array, aRows: number, k: number, b: Float64Array, bRows: number, out: Float64Array, accumulate: boolean): boolean {
  if (!enabled) return false;
  const rowsA = aRows + (aRows % 2);
  const rowsB = bRows + ((4 - (bRows % 4)) % 4);
  const kk = k + (k % 2);
  const aAt = 0;
  const bAt = rowsA * kk;
  const outAt = bAt + rowsB * kk;
  const k8 = kernelFor(8 * (outAt + rowsA * rowsB));
  if (k8 === null) return false;
  const heap = k8.heap;
  copyIn(a, aRows, k, heap, aAt, rowsA, kk);
  copyIn(b, bRows, k, heap, bAt, rowsB, kk);
  k8.dots(8 * aAt, rowsA, kk, 8 * bAt, rowsB, 8 * outAt);
  for (let i = 0; i < aRows; i++) {
    const from = outAt + i * rowsB;
    const to = i * bRows;
    if (accumulate) for (let j = 0; j < bRows; j++) out[to + j] += heap[from + j];
    else for (let j = 0; j < bRows; j++) out[to + j] = heap[from + j];
  }
  return true;
}

/** Whether rowDots uses the kernel (default true where it loads); tests switch it off to check the loops. */
export function setWasmRowDots(on: boolean): void {
  enabled = on;
}

/** True when the kernel loads in this environment. */
export function wasmRowDotsAvailable(): boolean {
  return compiled() !== null;
}
