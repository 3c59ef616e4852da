// @vitest-environment node
import fc from 'fast-check';
import { EngineError, buildMask, isBlocked, maskFromRows, multiHeadAttention, randomMhaParams } from '../../src/engine';
import { at, randomMatrix, rowSums, seeded } from './support';

/** Sequence length, a head count that divides the width, and a seed for weights and inputs. */
const setup = fc.record({
  length: fc.integer({ min: 1, max: 9 }),
  numHeads: fc.constantFrom(1, 2, 4),
  headDim: fc.integer({ min: 1, max: 4 }),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});

function runMha(length: number, numHeads: number, headDim: number, seed: number, mask: ReturnType<typeof buildMask>) {
  const random = seeded(seed);
  const params = randomMhaParams(numHeads * headDim, numHeads, random);
  const x = randomMatrix(length, numHeads * headDim, random);
  return multiHeadAttention(x, params, { mask });
}

describe('buildMask', () => {
  it('returns null when nothing is switched on', () => {
    expect(buildMask(3, 3, undefined)).toBeNull();
    expect(buildMask(3, 3, { causal: false, keyPadding: null, custom: null })).toBeNull();
  });

  it('causal on 3 tokens blocks exactly the entries above the diagonal', () => {
    const mask = buildMask(3, 3, { causal: true });
    expect(Array.from(mask!.blocked)).toEqual([0, 1, 1, 0, 0, 1, 0, 0, 0]);
  });

  it('key padding blocks whole columns', () => {
    const mask = buildMask(2, 3, { keyPadding: [false, true, false] });
    expect(Array.from(mask!.blocked)).toEqual([0, 1, 0, 0, 1, 0]);
  });

  it('a key padding list of the wrong length throws, naming both lengths', () => {
    expect(() => buildMask(3, 4, { keyPadding: [false, false, true] })).toThrow(EngineError);
    expect(() => buildMask(3, 4, { keyPadding: [false, false, true] })).toThrow(/3 flags.*4 keys/);
  });

  it('a custom mask of the wrong shape throws', () => {
    expect(() => buildMask(2, 2, { custom: [[false, false]] })).toThrow(EngineError);
    expect(() => buildMask(2, 2, { custom: [[false, false], [false]] })).toThrow(/2×2/);
  });

  it('causal + padding + custom block the union of what each blocks', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }).chain((n) =>
          fc.record({
            n: fc.constant(n),
            causal: fc.boolean(),
            keyPadding: fc.option(fc.array(fc.boolean(), { minLength: n, maxLength: n })),
            custom: fc.option(fc.array(fc.array(fc.boolean(), { minLength: n, maxLength: n }), { minLength: n, maxLength: n })),
          }),
        ),
        ({ n, causal, keyPadding, custom }) => {
          const mask = buildMask(n, n, { causal, keyPadding, custom });
          for (let q = 0; q < n; q++) {
            for (let k = 0; k < n; k++) {
              const expected = (causal && k > q) || (keyPadding?.[k] ?? false) || (custom?.[q][k] ?? false);
              expect(isBlocked(mask, q, k)).toBe(expected);
            }
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('masks through multi-head attention (every head)', () => {
  it('causal: weights are exactly zero above the diagonal and rows still sum to 1', () => {
    fc.assert(
      fc.property(setup, ({ length, numHeads, headDim, seed }) => {
        const trace = runMha(length, numHeads, headDim, seed, buildMask(length, length, { causal: true }));
        expect(trace.heads).toHaveLength(numHeads);
        for (const head of trace.heads) {
          for (let q = 0; q < length; q++) for (let k = q + 1; k < length; k++) expect(at(head.weights, q, k)).toBe(0);
          for (const s of rowSums(head.weights)) expect(Math.abs(s - 1)).toBeLessThanOrEqual(1e-6);
          expect(at(head.weights, 0, 0)).toBeCloseTo(1, 6); // the first token can only see itself
        }
      }),
      { numRuns: 50 },
    );
  });

  it('padded keys get zero weight from every query', () => {
    fc.assert(
      fc.property(
        setup.chain((s) => fc.record({ s: fc.constant(s), padding: fc.array(fc.boolean(), { minLength: s.length, maxLength: s.length }) })),
        ({ s: { length, numHeads, headDim, seed }, padding }) => {
          const trace = runMha(length, numHeads, headDim, seed, buildMask(length, length, { keyPadding: padding }));
          const allPadded = padding.every(Boolean);
          for (const head of trace.heads) {
            for (let q = 0; q < length; q++) {
              for (let k = 0; k < length; k++) {
                if (padding[k]) expect(at(head.weights, q, k)).toBe(0);
                else expect(at(head.weights, q, k)).toBeGreaterThan(0);
              }
            }
            expect(head.fullyMaskedRows).toHaveLength(allPadded ? length : 0);
          }
        },
      ),
      { numRuns: 50 },
    );
  });

  it('combined masks: blocked entries are 0, open entries positive, fully blocked rows all 0 and never NaN', () => {
    fc.assert(
      fc.property(
        setup.chain((s) =>
          fc.record({
            s: fc.constant(s),
            causal: fc.boolean(),
            padding: fc.array(fc.boolean(), { minLength: s.length, maxLength: s.length }),
            custom: fc.array(fc.array(fc.boolean(), { minLength: s.length, maxLength: s.length }), { minLength: s.length, maxLength: s.length }),
          }),
        ),
        ({ s: { length, numHeads, headDim, seed }, causal, padding, custom }) => {
          const mask = buildMask(length, length, { causal, keyPadding: padding, custom });
          const trace = runMha(length, numHeads, headDim, seed, mask);
          for (const head of trace.heads) {
            const sums = rowSums(head.weights);
            for (let q = 0; q < length; q++) {
              let open = 0;
              for (let k = 0; k < length; k++) {
                const w = at(head.weights, q, k);
                if (isBlocked(mask, q, k)) expect(w).toBe(0);
                else {
                  open++;
                  expect(w).toBeGreaterThan(0);
                }
              }
              expect(Math.abs(sums[q] - (open > 0 ? 1 : 0))).toBeLessThanOrEqual(1e-6);
              expect(head.fullyMaskedRows.includes(q)).toBe(open === 0);
            }
            expect(head.output.data.every(Number.isFinite)).toBe(true);
          }
          expect(trace.output.data.every(Number.isFinite)).toBe(true);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('maskFromRows keeps the given pattern', () => {
    const mask = maskFromRows([
      [false, true],
      [true, false],
    ]);
    expect([isBlocked(mask, 0, 0), isBlocked(mask, 0, 1), isBlocked(mask, 1, 0), isBlocked(mask, 1, 1)]).toEqual([false, true, true, false]);
    expect(isBlocked(null, 0, 0)).toBe(false);
  });
});
