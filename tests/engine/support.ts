// Small helpers shared by the engine tests. Deliberately independent of the engine's own arithmetic
// (no maxAbsDifference, no matmul), so a bug there cannot hide itself here.
import { EngineError, mulberry32, normal, type Matrix, type Random } from '../../src/engine';

/** A rows × cols matrix of standard-normal values (times `scale`) from a seeded generator. */
export function randomMatrix(rows: number, cols: number, random: Random, scale = 1): Matrix {
  const data = new Float32Array(rows * cols);
  for (let i = 0; i < data.length; i++) data[i] = normal(random) * scale;
  return { rows, cols, data };
}

export function seeded(seed: number): Random {
  return mulberry32(seed);
}

export function matrixOf(rows: number, cols: number, values: readonly number[]): Matrix {
  if (values.length !== rows * cols) throw new Error(`matrixOf: ${values.length} values for ${rows}×${cols}`);
  return { rows, cols, data: Float32Array.from(values) };
}

export function at(m: Matrix, r: number, c: number): number {
  return m.data[r * m.cols + c];
}

export function rowSums(m: Matrix): number[] {
  const sums: number[] = [];
  for (let r = 0; r < m.rows; r++) {
    let s = 0;
    for (let c = 0; c < m.cols; c++) s += m.data[r * m.cols + c];
    sums.push(s);
  }
  return sums;
}

/** Largest |a − b| over all entries; fails the test if the shapes differ. */
export function maxDiff(a: Matrix, b: Matrix): number {
  expect(`${a.rows}×${a.cols}`).toBe(`${b.rows}×${b.cols}`);
  let worst = 0;
  for (let i = 0; i < a.data.length; i++) {
    const d = Math.abs(a.data[i] - b.data[i]);
    if (Number.isNaN(d)) return Infinity;
    worst = Math.max(worst, d);
  }
  return worst;
}

export function expectMatrixClose(actual: Matrix, expected: Matrix, tolerance: number): void {
  expect(maxDiff(actual, expected)).toBeLessThanOrEqual(tolerance);
}

/** Row i of the result is row perm[i] of m. */
export function permuteRows(m: Matrix, perm: readonly number[]): Matrix {
  const data = new Float32Array(m.data.length);
  perm.forEach((from, to) => data.set(m.data.subarray(from * m.cols, (from + 1) * m.cols), to * m.cols));
  return { rows: m.rows, cols: m.cols, data };
}

export function allFinite(m: Matrix): boolean {
  return m.data.every((v) => Number.isFinite(v));
}

/**
 * How far the token rows are from all being the same vector: ‖X − 1·mean(X)‖_F / ‖X‖_F.
 * 0 means every row is identical (full rank collapse).
 */
export function residualToMeanRatio(x: Matrix): number {
  const mean = new Float64Array(x.cols);
  for (let r = 0; r < x.rows; r++) for (let c = 0; c < x.cols; c++) mean[c] += x.data[r * x.cols + c] / x.rows;
  let residual = 0;
  let total = 0;
  for (let r = 0; r < x.rows; r++) {
    for (let c = 0; c < x.cols; c++) {
      const v = x.data[r * x.cols + c];
      residual += (v - mean[c]) ** 2;
      total += v * v;
    }
  }
  return Math.sqrt(residual / total);
}

/** Runs fn and returns the EngineError it throws; fails the test if it throws nothing or something else. */
export function engineError(fn: () => unknown): EngineError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(EngineError);
    return e as EngineError;
  }
  throw new Error('expected an EngineError, but nothing was thrown');
}
