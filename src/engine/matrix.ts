import { EngineError } from './errors';

/** A dense row-major float32 matrix: element (r, c) is data[r * cols + c]. */
export interface Matrix {
  readonly rows: number;
  readonly cols: number;
  readonly data: Float32Array;
}

export function shapeOf(m: Matrix): string {
  return `${m.rows}×${m.cols}`;
}

export function zeros(rows: number, cols: number): Matrix {
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 0 || cols < 0) {
    throw new EngineError('invalid-argument', `A matrix needs whole, non-negative sizes, got ${rows}×${cols}.`);
  }
  return { rows, cols, data: new Float32Array(rows * cols) };
}

export function fromRows(rows: readonly (readonly number[])[], name = 'matrix'): Matrix {
  const r = rows.length;
  const c = r === 0 ? 0 : rows[0].length;
  const m = zeros(r, c);
  rows.forEach((row, i) => {
    if (row.length !== c) {
      throw new EngineError('shape-mismatch', `${name}: row ${i} has ${row.length} values but row 0 has ${c}.`);
    }
    m.data.set(row, i * c);
  });
  return m;
}

export function toRows(m: Matrix): number[][] {
  const out: number[][] = [];
  for (let r = 0; r < m.rows; r++) out.push(Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols)));
  return out;
}

export function get(m: Matrix, r: number, c: number): number {
  return m.data[r * m.cols + c];
}

export function row(m: Matrix, r: number): Float32Array {
  return m.data.subarray(r * m.cols, (r + 1) * m.cols);
}

export function clone(m: Matrix): Matrix {
  return { rows: m.rows, cols: m.cols, data: new Float32Array(m.data) };
}

export function assertShape(m: Matrix, rows: number, cols: number, name: string): void {
  if (m.rows !== rows || m.cols !== cols) {
    throw new EngineError('shape-mismatch', `${name} is ${shapeOf(m)} but ${rows}×${cols} was expected.`, {
      name,
      got: shapeOf(m),
      expected: `${rows}×${cols}`,
    });
  }
}

export function assertVectorLength(v: Float32Array, length: number, name: string): void {
  if (v.length !== length) {
    throw new EngineError('shape-mismatch', `${name} has ${v.length} values but ${length} were expected.`, {
      name,
      got: v.length,
      expected: length,
    });
  }
}

/** Throws naming the first NaN or ±Infinity, so a bad value is reported where it enters, not as NaN downstream. */
export function assertFinite(m: Matrix, name: string): void {
  for (let i = 0; i < m.data.length; i++) {
    if (!Number.isFinite(m.data[i])) {
      const r = Math.floor(i / m.cols);
      const c = i % m.cols;
      throw new EngineError('not-finite', `${name} holds ${m.data[i]} at row ${r}, column ${c}; every value must be a finite number.`, {
        name,
        row: r,
        col: c,
      });
    }
  }
}

/** a (m×k) · b (k×n) → m×n. */
export function matmul(a: Matrix, b: Matrix, nameA = 'A', nameB = 'B'): Matrix {
  if (a.cols !== b.rows) {
    throw new EngineError('shape-mismatch', `${nameA} is ${shapeOf(a)} and ${nameB} is ${shapeOf(b)}: ${nameA}·${nameB} needs ${nameA}'s ${a.cols} columns to equal ${nameB}'s ${b.rows} rows.`);
  }
  const out = zeros(a.rows, b.cols);
  const n = b.cols;
  const acc = new Float64Array(n);
  for (let i = 0; i < a.rows; i++) {
    acc.fill(0);
    for (let p = 0; p < a.cols; p++) {
      const aip = a.data[i * a.cols + p];
      if (aip === 0) continue;
      const bRow = p * n;
      for (let j = 0; j < n; j++) acc[j] += aip * b.data[bRow + j];
    }
    out.data.set(acc, i * n);
  }
  return out;
}

/**
 * a (m×k) · bᵀ where b is n×k → m×n. This is x·Wᵀ for a PyTorch weight W (out × in) and Q·Kᵀ for attention;
 * both operands are read along contiguous rows.
 */
export function matmulTransposedB(a: Matrix, b: Matrix, nameA = 'A', nameB = 'B'): Matrix {
  if (a.cols !== b.cols) {
    throw new EngineError('shape-mismatch', `${nameA} is ${shapeOf(a)} and ${nameB} is ${shapeOf(b)}: ${nameA}·${nameB}ᵀ needs both to have the same number of columns.`);
  }
  const out = zeros(a.rows, b.rows);
  const k = a.cols;
  for (let i = 0; i < a.rows; i++) {
    const ai = i * k;
    for (let j = 0; j < b.rows; j++) {
      const bj = j * k;
      let s = 0;
      for (let p = 0; p < k; p++) s += a.data[ai + p] * b.data[bj + p];
      out.data[i * b.rows + j] = s;
    }
  }
  return out;
}

