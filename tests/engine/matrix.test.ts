// @vitest-environment node
import {
  add,
  assertFinite,
  assertShape,
  concatCols,
  concatRows,
  fromRows,
  linear,
  matmul,
  matmulTransposedB,
  sliceCols,
  sliceRows,
  toRows,
  transpose,
  zeros,
} from '../../src/engine';
import { engineError } from './support';

describe('hand-computed products', () => {
  it('matmul: [[1,2],[3,4]]·[[5,6],[7,8]] = [[19,22],[43,50]]', () => {
    const a = fromRows([[1, 2], [3, 4]]);
    const b = fromRows([[5, 6], [7, 8]]);
    expect(toRows(matmul(a, b))).toEqual([[19, 22], [43, 50]]);
  });

  it('matmul of a 2×3 by a 3×1 gives a 2×1', () => {
    const a = fromRows([[1, 0, -1], [2, 3, 4]]);
    const b = fromRows([[2], [5], [1]]);
    expect(toRows(matmul(a, b))).toEqual([[1], [2 * 2 + 3 * 5 + 4 * 1]]);
  });

  it('matmulTransposedB(a, b) is a·bᵀ: row i of a dotted with row j of b', () => {
    const a = fromRows([[1, 2, 3], [0, 1, 0]]);
    const b = fromRows([[1, 1, 1], [2, 0, -1], [0, 0, 5], [1, 2, 3]]); // 4×3
    expect(toRows(matmulTransposedB(a, b))).toEqual([
      [6, -1, 15, 14],
      [1, 0, 0, 2],
    ]);
  });

  it('linear is x·Wᵀ + b for a PyTorch-oriented weight (out × in)', () => {
    const x = fromRows([[1, 2], [3, -1]]); // 2 tokens, 2 in-features
    const w = fromRows([[1, 0], [0, 1], [1, 1]]); // 3 out × 2 in
    const b = Float32Array.from([10, 20, 30]);
    expect(toRows(linear(x, w, b))).toEqual([
      [11, 22, 33],
      [13, 19, 32],
    ]);
    expect(toRows(linear(x, w, null))).toEqual([
      [1, 2, 3],
      [3, -1, 2],
    ]);
  });

  it('transpose swaps rows and columns', () => {
    expect(toRows(transpose(fromRows([[1, 2, 3], [4, 5, 6]])))).toEqual([[1, 4], [2, 5], [3, 6]]);
  });

  it('slices and concatenations put the pieces back together', () => {
    const m = fromRows([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]);
    expect(toRows(sliceCols(m, 1, 2))).toEqual([[2, 3], [6, 7], [10, 11]]);
    expect(toRows(sliceRows(m, 1, 2))).toEqual([[5, 6, 7, 8], [9, 10, 11, 12]]);
    expect(toRows(concatCols([sliceCols(m, 0, 1), sliceCols(m, 1, 3)]))).toEqual(toRows(m));
    expect(toRows(concatRows([sliceRows(m, 0, 2), sliceRows(m, 2, 1)]))).toEqual(toRows(m));
  });
});

describe('shape errors name both shapes', () => {
  it('matmul of 5×12 by 10×3', () => {
    const err = engineError(() => matmul(zeros(5, 12), zeros(10, 3)));
    expect(err.code).toBe('shape-mismatch');
    expect(err.message).toContain('5×12');
    expect(err.message).toContain('10×3');
  });

  it('matmulTransposedB of 2×4 by 3×5', () => {
    const err = engineError(() => matmulTransposedB(zeros(2, 4), zeros(3, 5), 'Q', 'K'));
    expect(err.code).toBe('shape-mismatch');
    expect(err.message).toContain('2×4');
    expect(err.message).toContain('3×5');
  });

  it('linear names the input shape and the weight shape', () => {
    const err = engineError(() => linear(zeros(5, 12), zeros(8, 10), null, 'W_q'));
    expect(err.code).toBe('shape-mismatch');
    expect(err.message).toContain('5×12');
    expect(err.message).toContain('8×10');
    expect(err.message).toContain('W_q');
  });

  it('linear with a bias of the wrong length', () => {
    const err = engineError(() => linear(zeros(2, 3), zeros(4, 3), new Float32Array(3), 'W_o'));
    expect(err.code).toBe('shape-mismatch');
    expect(err.message).toContain('W_o.bias');
    expect(err.message).toMatch(/3 values but 4/);
  });

  it('assertShape says what it got and what was expected', () => {
    const err = engineError(() => assertShape(zeros(5, 12), 5, 16, 'W_k'));
    expect(err.code).toBe('shape-mismatch');
    expect(err.message).toContain('W_k');
    expect(err.message).toContain('5×12');
    expect(err.message).toContain('5×16');
    expect(err.details).toMatchObject({ got: '5×12', expected: '5×16' });
  });

  it('add of different shapes', () => {
    const err = engineError(() => add(zeros(2, 3), zeros(3, 2)));
    expect(err.message).toContain('3×2');
    expect(err.message).toContain('2×3');
  });

  it('fromRows rejects ragged rows, naming the row', () => {
    const err = engineError(() => fromRows([[1, 2], [3]], 'X'));
    expect(err.code).toBe('shape-mismatch');
    expect(err.message).toContain('row 1');
  });

  it('zeros rejects negative or fractional sizes', () => {
    expect(engineError(() => zeros(-1, 2)).code).toBe('invalid-argument');
    expect(engineError(() => zeros(2, 1.5)).code).toBe('invalid-argument');
  });
});

describe('assertFinite', () => {
  it('names the row and column of the first bad value', () => {
    const m = fromRows([[0, 1, 2], [3, 4, NaN]]);
    const err = engineError(() => assertFinite(m, 'The query input'));
    expect(err.code).toBe('not-finite');
    expect(err.message).toContain('The query input');
    expect(err.message).toContain('row 1, column 2');
    expect(err.details).toMatchObject({ row: 1, col: 2 });
  });

  it('catches Infinity as well as NaN', () => {
    const err = engineError(() => assertFinite(fromRows([[1, -Infinity]]), 'X'));
    expect(err.message).toContain('-Infinity');
    expect(err.details).toMatchObject({ row: 0, col: 1 });
  });

  it('accepts finite values', () => {
    expect(() => assertFinite(fromRows([[1e30, -1e-30]]), 'X')).not.toThrow();
  });
});
