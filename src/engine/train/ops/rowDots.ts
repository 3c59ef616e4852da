/**
 * The two dense kernels every matrix product of the trainer is written with (linear layers and attention):
 * dot products of contiguous rows, and a cache-friendly transpose to make rows out of columns. JavaScript does not
 * vectorise, so register blocking (several independent accumulators sharing each load) is what makes them fast.
 * Where WebAssembly SIMD is available the products run on the f64x2 kernel instead (wasmRowDots.ts).
 */
import { wasmRowDots } from './wasmRowDots';

/** out[i·bRows + j] = (accumulate ? out : 0) + Σ_p a[i·k + p]·b[j·k + p]: a [aRows × k], b [bRows × k]. */
export function rowDots(a: Float64Array, aRows: number, k: number, b: Float64Array, bRows: number, out: Float64Array, accumulate: boolean): void {
  if (wasmRowDots(a, aRows, k, b, bRows, out, accumulate)) return;
  jsRowDots(a, aRows, k, b, bRows, out, accumulate);
}

/** The same product in JavaScript: the reference the kernel is tested against, and the fallback without it. */
export function jsRowDots(a: Float64Array, aRows: number, k: number, b: Float64Array, bRows: number, out: Float64Array, accumulate: boolean): void {
  const tripleRows = aRows - (aRows % 3);
  const blocked = bRows - (bRows % 4);
  let i = 0;
  // Three rows of a against four rows of b: twelve accumulators, seven loads per twelve multiply-adds (measured
  // 10–20 % faster in V8 than two against four, the most that stays in the sixteen x64 vector registers).
  for (; i < tripleRows; i += 3) {
    const a0 = i * k;
    const a1 = a0 + k;
    const a2 = a1 + k;
    const o0 = i * bRows;
    const o1 = o0 + bRows;
    const o2 = o1 + bRows;
    let j = 0;
    for (; j < blocked; j += 4) {
      const b0 = j * k;
      const b1 = b0 + k;
      const b2 = b1 + k;
      const b3 = b2 + k;
      let s00 = 0, s01 = 0, s02 = 0, s03 = 0, s10 = 0, s11 = 0, s12 = 0, s13 = 0, s20 = 0, s21 = 0, s22 = 0, s23 = 0;
      for (let p = 0; p < k; p++) {
        const x0 = a[a0 + p];
        const x1 = a[a1 + p];
        const x2 = a[a2 + p];
        const w0 = b[b0 + p];
        const w1 = b[b1 + p];
        const w2 = b[b2 + p];
        const w3 = b[b3 + p];
        s00 += x0 * w0;
        s01 += x0 * w1;
        s02 += x0 * w2;
        s03 += x0 * w3;
        s10 += x1 * w0;
        s11 += x1 * w1;
        s12 += x1 * w2;
        s13 += x1 * w3;
        s20 += x2 * w0;
        s21 += x2 * w1;
        s22 += x2 * w2;
        s23 += x2 * w3;
      }
      if (accumulate) {
        out[o0 + j] += s00;
        out[o0 + j + 1] += s01;
        out[o0 + j + 2] += s02;
        out[o0 + j + 3] += s03;
        out[o1 + j] += s10;
        out[o1 + j + 1] += s11;
        out[o1 + j + 2] += s12;
        out[o1 + j + 3] += s13;
        out[o2 + j] += s20;
        out[o2 + j + 1] += s21;
        out[o2 + j + 2] += s22;
        out[o2 + j + 3] += s23;
      } else {
        out[o0 + j] = s00;
        out[o0 + j + 1] = s01;
        out[o0 + j + 2] = s02;
        out[o0 + j + 3] = s03;
        out[o1 + j] = s10;
        out[o1 + j + 1] = s11;
        out[o1 + j + 2] = s12;
        out[o1 + j + 3] = s13;
        out[o2 + j] = s20;
        out[o2 + j + 1] = s21;
        out[o2 + j + 2] = s22;
        out[o2 + j + 3] = s23;
      }
    }
    for (; j < bRows; j++) {
      const bj = j * k;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      for (let p = 0; p < k; p++) {
        const w = b[bj + p];
        s0 += a[a0 + p] * w;
        s1 += a[a1 + p] * w;
        s2 += a[a2 + p] * w;
      }
      out[o0 + j] = accumulate ? out[o0 + j] + s0 : s0;
      out[o1 + j] = accumulate ? out[o1 + j] + s1 : s1;
      out[o2 + j] = accumulate ? out[o2 + j] + s2 : s2;
    }
  }
  // The last one or two rows of a.
  for (; i < aRows; i++) {
    const ai = i * k;
    const oi = i * bRows;
    for (let j = 0; j < bRows; j++) {
      const bj = j * k;
      let s = 0;
      for (let p = 0; p < k; p++) s += a[ai + p] * b[bj + p];
      out[oi + j] = accumulate ? out[oi + j] + s : s;
    }
  }
}

/**
 * dst [cols × rows] = srcᵀ for src [rows × cols], in 16 × 16 tiles: a plain loop would write dst with a stride of
 * `rows` (a power of two for the usual batches), touching a new cache line, in the same cache set, for every value.
 */
const TILE = 16;
export function transposeInto(src: Float64Array, rows: number, cols: number, dst: Float64Array): void {
  for (let r0 = 0; r0 < rows; r0 += TILE) {
    const r1 = Math.min(r0 + TILE, rows);
    for (let c0 = 0; c0 < cols; c0 += TILE) {
      const c1 = Math.min(c0 + TILE, cols);
      for (let c = c0; c < c1; c++) {
        const out = c * rows;
        for (let r = r0; r < r1; r++) dst[out + r] = src[r * cols + c];
      }
    }
  }
}

