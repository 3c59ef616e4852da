import { buildMask, fromRows, zeros, type BlockedMask, type Matrix } from '../../../src/engine';
import { poolForThumbnail } from '../../../src/components/heatmap/pooling';

describe('poolForThumbnail', () => {
  it('keeps a small matrix as it is', () => {
    const m = fromRows([[0.5, 0.5], [1, 0]]);
    expect(poolForThumbnail(m, null, 4).matrix).toBe(m);
  });

  it('keeps the strongest value of each block, so one sharp link survives', () => {
    const m = zeros(8, 8);
    m.data.fill(0.01);
    m.data[5 * 8 + 2] = 0.9; // query 5 → key 2
    const { matrix, mask } = poolForThumbnail(m, null, 4);
    expect([matrix.rows, matrix.cols]).toEqual([4, 4]);
    expect(matrix.data[2 * 4 + 1]).toBeCloseTo(0.9, 6);
    expect(matrix.data[0]).toBeCloseTo(0.01, 6);
    expect(mask).toBeNull();
  });

  it('marks a block masked only when all of it is masked (causal: blocks above the diagonal)', () => {
    const m = zeros(8, 8);
    m.data.fill(0.2);
    const causal = buildMask(8, 8, { causal: true });
    const { mask, matrix } = poolForThumbnail(m, causal, 4);
    expect(mask).not.toBeNull();
    expect(mask!.blocked[0 * 4 + 1]).toBe(1); // queries 0–1 × keys 2–3: all in the future
    expect(mask!.blocked[0]).toBe(0); // queries 0–1 × keys 0–1: partly visible
    expect(matrix.data[0]).toBeCloseTo(0.2, 6);
  });

  it('handles sizes that do not divide evenly', () => {
    const { matrix } = poolForThumbnail(zeros(13, 7), null, 4);
    expect([matrix.rows, matrix.cols]).toEqual([4, 2]);
  });
});

describe('poolForThumbnail against the block-by-block definition', () => {
  /** Each block's largest |v| (the first such cell on ties), skipping masked cells and −∞; blocked when all are. */
  function reference(m: Matrix, mask: BlockedMask | null, maxSide: number) {
    const factor = Math.ceil(Math.max(m.rows, m.cols) / maxSide);
    const rows = Math.ceil(m.rows / factor);
    const cols = Math.ceil(m.cols / factor);
    const values: number[] = [];
    const blocked: number[] = [];
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        let best = 0;
        let open = false;
        for (let q = r * factor; q < Math.min(m.rows, (r + 1) * factor); q++)
          for (let k = c * factor; k < Math.min(m.cols, (c + 1) * factor); k++) {
            const i = q * m.cols + k;
            if ((mask && mask.blocked[i] === 1) || m.data[i] === -Infinity) continue;
            if (!open || Math.abs(m.data[i]) > Math.abs(best)) best = m.data[i];
            open = true;
          }
        values.push(Math.fround(best));
        blocked.push(open ? 0 : 1);
      }
    return { values, blocked };
  }

  it.each([
    [37, 53, 8],
    [64, 64, 16],
    [100, 7, 12],
  ])('matches it on a %i × %i matrix pooled to %i, with a causal mask, −∞ and NaN cells and ties', (rows, cols, side) => {
    let x = rows * 7919 + cols;
    const next = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const data = Float32Array.from({ length: rows * cols }, () => {
      const u = next();
      return u < 0.05 ? -Infinity : u < 0.1 ? 0.5 : u < 0.15 ? -0.5 : u < 0.17 ? NaN : u * 2 - 1;
    });
    const m: Matrix = { rows, cols, data };
    const mask: BlockedMask = { queries: rows, keys: cols, blocked: Uint8Array.from({ length: rows * cols }, (_, i) => (i % cols > Math.floor(i / cols) ? 1 : 0)) };
    for (const mk of [null, mask]) {
      const pooled = poolForThumbnail(m, mk, side);
      const want = reference(m, mk, side);
      expect(Array.from(pooled.matrix.data)).toEqual(want.values);
      expect(pooled.mask ? Array.from(pooled.mask.blocked) : want.blocked.map(() => 0)).toEqual(want.blocked);
    }
  });
});
