// Loads the SIMD kernels (kernels.wat, shipped as base64 in kernels.generated.ts) and gives typed access to them.
import { decodeBase64 } from './base64';
import { WasmArena } from './arena';
import { KERNELS_WASM_BASE64 } from './kernels.generated';

/** The raw exports of kernels.wat. Pointers are byte offsets into `memory`; sizes and strides count floats. */
export interface KernelExports {
  readonly memory: WebAssembly.Memory;
  /** Packs B (k×n, row stride ld) into 8-column panels at dst. */
  pack_b(src: number, ld: number, k: number, n: number, dst: number): void;
  /** Packs B = Sᵀ (S is n×k, row stride ld) into 8-column panels at dst. */
  pack_bt(src: number, ld: number, k: number, n: number, dst: number): void;
  /** C (m×n, stride ldc) = A (m×k, stride lda) · packed B + bias (n floats, 0 = none). */
  gemm(m: number, n: number, k: number, a: number, lda: number, bp: number, c: number, ldc: number, bias: number): void;
  /** In place, per row: softmax(scale · row) over allowed keys; mask = rows×cols bytes (nonzero = blocked) or 0. */
  softmax(s: number, ld: number, rows: number, cols: number, scale: number, mask: number): void;
  /** Zeros columns [col, col + cnt) of rows rows (stride ld) at p. */
  zero_cols(p: number, ld: number, rows: number, col: number, cnt: number): void;
  /** LayerNorm of rows × n (stride ldx) into out (stride ldo; may be x): (x − mean)/√(var + eps) · γ + β per row. */
  layer_norm(x: number, ldx: number, rows: number, n: number, gamma: number, beta: number, eps: number, out: number, ldo: number): void;
  /** In place on count floats: kind 0 = ReLU, 1 = exact (erf) GELU, 2 = tanh GELU (ACTIVATION_KIND). */
  activate(p: number, count: number, kind: number): void;
}

/** `activate`'s kind for each of the engine's activations (gelu.ts). */
export const ACTIVATION_KIND = { relu: 0, gelu: 1, gelu_tanh: 2 } as const;

/**
 * A tiny module that uses one SIMD instruction (i8x16.popcnt on a splat): validating it tells whether this engine
 * has WebAssembly SIMD without compiling the real kernels.
 */
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

/** True when WebAssembly with fixed-width SIMD is available; otherwise use the TypeScript reference engine. */
export function wasmSimdSupported(): boolean {
  try {
    return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

/** One instance of the kernels: its exports, its memory and the allocator over that memory. */
export class WasmKernels {
  readonly arena: WasmArena;
  private buffer: ArrayBuffer | null = null;
  private f32View = new Float32Array(0);
  private u8View = new Uint8Array(0);

  constructor(readonly exports: KernelExports) {
    this.arena = new WasmArena(exports.memory);
  }

  /** A float view of the whole memory. Re-read it after anything that may allocate: growth replaces the buffer. */
  get f32(): Float32Array {
    this.refresh();
    return this.f32View;
  }

  get u8(): Uint8Array {
    this.refresh();
    return this.u8View;
  }

  /** Copies `data` into memory at byte offset `ptr`. */
  write(ptr: number, data: Float32Array): void {
    this.f32.set(data, ptr >>> 2);
  }

  /**
   * A copy of `length` floats at byte offset `ptr`. A new array filled from a subarray, not `slice`: on a view of
   * WebAssembly memory V8's slice took about 20× as long (10,000 floats: 108 µs against 5 µs, Node 20), which was
   * most of a trained-model keystroke's attention time.
   */
  read(ptr: number, length: number): Float32Array {
    const start = ptr >>> 2;
    const out = new Float32Array(length);
    out.set(this.f32.subarray(start, start + length));
    return out;
  }

  private refresh(): void {
    const buffer = this.exports.memory.buffer;
    if (buffer !== this.buffer) {
      this.buffer = buffer;
      this.f32View = new Float32Array(buffer);
      this.u8View = new Uint8Array(buffer);
    }
  }
}

/**
 * Compiles and instantiates the kernels. Asynchronous on purpose: Chromium refuses synchronous compilation of
 * modules over 4 KB on the main thread. Rejects when WebAssembly SIMD is missing (check `wasmSimdSupported()` first
 * and fall back to `multiHeadAttention`).
 */
export async function loadWasmKernels(): Promise<WasmKernels> {
  if (!wasmSimdSupported()) throw new Error('WebAssembly SIMD is not available here; use the TypeScript engine.');
  const { instance } = await WebAssembly.instantiate(decodeBase64(KERNELS_WASM_BASE64));
  return new WasmKernels(instance.exports as unknown as KernelExports);
}
