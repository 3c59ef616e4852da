// LazyLogits: rows read alone (before the whole matrix exists) and rows of `data` are the same floats, whichever is
// read first, and every row is computed once.
import { fromRows } from '../../../src/engine';
import { LazyLogits, referenceLogitRows, type LogitRows } from '../../../src/engine/lm/lazyLogits';

const hidden = fromRows([
  [0.5, -1, 2],
  [1.5, 0.25, -0.75],
  [-2, 1, 0.125],
  [0, 3, -1],
]);
const output = fromRows([
  [1, 0, 0],
  [0, 1, 0],
  [0.5, -0.5, 2],
  [-1, 1, 1],
  [0.3, 0.7, -0.2],
]);

/** The reference computed all at once: [4 × 5]. */
function expected(): Float32Array {
  const out = new Float32Array(hidden.rows * output.rows);
  referenceLogitRows(hidden, output, 0, hidden.rows, out);
  return out;
}

/** referenceLogitRows, counting the rows it computes. */
function counting(): { rows: LogitRows; computed: number[] } {
  const computed: number[] = [];
  return {
    computed,
    rows: (h, o, first, count, out) => {
      for (let r = first; r < first + count; r++) computed.push(r);
      referenceLogitRows(h, o, first, count, out);
    },
  };
}

describe('LazyLogits', () => {
  it('a row read alone is that row of the full product', () => {
    const logits = new LazyLogits(hidden, output);
    expect(Array.from(logits.row(2))).toEqual(Array.from(expected().subarray(2 * 5, 3 * 5)));
  });

  it('rows read alone, then data: the same matrix, each row computed once', () => {
    const { rows, computed } = counting();
    const logits = new LazyLogits(hidden, output, rows);
    const row1 = Array.from(logits.row(1));
    const row3 = Array.from(logits.row(3));
    logits.row(1);
    expect(Array.from(logits.data)).toEqual(Array.from(expected()));
    expect(Array.from(logits.data.subarray(5, 10))).toEqual(row1);
    expect(Array.from(logits.row(3))).toEqual(row3);
    expect([...computed].sort()).toEqual([0, 1, 2, 3]);
  });

  it('data first, then rows: views into it', () => {
    const logits = new LazyLogits(hidden, output);
    const all = logits.data;
    expect(logits.row(0).buffer).toBe(all.buffer);
    expect(Array.from(logits.row(0))).toEqual(Array.from(expected().subarray(0, 5)));
  });
});
