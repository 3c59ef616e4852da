/**
 * A PyTorch Linear layer on a whole batch of rows: y = x·Wᵀ + b.
 * x [rows × in], W [out × in] (row-major, PyTorch's orientation), b [out], y [rows × out].
 * Every product is computed as dot products of two contiguous rows (a·bᵀ, rowDots.ts). The backward transposes dy,
 * x and W into scratch buffers first so that it, too, is made of such dot products.
 */
import { rowDots, transposeInto } from './rowDots';

// Grow-only scratch for the transposes: allocated on the first steps, then reused, so a step allocates nothing.
let scratchDy: Float64Array = new Float64Array(0);
let scratchX: Float64Array = new Float64Array(0);
let scratchW: Float64Array = new Float64Array(0);
function ensure(buffer: Float64Array, size: number): Float64Array {
  return buffer.length >= size ? buffer : new Float64Array(size);
}

export function linearForward(
  x: Float64Array,
  rows: number,
  inDim: number,
  weight: Float64Array,
  bias: Float64Array | null,
  outDim: number,
  y: Float64Array,
): void {
  if (bias === null) {
    rowDots(x, rows, inDim, weight, outDim, y, false);
    return;
  }
  // A plain loop, not y.set(bias.subarray(…)) per row: subarray goes through the typed-array species lookup, which
  // V8 slows down for the whole process once any loaded library touches a typed-array constructor (tfjs does).
  for (let r = 0; r < rows; r++) {
    const base = r * outDim;
    for (let o = 0; o < outDim; o++) y[base + o] = bias[o];
  }
  rowDots(x, rows, inDim, weight, outDim, y, true);
}

/**
 * Given dy [rows × out]: ADDS dL/dW (= dyᵀ·x) to dWeight and dL/db (column sums of dy) to dBias, and WRITES
 * dL/dx (= dy·W) into dx when dx is given.
 */
export function linearBackward(
  x: Float64Array,
  dy: Float64Array,
  rows: number,
  inDim: number,
  weight: Float64Array,
  outDim: number,
  dWeight: Float64Array,
  dBias: Float64Array | null,
  dx: Float64Array | null,
): void {
  scratchDy = ensure(scratchDy, rows * outDim);
  scratchX = ensure(scratchX, rows * inDim);
  const dyT = scratchDy; // out × rows
  const xT = scratchX; // in × rows
  transposeInto(dy, rows, outDim, dyT);
  transposeInto(x, rows, inDim, xT);
  rowDots(dyT, outDim, rows, xT, inDim, dWeight, true);
  if (dBias !== null) {
    for (let o = 0; o < outDim; o++) {
      const base = o * rows;
      let s = 0;
      for (let r = 0; r < rows; r++) s += dyT[base + r];
      dBias[o] += s;
    }
  }
  if (dx !== null) {
    scratchW = ensure(scratchW, inDim * outDim);
    const wT = scratchW; // in × out
    transposeInto(weight, outDim, inDim, wT);
    rowDots(dy, rows, outDim, wT, inDim, dx, false);
  }
}
