// @vitest-environment node
import { addPositionalEncoding, fromRows, sinusoidalPositionalEncoding, toRows } from '../../src/engine';

const row = (width: number, pos: number): number[] => toRows(sinusoidalPositionalEncoding(pos + 1, width))[pos];

describe('sinusoidal positional encoding', () => {
  it('d = 4, position 1 → [sin 1, cos 1, sin 0.01, cos 0.01]', () => {
    const expected = [0.841471, 0.540302, 0.01, 0.99995];
    row(4, 1).forEach((v, i) => expect(Math.abs(v - expected[i])).toBeLessThanOrEqual(1e-6));
  });

  it('position 0 → [0, 1, 0, 1]', () => {
    expect(row(4, 0)).toEqual([0, 1, 0, 1]);
  });

  it('an odd width works: the last column is a sine with no cosine partner', () => {
    const pe = sinusoidalPositionalEncoding(3, 5);
    expect([pe.rows, pe.cols]).toEqual([3, 5]);
    const r = row(5, 2);
    expect(r[0]).toBeCloseTo(Math.sin(2), 6);
    expect(r[1]).toBeCloseTo(Math.cos(2), 6);
    expect(r[2]).toBeCloseTo(Math.sin(2 / 10000 ** (2 / 5)), 6);
    expect(r[4]).toBeCloseTo(Math.sin(2 / 10000 ** (4 / 5)), 6);
    expect(r.every(Number.isFinite)).toBe(true);
  });

  it('each sin/cos pair lies on the unit circle', () => {
    for (const r of toRows(sinusoidalPositionalEncoding(50, 8))) {
      for (let i = 0; i < 8; i += 2) expect(r[i] ** 2 + r[i + 1] ** 2).toBeCloseTo(1, 5);
    }
  });

  it('different positions get different codes', () => {
    const rows = toRows(sinusoidalPositionalEncoding(64, 8)).map((r) => r.join(','));
    expect(new Set(rows).size).toBe(64);
  });

  it('addPositionalEncoding adds the table to the embeddings', () => {
    const x = fromRows([[1, 1, 1, 1], [2, 2, 2, 2]]);
    const out = toRows(addPositionalEncoding(x));
    expect(out[0]).toEqual([1, 2, 1, 2]);
    out[1].forEach((v, i) => expect(v).toBeCloseTo(2 + row(4, 1)[i], 6));
  });
});
