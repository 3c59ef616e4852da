// @vitest-environment node
import fc from 'fast-check';
import { assertHeadsDivide, dividingHeadCounts, EngineError, headsDivide, nearestDividingHeads } from '../../src/engine';

describe('headsDivide / dividingHeadCounts', () => {
  it('are true exactly for positive whole head counts that split the width evenly', () => {
    expect(headsDivide(32, 4)).toBe(true);
    expect(headsDivide(32, 5)).toBe(false);
    for (const [width, heads] of [[0, 1], [32, 0], [32, -4], [32, 2.5], [7.5, 1], [Number.NaN, 1]]) expect(headsDivide(width, heads)).toBe(false);
    expect(dividingHeadCounts(12)).toEqual([1, 2, 3, 4, 6, 12]);
    expect(dividingHeadCounts(32, 16)).toEqual([1, 2, 4, 8, 16]);
    expect(dividingHeadCounts(128, 8)).toEqual([1, 2, 4, 8]);
  });

  it('agree with assertHeadsDivide', () => {
    expect(() => assertHeadsDivide(32, 5)).toThrow(EngineError);
    for (const h of dividingHeadCounts(96)) expect(() => assertHeadsDivide(96, h)).not.toThrow();
  });
});

describe('nearestDividingHeads: the one rule for heads that do not fit the width', () => {
  it.each([
    // width, asked, max, expected
    [32, 4, 16, 4], // divides: kept
    [32, 5, 16, 4], // 4 is nearer than 8
    [32, 3, 16, 2], // 2 and 4 equally near: the smaller
    [32, 7, 16, 8], // 8 is nearer than 4 (the old "largest below" rule gave 4)
    [24, 5, 16, 4], // 4 and 6 equally near: the smaller
    [6, 4, 16, 3], // 3 and 6 divide 6; 3 is nearer
    [7, 2, 16, 1], // 1 and 7 divide 7; 1 is nearer
    [34, 16, 16, 2], // 17 would be nearer but is above the limit
    [4, 8, 8, 4], // more heads than features: the width itself
    [17, 4, 16, 1], // a prime width above the limit: 1
    [12, 0, 16, 1],
    [12, 99, 16, 12],
  ])('width %i, %i heads asked, at most %i → %i', (width, asked, max, expected) => {
    expect(nearestDividingHeads(width, asked, max)).toBe(expected);
  });

  it('is a divisor within the limit, and no valid count is nearer (ties go to the smaller)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 256 }), fc.integer({ min: 1, max: 32 }), fc.integer({ min: 1, max: 32 }), (width, asked, max) => {
        const h = nearestDividingHeads(width, asked, max);
        expect(headsDivide(width, h)).toBe(true);
        expect(h).toBeLessThanOrEqual(Math.max(1, Math.min(width, max)));
        for (const other of dividingHeadCounts(width, max)) {
          const closer = Math.abs(other - asked) < Math.abs(h - asked);
          const tieBelow = Math.abs(other - asked) === Math.abs(h - asked) && other < h;
          expect(closer || tieBelow).toBe(false);
        }
        if (headsDivide(width, asked) && asked <= max) expect(h).toBe(asked);
      }),
    );
  });

  it('refuses a width that is not a positive whole number', () => {
    expect(() => nearestDividingHeads(0, 4)).toThrow(EngineError);
    expect(() => nearestDividingHeads(12.5, 4)).toThrow(EngineError);
  });
});
