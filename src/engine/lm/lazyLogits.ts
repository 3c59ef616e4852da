import type { Matrix } from '../matrix';

/**
 * Computes rows [first, first + count) of finalHidden · outputᵀ into `out` (count × V, row-major). The reference is
 * `referenceLogitRows`; the WebAssembly backend passes one on its kernels (src/engine/run/wasmBackend.ts).
 */
export type LogitRows = (finalHidden: Matrix, output: Matrix, first: number, count: number, out: Float32Array) => void;

/** Row by row, LN_f(h)_i · outputᵀ: the same sums in the same order as `linear`. */
export const referenceLogitRows: LogitRows = (finalHidden, output, first, count, out) => {
  const e = finalHidden.cols;
  const vocab = output.rows;
  const h = finalHidden.data;
  const w = output.data;
  for (let r = 0; r < count; r++) {
    const hBase = (first + r) * e;
    const oBase = r * vocab;
    for (let v = 0; v < vocab; v++) {
      const wBase = v * e;
      let sum = 0;
      for (let k = 0; k < e; k++) sum += h[hBase + k] * w[wBase + k];
      out[oBase + v] = sum;
    }
  }
};

/**
 * Logits [L × V] computed row by row on demand: a view of next-token predictions needs one row (V dot products of
 * width E), while the whole matrix at 128 positions is ~100 M multiply-adds — most of a forward pass. `data`
 * computes every row not yet computed (the golden check and `npm run lm -- eval` read it), each run of missing rows
 * in one call of `computeRows`; `row(i)` only row i. `computeRows` gives a row the same floats whether it is computed
 * alone or with others (`referenceLogitRows`: the same sums in the same order as `linear`), so a row read either way
 * is the same.
 */
export class LazyLogits implements Matrix {
  readonly rows: number;
  readonly cols: number;
  /**
   * The whole [L × V] matrix, allocated only when `data` is read: a head toggle reads one row, and zeroing
   * L × V floats (3.3 MB at 100 tokens) for it cost more than the row itself. Until then rows live in `single`.
   */
  private values: Float32Array | null = null;
  private readonly single: (Float32Array | null)[];
  private readonly done: Uint8Array;
  private remaining: number;

  constructor(
    private readonly finalHidden: Matrix,
    private readonly output: Matrix,
    private readonly computeRows: LogitRows = referenceLogitRows,
  ) {
    this.rows = finalHidden.rows;
    this.cols = output.rows;
    this.single = new Array<Float32Array | null>(this.rows).fill(null);
    this.done = new Uint8Array(this.rows);
    this.remaining = this.rows;
  }

  /** Every row (computing those not yet computed). */
  get data(): Float32Array {
    const values = this.values ?? this.gather();
    for (let i = 0; this.remaining > 0 && i < this.rows; ) {
      if (this.done[i] === 1) {
        i++;
        continue;
      }
      let end = i + 1;
      while (end < this.rows && this.done[end] === 0) end++;
      this.compute(values.subarray(i * this.cols, end * this.cols), i, end - i);
      i = end;
    }
    return values;
  }

  /** Row i (a view into the matrix, or the row alone before `data` was read), computing it if needed. */
  row(i: number): Float32Array {
    if (this.values) {
      const view = this.values.subarray(i * this.cols, (i + 1) * this.cols);
      if (this.done[i] === 0) this.compute(view, i, 1);
      return view;
    }
    let row = this.single[i];
    if (!row) {
      row = new Float32Array(this.cols);
      this.compute(row, i, 1);
      this.single[i] = row;
    }
    return row;
  }

  /** The full matrix, with the rows computed alone copied in. */
  private gather(): Float32Array {
    const values = new Float32Array(this.rows * this.cols);
    this.single.forEach((row, i) => {
      if (row) values.set(row, i * this.cols);
    });
    this.single.fill(null);
    this.values = values;
    return values;
  }

  private compute(out: Float32Array, first: number, count: number): void {
    this.computeRows(this.finalHidden, this.output, first, count, out);
    this.done.fill(1, first, first + count);
    this.remaining -= count;
  }
}

/** Row i of a matrix: computed alone for LazyLogits, a view for any other. */
export function matrixRow(m: Matrix, i: number): Float32Array {
  return m instanceof LazyLogits ? m.row(i) : m.data.subarray(i * m.cols, (i + 1) * m.cols);
}