/** x·Wᵀ + b for a PyTorch Linear weight W (out × in) and bias b (out). x is rows × in. */
export function linear(x: Matrix, weight: Matrix, bias: Float32Array | null, name = 'linear'): Matrix {
  if (x.cols !== weight.cols) {
    throw new EngineError('shape-mismatch', `The input is ${shapeOf(x)} but ${name} expects ${weight.cols} columns (its weight is ${shapeOf(weight)}).`);
  }
  const out = matmulTransposedB(x, weight, 'x', `${name}.weight`);
  if (bias) {
    assertVectorLength(bias, weight.rows, `${name}.bias`);
    for (let i = 0; i < out.rows; i++) for (let j = 0; j < out.cols; j++) out.data[i * out.cols + j] += bias[j];
  }
  return out;
}

export function transpose(m: Matrix): Matrix {
  const out = zeros(m.cols, m.rows);
  for (let r = 0; r < m.rows; r++) for (let c = 0; c < m.cols; c++) out.data[c * m.rows + r] = m.data[r * m.cols + c];
  return out;
}

export function add(a: Matrix, b: Matrix, nameA = 'A', nameB = 'B'): Matrix {
  assertShape(b, a.rows, a.cols, `${nameB} (added to ${nameA})`);
  const out = zeros(a.rows, a.cols);
  for (let i = 0; i < a.data.length; i++) out.data[i] = a.data[i] + b.data[i];
  return out;
}

export function subtract(a: Matrix, b: Matrix): Matrix {
  assertShape(b, a.rows, a.cols, 'the subtracted matrix');
  const out = zeros(a.rows, a.cols);
  for (let i = 0; i < a.data.length; i++) out.data[i] = a.data[i] - b.data[i];
  return out;
}

export function scale(m: Matrix, factor: number): Matrix {
  const out = zeros(m.rows, m.cols);
  for (let i = 0; i < m.data.length; i++) out.data[i] = m.data[i] * factor;
  return out;
}

/** Columns [start, start + width) of m. */
export function sliceCols(m: Matrix, start: number, width: number): Matrix {
  if (start < 0 || width < 0 || start + width > m.cols) {
    throw new EngineError('shape-mismatch', `Cannot take columns ${start}..${start + width - 1} of a ${shapeOf(m)} matrix.`);
  }
  const out = zeros(m.rows, width);
  for (let r = 0; r < m.rows; r++) out.data.set(m.data.subarray(r * m.cols + start, r * m.cols + start + width), r * width);
  return out;
}

/** Rows [start, start + count) of m. */
export function sliceRows(m: Matrix, start: number, count: number): Matrix {
  if (start < 0 || count < 0 || start + count > m.rows) {
    throw new EngineError('shape-mismatch', `Cannot take rows ${start}..${start + count - 1} of a ${shapeOf(m)} matrix.`);
  }
  return { rows: count, cols: m.cols, data: m.data.slice(start * m.cols, (start + count) * m.cols) };
}

/** Side by side: [a | b | …]; all parts need the same number of rows. */
export function concatCols(parts: readonly Matrix[]): Matrix {
  if (parts.length === 0) return zeros(0, 0);
  const rows = parts[0].rows;
  parts.forEach((p, i) => {
    if (p.rows !== rows) throw new EngineError('shape-mismatch', `Part ${i} is ${shapeOf(p)} but part 0 has ${rows} rows.`);
  });
  const cols = parts.reduce((s, p) => s + p.cols, 0);
  const out = zeros(rows, cols);
  for (let r = 0; r < rows; r++) {
    let offset = r * cols;
    for (const p of parts) {
      out.data.set(p.data.subarray(r * p.cols, (r + 1) * p.cols), offset);
      offset += p.cols;
    }
  }
  return out;
}

/** Stacked vertically: [a; b; …]; all parts need the same number of columns. */
export function concatRows(parts: readonly Matrix[]): Matrix {
  if (parts.length === 0) return zeros(0, 0);
  const cols = parts[0].cols;
  parts.forEach((p, i) => {
    if (p.cols !== cols) throw new EngineError('shape-mismatch', `Part ${i} is ${shapeOf(p)} but part 0 has ${cols} columns.`);
  });
  const out = zeros(parts.reduce((s, p) => s + p.rows, 0), cols);
  let offset = 0;
  for (const p of parts) {
    out.data.set(p.data, offset);
    offset += p.data.length;
  }
  return out;
}

export function maxAbsDifference(a: Matrix, b: Matrix): number {
  assertShape(b, a.rows, a.cols, 'the compared matrix');
  let worst = 0;
  for (let i = 0; i < a.data.length; i++) worst = Math.max(worst, Math.abs(a.data[i] - b.data[i]));
  return worst;
}
