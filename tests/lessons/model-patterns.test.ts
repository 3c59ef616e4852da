// @vitest-environment node
import { zeros, type Matrix } from '../../src/engine';
import { hasTargets, PATTERN_IDS, patternSimilarity, patternTemplate, rankHeads } from '../../src/lessons/widgets/patterns';
import { columnStats, parseCells, rowStats } from '../../src/lessons/widgets/normCompareMath';
import { permuteRows, seededPermutation } from '../../src/run/experiments/permutation';
import { batchNormColumns, layerNormRows } from '../../src/run/experiments/small';
import { plottedDimensions, wavelength, clampInt } from '../../src/lessons/widgets/positionalWaves';

const TOKENS = ['the', 'cat', 'sat', '.', 'The', 'cat', 'sat', '.'];
const at = (m: Matrix, r: number, c: number) => m.data[r * m.cols + c];
const rowSum = (m: Matrix, r: number) => Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols)).reduce((s, v) => s + v, 0);
const fromRows = (rows: number[][]): Matrix => ({ rows: rows.length, cols: rows[0].length, data: Float32Array.from(rows.flat()) });

describe('pattern templates', () => {
  it('every row sums to 1, or is empty (all 0) only where the pattern has no target by design', () => {
    for (const id of PATTERN_IDS) {
      const m = patternTemplate(id, TOKENS);
      for (let r = 0; r < m.rows; r++) {
        const s = rowSum(m, r);
        const emptyByDesign = (id === 'previous' && r === 0) || (id === 'induction' && r < 4);
        if (emptyByDesign) expect(s, `${id} row ${r}`).toBe(0);
        else expect(s, `${id} row ${r}`).toBeCloseTo(1, 6);
      }
    }
  });

  it('previous token looks one back; first token looks at 0; uniform is 1/L', () => {
    const prev = patternTemplate('previous', TOKENS);
    expect(at(prev, 3, 2)).toBe(1);
    expect(at(prev, 3, 3)).toBe(0);
    expect(at(patternTemplate('first', TOKENS), 6, 0)).toBe(1);
    expect(at(patternTemplate('uniform', TOKENS), 2, 5)).toBeCloseTo(1 / 8, 7);
  });

  it('same token spreads over every copy (case-folded), itself included', () => {
    const m = patternTemplate('self', TOKENS);
    expect(at(m, 0, 0)).toBeCloseTo(0.5, 7);
    expect(at(m, 0, 4)).toBeCloseTo(0.5, 7); // "The" is "the"
    expect(at(m, 1, 1)).toBeCloseTo(0.5, 7);
    expect(at(m, 1, 0)).toBe(0);
  });

  it('induction: in "A B … A" the second A attends to B; a first occurrence has no target', () => {
    const m = patternTemplate('induction', TOKENS);
    expect(at(m, 5, 2)).toBe(1); // second "cat" → "sat" after the first "cat"
    expect(at(m, 4, 1)).toBe(1); // second "the" → "cat"
    expect(rowSum(m, 2)).toBe(0);
    expect(hasTargets(patternTemplate('induction', ['a', 'b', 'c']))).toBe(false);
    // Three "x": the third spreads over the tokens after both earlier copies.
    const three = patternTemplate('induction', ['x', 'y', 'x', 'z', 'x']);
    expect(at(three, 4, 1)).toBeCloseTo(0.5, 7);
    expect(at(three, 4, 3)).toBeCloseTo(0.5, 7);
  });
});

describe('pattern similarity', () => {
  it('is 1 for the template itself, 1/L for a uniform head against a one-target template, and skips empty rows', () => {
    const prev = patternTemplate('previous', TOKENS);
    expect(patternSimilarity(prev, prev)).toBeCloseTo(1, 6);
    expect(patternSimilarity(prev, patternTemplate('uniform', TOKENS))).toBeCloseTo(1 / 8, 6);
    // Row 0 of "previous" is empty: a head doing anything there does not change the score.
    const head = fromRows(Array.from({ length: 8 }, (_, r) => Array.from({ length: 8 }, (_, c) => (r === 0 ? (c === 7 ? 1 : 0) : at(prev, r, c)))));
    expect(patternSimilarity(prev, head)).toBeCloseTo(1, 6);
  });

  it('returns null when no row counts (empty template or shape mismatch)', () => {
    expect(patternSimilarity(zeros(3, 3), patternTemplate('uniform', ['a', 'b', 'c']))).toBeNull();
    expect(patternSimilarity(patternTemplate('first', ['a', 'b']), patternTemplate('first', ['a', 'b', 'c']))).toBeNull();
  });

  it('ranks heads best first across layers', () => {
    const prev = patternTemplate('previous', TOKENS);
    const ranked = rankHeads(prev, [[patternTemplate('uniform', TOKENS), patternTemplate('first', TOKENS)], [prev]]);
    expect(ranked[0]).toMatchObject({ layer: 1, head: 0 });
    expect(ranked[0].score).toBeCloseTo(1, 6);
    expect(ranked).toHaveLength(3);
    expect(ranked[1].score).toBeGreaterThanOrEqual(ranked[2].score);
  });
});

