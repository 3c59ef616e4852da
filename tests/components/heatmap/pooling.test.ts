import { buildMask, fromRows, zeros } from '../../../src/engine';
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
