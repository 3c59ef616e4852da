// @vitest-environment node
import { EngineError, fromRows, maskFromRows, scaledDotProductAttention, toRows, type Matrix } from '../../src/engine';

// Two queries and three keys with d_k = d_v = 2, small enough to do on paper.
const Q = fromRows([[1, 0], [0, 1]]);
const K = fromRows([[1, 0], [0, 1], [1, 1]]);
const V = fromRows([[1, 0], [0, 1], [2, 2]]);
const a = Math.exp(1 / Math.SQRT2); // e^(score/√2) for a score of 1; a score of 0 gives e^0 = 1

function expectRowsClose(m: Matrix, expected: number[][], digits = 6): void {
  const actual = toRows(m);
  expect(actual.length).toBe(expected.length);
  actual.forEach((row, r) => {
    expect(row.length).toBe(expected[r].length);
    row.forEach((v, c) => expect(v, `(${r}, ${c})`).toBeCloseTo(expected[r][c], digits));
  });
}

describe('scaledDotProductAttention on a hand example', () => {
  const trace = scaledDotProductAttention(Q, K, V);

  it('scores = Q·Kᵀ', () => {
    expect(toRows(trace.scores)).toEqual([
      [1, 0, 1],
      [0, 1, 1],
    ]);
  });

  it('scaled = scores / √d_k with d_k = 2', () => {
    expect(trace.scaleFactor).toBeCloseTo(1 / Math.SQRT2, 12);
    const s = 1 / Math.SQRT2;
    expectRowsClose(trace.scaled, [
      [s, 0, s],
      [0, s, s],
    ]);
  });

  it('with no mask, masked equals scaled', () => {
    expect(toRows(trace.masked)).toEqual(toRows(trace.scaled));
  });

  it('weights = softmax over keys', () => {
    const z = 2 * a + 1;
    expectRowsClose(trace.weights, [
      [a / z, 1 / z, a / z],
      [1 / z, a / z, a / z],
    ]);
  });

  it('output = weights · V', () => {
    const z = 2 * a + 1;
    expectRowsClose(trace.output, [
      [(3 * a) / z, (1 + 2 * a) / z],
      [(1 + 2 * a) / z, (3 * a) / z],
    ]);
    expect(trace.fullyMaskedRows).toEqual([]);
  });
});

describe('masking and scaling options', () => {
  it('a blocked entry is −Infinity in `masked`, 0 in `weights`, and the other keys share the weight', () => {
    const mask = maskFromRows([
      [false, false, true],
      [false, false, false],
    ]);
    const trace = scaledDotProductAttention(Q, K, V, { mask });
    expect(trace.masked.data[2]).toBe(-Infinity);
    expect(toRows(trace.masked)[1]).toEqual(toRows(trace.scaled)[1]);
    expect(trace.scaled.data[2]).toBeCloseTo(1 / Math.SQRT2, 6); // scaled keeps the real value
    expectRowsClose(trace.weights, [[a / (a + 1), 1 / (a + 1), 0], toRows(scaledDotProductAttention(Q, K, V).weights)[1]]);
    expectRowsClose(trace.output, [[a / (a + 1), 1 / (a + 1)], toRows(scaledDotProductAttention(Q, K, V).output)[1]]);
  });

  it('scale: false leaves scaled equal to scores and uses e^score', () => {
    const trace = scaledDotProductAttention(Q, K, V, { scale: false });
    expect(trace.scaleFactor).toBe(1);
    expect(toRows(trace.scaled)).toEqual(toRows(trace.scores));
    expect(trace.scaled.data).not.toBe(trace.scores.data); // a copy, not an alias
    const e = Math.E;
    expectRowsClose(trace.weights, [[e / (2 * e + 1), 1 / (2 * e + 1), e / (2 * e + 1)], [1 / (2 * e + 1), e / (2 * e + 1), e / (2 * e + 1)]]);
  });

  it('a fully blocked query row gives zero weights and a zero output row, and is reported', () => {
    const mask = maskFromRows([
      [true, true, true],
      [false, false, false],
    ]);
    const trace = scaledDotProductAttention(Q, K, V, { mask });
    expect(toRows(trace.weights)[0]).toEqual([0, 0, 0]);
    expect(toRows(trace.output)[0]).toEqual([0, 0]);
    expect(trace.fullyMaskedRows).toEqual([0]);
  });
});

describe('shape errors', () => {
  const codeOf = (fn: () => unknown): string => {
    try {
      fn();
    } catch (e) {
      expect(e).toBeInstanceOf(EngineError);
      return (e as EngineError).code;
    }
    return 'no error';
  };

  it('a mask of the wrong shape throws, naming both shapes', () => {
    const wrong = maskFromRows([
      [false, false],
      [false, false],
    ]);
    expect(codeOf(() => scaledDotProductAttention(Q, K, V, { mask: wrong }))).toBe('shape-mismatch');
    expect(() => scaledDotProductAttention(Q, K, V, { mask: wrong })).toThrow(/2×2.*2×3/);
  });

  it('queries and keys of different widths throw', () => {
    expect(codeOf(() => scaledDotProductAttention(fromRows([[1, 2, 3]]), K, V))).toBe('shape-mismatch');
  });

  it('a value count that differs from the key count throws', () => {
    expect(codeOf(() => scaledDotProductAttention(Q, K, fromRows([[1, 0], [0, 1]])))).toBe('shape-mismatch');
  });
});
