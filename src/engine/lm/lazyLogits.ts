import type { Matrix } from '../matrix';

/**
 * Logits [L × V] computed row by row on demand: a view of next-token predictions needs one row (6,144 dot products
 * of width E), while the whole matrix at 128 positions is ~100 M multiply-adds — most of a forward pass. `data`
 * computes every row not yet computed (the golden check and `npm run lm -- eval` read it); `row(i)` only row i.
 * Rows are computed from `finalHidden` [L × E] and `output` [V × E] as LN_f(h)_i · outputᵀ, the same sums in the same
 * order as `linear`, so a row read either way is the same floats.
 */
export class LazyLogits implements Matrix {
  readonly rows: number;
  readonly cols: number;
  private readonly values: Float32Array;
  private readonly done: Uint8Array;
  private remaining: number;

  constructor(
    private readonly finalHidden: Matrix,
    private readonly output: Matrix,
  ) {
    this.rows = finalHidden.rows;
    this.cols = output.rows;
    this.values = new Float32Array(this.rows * this.cols);
    this.done = new Uint8Array(this.rows);
    this.remaining = this.rows;
  }

  /** Every row (computing those not yet computed). */
  get data(): Float32Array {
    for (let i = 0; this.remaining > 0 && i < this.rows; i++) this.computeRow(i);
    return this.values;
  }

  /** Row i (a view into the matrix), computing it if needed. */
  row(i: number): Float32Array {
    this.computeRow(i);
    return this.values.subarray(i * this.cols, (i + 1) * this.cols);
  }

  private computeRow(i: number): void {
    if (this.done[i] === 1) return;
    const e = this.finalHidden.cols;
    const h = this.finalHidden.data;
    const w = this.output.data;
    const out = this.values;
    const hBase = i * e;
    const oBase = i * this.cols;
    for (let v = 0; v < this.cols; v++) {
      const wBase = v * e;
      let sum = 0;
      for (let k = 0; k < e; k++) sum += h[hBase + k] * w[wBase + k];
      out[oBase + v] = sum;
    }
    this.done[i] = 1;
    this.remaining--;
  }
}

/** Row i of a matrix: computed alone for LazyLogits, a view for any other. */
export function matrixRow(m: Matrix, i: number): Float32Array {
  return m instanceof LazyLogits ? m.row(i) : m.data.subarray(i * m.cols, (i + 1) * m.cols);
}
