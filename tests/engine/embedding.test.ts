// @vitest-environment node
import { embedTokens, tokenize, type Matrix } from '../../src/engine';
import { engineError } from './support';

const rowOf = (m: Matrix, r: number): number[] => Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols));

describe('embedTokens', () => {
  it('gives one width-wide vector per token', () => {
    const m = embedTokens(['a', 'b', 'c'], 16, 1);
    expect([m.rows, m.cols]).toEqual([3, 16]);
    expect(m.data.every(Number.isFinite)).toBe(true);
  });

  it('the same token gets the same vector within a sentence, case-folded', () => {
    const m = embedTokens(['The', 'cat', 'saw', 'the', 'CAT'], 8, 7);
    expect(rowOf(m, 3)).toEqual(rowOf(m, 0));
    expect(rowOf(m, 4)).toEqual(rowOf(m, 1));
    expect(rowOf(m, 1)).not.toEqual(rowOf(m, 0));
  });

  it('the same token gets the same vector across sentences, wherever it stands', () => {
    const a = embedTokens(['the', 'cat', 'sat'], 8, 7);
    const b = embedTokens(['a', 'very', 'happy', 'Cat'], 8, 7);
    expect(rowOf(b, 3)).toEqual(rowOf(a, 1));
  });

  it('a different seed gives different vectors for the same token', () => {
    const a = embedTokens(['cat'], 8, 1);
    const b = embedTokens(['cat'], 8, 2);
    expect(rowOf(a, 0)).not.toEqual(rowOf(b, 0));
  });

  it('vectors are roughly standard normal (mean ≈ 0, variance ≈ 1)', () => {
    const tokens = tokenize(Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ')).tokens.map((t) => t.text);
    const m = embedTokens(tokens, 32, 3);
    const n = m.data.length;
    const mean = m.data.reduce((s, v) => s + v, 0) / n;
    const variance = m.data.reduce((s, v) => s + (v - mean) ** 2, 0) / n;
    expect(Math.abs(mean)).toBeLessThan(0.05);
    expect(Math.abs(variance - 1)).toBeLessThan(0.1);
  });

  it('no tokens → empty-input', () => {
    expect(engineError(() => embedTokens([], 8, 1)).code).toBe('empty-input');
  });
});