describe('LayerNorm vs BatchNorm helpers', () => {
  it('X = [[1, 2], [2, 3]]: LayerNorm ≈ [[−1, 1], [−1, 1]], BatchNorm ≈ [[−1, −1], [1, 1]] (±0.99998 with ε = 1e-5)', () => {
    const parsed = parseCells([['1', '2'], ['2', '3']]);
    if (!parsed.ok) throw new Error('parse failed');
    const ln = layerNormRows(parsed.matrix);
    const bn = batchNormColumns(parsed.matrix);
    expect(Array.from(ln.data).map((v) => v.toFixed(5))).toEqual(['-0.99998', '0.99998', '-0.99998', '0.99998']);
    expect(Array.from(bn.data).map((v) => v.toFixed(5))).toEqual(['-0.99998', '-0.99998', '0.99998', '0.99998']);
    for (const s of rowStats(ln)) expect(Math.abs(s.mean)).toBeLessThan(1e-6);
    for (const s of columnStats(bn)) expect(s.std).toBeCloseTo(0.99998, 5);
  });

  it('reports the first cell that is not a number or is out of range', () => {
    expect(parseCells([['1', 'x'], ['2', '3']])).toEqual({ ok: false, reason: 'not-a-number', row: 0, col: 1 });
    expect(parseCells([['1', '2'], ['', '3']])).toMatchObject({ ok: false, row: 1, col: 0 });
    expect(parseCells([['1', '2'], ['1e9', '3']])).toMatchObject({ ok: false, reason: 'too-large' });
    expect(parseCells([['−1', '2']])).toMatchObject({ ok: true });
  });
});

describe('permutation helpers', () => {
  it('a seeded permutation is a reordering of 0 … n − 1, never the identity for n ≥ 2, the same for the same seed', () => {
    for (let n = 2; n <= 9; n++) {
      for (let seed = 0; seed < 20; seed++) {
        const p = seededPermutation(n, seed);
        expect([...p].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
        expect(p.some((v, i) => v !== i)).toBe(true);
        expect(seededPermutation(n, seed)).toEqual(p);
      }
    }
  });

  it('permuteRows puts row perm[i] at i', () => {
    const m = fromRows([[1, 1], [2, 2], [3, 3]]);
    expect(Array.from(permuteRows(m, [2, 0, 1]).data)).toEqual([3, 3, 1, 1, 2, 2]);
  });
});

describe('positional wave facts', () => {
  it('wavelengths run from 2π for the first pair towards 10000·2π', () => {
    expect(wavelength(0, 32)).toBeCloseTo(2 * Math.PI, 10);
    expect(wavelength(1, 32)).toBeCloseTo(2 * Math.PI, 10);
    expect(wavelength(16, 32)).toBeCloseTo(2 * Math.PI * 100, 6);
    expect(wavelength(31, 32)).toBeLessThan(2 * Math.PI * 10000);
  });

  it('plots even (sine) dimensions inside the width, at most four', () => {
    expect(plottedDimensions(4)).toEqual([0, 2]);
    expect(plottedDimensions(32)).toEqual([0, 2, 8, 16]);
    for (const d of [2, 4, 8, 12, 128]) for (const dim of plottedDimensions(d)) expect(dim).toBeLessThan(d);
  });

  it('clampInt keeps numbers in range and falls back on non-numbers', () => {
    expect(clampInt('500', 1, 128, 64)).toBe(128);
    expect(clampInt('abc', 1, 128, 64)).toBe(64);
    expect(clampInt('', 1, 128, 64)).toBe(64);
    expect(clampInt(2.6, 1, 128, 64)).toBe(3);
  });
});
