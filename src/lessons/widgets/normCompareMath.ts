import { fromRows, type Matrix } from '../../engine';

// LayerNorm vs BatchNorm on a small matrix whose rows are tokens (or batch items) and columns are features.
// LayerNorm normalises each row over its columns; BatchNorm (training mode, biased variance, γ = 1, β = 0)
// normalises each column over the rows, which is LayerNorm of the transpose, transposed back.

/** Typed values are kept within ±this, so float32 squares stay finite. */
export const NORM_VALUE_LIMIT = 1e6;
export const NORM_MIN_SIZE = 1;
export const NORM_MAX_SIZE = 5;

export const DEFAULT_NORM_CELLS: readonly (readonly string[])[] = [
  ['1', '2'],
  ['2', '3'],
];

export type ParsedCells =
  | { readonly ok: true; readonly matrix: Matrix }
  | { readonly ok: false; readonly reason: 'not-a-number' | 'too-large'; readonly row: number; readonly col: number };

/** The typed cells as a matrix, or the first cell that is not a number in range (row, col 0-based). */
export function parseCells(cells: readonly (readonly string[])[]): ParsedCells {
  const values: number[][] = [];
  for (let r = 0; r < cells.length; r++) {
    const row: number[] = [];
    for (let c = 0; c < cells[r].length; c++) {
      const text = cells[r][c].trim().replace(/^−/, '-');
      const v = text === '' ? NaN : Number(text);
      if (!Number.isFinite(v)) return { ok: false, reason: 'not-a-number', row: r, col: c };
      if (Math.abs(v) > NORM_VALUE_LIMIT) return { ok: false, reason: 'too-large', row: r, col: c };
      row.push(v);
    }
    values.push(row);
  }
  return { ok: true, matrix: fromRows(values, 'X') };
}

// The norms themselves (the engine's layerNorm over rows, and over columns for BatchNorm) are the 'norms'
// experiment in src/run/experiments/small.ts.

export interface MeanStd {
  readonly mean: number;
  /** Population (biased) standard deviation, as both norms use. */
  readonly std: number;
}

function meanStd(values: readonly number[]): MeanStd {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length;
  return { mean, std: Math.sqrt(variance) };
}

export function rowStats(m: Matrix): MeanStd[] {
  return Array.from({ length: m.rows }, (_, r) => meanStd(Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols))));
}

export function columnStats(m: Matrix): MeanStd[] {
  return Array.from({ length: m.cols }, (_, c) => meanStd(Array.from({ length: m.rows }, (_, r) => m.data[r * m.cols + c])));
}
