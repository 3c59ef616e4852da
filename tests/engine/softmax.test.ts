// @vitest-environment node
import fc from 'fast-check';
import { emptyMask, maskFromRows, maskedSoftmax, softmaxVector, type BlockedMask, type Matrix } from '../../src/engine';
import { at, matrixOf, rowSums } from './support';

/** rows × cols logits plus a random blocked pattern of the same shape. */
const logitsAndMask = (min: number, max: number) =>
  fc
    .record({ rows: fc.integer({ min: 1, max: 6 }), cols: fc.integer({ min: 1, max: 8 }) })
    .chain(({ rows, cols }) =>
      fc.record({
        logits: fc.array(fc.double({ min, max, noNaN: true }), { minLength: rows * cols, maxLength: rows * cols }),
        blocked: fc.array(fc.boolean(), { minLength: rows * cols, maxLength: rows * cols }),
        rows: fc.constant(rows),
        cols: fc.constant(cols),
      }),
    )
    .map(({ logits, blocked, rows, cols }) => ({
      logits: matrixOf(rows, cols, logits),
      mask: { queries: rows, keys: cols, blocked: Uint8Array.from(blocked, Number) } as BlockedMask,
    }));

function rowIsFullyBlocked(mask: BlockedMask, r: number): boolean {
  for (let c = 0; c < mask.keys; c++) if (!mask.blocked[r * mask.keys + c]) return false;
  return true;
}

describe('maskedSoftmax by hand', () => {
  it('softmax([0, ln 2, ln 3]) = [1/6, 2/6, 3/6]', () => {
    const { weights } = maskedSoftmax(matrixOf(1, 3, [0, Math.log(2), Math.log(3)]), null);
    expect(weights.data[0]).toBeCloseTo(1 / 6, 6);
    expect(weights.data[1]).toBeCloseTo(2 / 6, 6);
    expect(weights.data[2]).toBeCloseTo(3 / 6, 6);
  });

  it('a blocked key gets exactly 0 and the rest renormalise', () => {
    const mask = maskFromRows([[false, true, false]]);
    const { weights, fullyMaskedRows } = maskedSoftmax(matrixOf(1, 3, [1, 100, 1]), mask);
    expect(Array.from(weights.data)).toEqual([0.5, 0, 0.5]);
    expect(fullyMaskedRows).toEqual([]);
  });

  it('a fully masked row is all zeros (not NaN as torch.softmax gives; zeros as SDPA gives since PyTorch 2.5) and is reported', () => {
    const mask = maskFromRows([
      [false, false],
      [true, true],
    ]);
    const { weights, fullyMaskedRows } = maskedSoftmax(matrixOf(2, 2, [1, 2, 3, 4]), mask);
    expect([at(weights, 1, 0), at(weights, 1, 1)]).toEqual([0, 0]);
    expect(rowSums(weights)[0]).toBeCloseTo(1, 6);
    expect(fullyMaskedRows).toEqual([1]);
  });

  it('an empty mask behaves like no mask', () => {
    const logits = matrixOf(2, 3, [1, 2, 3, -1, 0, 1]);
    expect(maskedSoftmax(logits, emptyMask(2, 3)).weights.data).toEqual(maskedSoftmax(logits, null).weights.data);
  });

  it('huge logits do not overflow: [1e4, 1e4 − ln 3] → [3/4, 1/4]', () => {
    const { weights } = maskedSoftmax(matrixOf(1, 2, [10000, 10000 - 1.0986328125]), null); // float32-exact ≈ ln 3
    expect(weights.data[0]).toBeCloseTo(Math.exp(1.0986328125) / (Math.exp(1.0986328125) + 1), 6);
    expect(weights.data[0] + weights.data[1]).toBeCloseTo(1, 6);
  });

  it('softmaxVector sums to 1 and orders like its inputs', () => {
    const w = softmaxVector([3, 1, 2]);
    expect(w.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 12);
    expect(w[0]).toBeGreaterThan(w[2]);
    expect(w[2]).toBeGreaterThan(w[1]);
  });
});

describe('maskedSoftmax properties', () => {
  const checkInvariants = (logits: Matrix, mask: BlockedMask | null): void => {
    const { weights, fullyMaskedRows } = maskedSoftmax(logits, mask);
    const sums = rowSums(weights);
    const expectedFull: number[] = [];
    for (let r = 0; r < logits.rows; r++) {
      const full = mask !== null && rowIsFullyBlocked(mask, r);
      if (full) expectedFull.push(r);
      expect(Math.abs(sums[r] - (full ? 0 : 1))).toBeLessThanOrEqual(1e-6);
      for (let c = 0; c < logits.cols; c++) {
        const w = at(weights, r, c);
        expect(Number.isFinite(w)).toBe(true);
        expect(w).toBeGreaterThanOrEqual(0);
        if (mask && mask.blocked[r * logits.cols + c]) expect(w).toBe(0);
      }
    }
    expect(fullyMaskedRows).toEqual(expectedFull);
  };

  it('rows sum to 1, blocked entries are exactly 0, fully masked rows are 0 and reported (logits up to ±1e4)', () => {
    fc.assert(
      fc.property(logitsAndMask(-1e4, 1e4), ({ logits, mask }) => checkInvariants(logits, mask)),
      { numRuns: 200 },
    );
  });

  it('without a mask every row sums to 1 and nothing is NaN, even for ±1e4 logits', () => {
    fc.assert(
      fc.property(logitsAndMask(-1e4, 1e4), ({ logits }) => checkInvariants(logits, null)),
      { numRuns: 100 },
    );
  });

  it('adding a constant to a row changes nothing (exactly, for float32-exact integer logits)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }).chain((n) =>
          fc.record({
            row: fc.array(fc.integer({ min: -10000, max: 10000 }), { minLength: n, maxLength: n }),
            shift: fc.integer({ min: -10000, max: 10000 }),
          }),
        ),
        ({ row, shift }) => {
          const n = row.length;
          const base = maskedSoftmax(matrixOf(1, n, row), null).weights.data;
          const shifted = maskedSoftmax(matrixOf(1, n, row.map((v) => v + shift)), null).weights.data;
          expect(shifted).toEqual(base);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('adding a different constant to each row changes nothing (within 1e-5, real-valued logits)', () => {
    fc.assert(
      fc.property(
        logitsAndMask(-20, 20),
        fc.array(fc.double({ min: -50, max: 50, noNaN: true }), { minLength: 6, maxLength: 6 }),
        ({ logits, mask }, shifts) => {
          const shifted = matrixOf(
            logits.rows,
            logits.cols,
            Array.from(logits.data, (v, i) => v + shifts[Math.floor(i / logits.cols)]),
          );
          const a = maskedSoftmax(logits, mask).weights.data;
          const b = maskedSoftmax(shifted, mask).weights.data;
          for (let i = 0; i < a.length; i++) expect(Math.abs(a[i] - b[i])).toBeLessThanOrEqual(1e-5);
        },
      ),
      { numRuns: 100 },
    );
  });
});
