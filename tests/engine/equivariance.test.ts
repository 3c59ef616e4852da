// @vitest-environment node
import fc from 'fast-check';
import { addPositionalEncoding, encoderLayer, multiHeadAttention, randomEncoderLayer, randomMhaParams } from '../../src/engine';
import { at, expectMatrixClose, maxDiff, permuteRows, randomMatrix, seeded } from './support';

/** A length, a permutation of that length and a seed. */
const permutationCase = fc
  .integer({ min: 2, max: 8 })
  .chain((n) =>
    fc.record({
      perm: fc.shuffledSubarray(
        Array.from({ length: n }, (_, i) => i),
        { minLength: n, maxLength: n },
      ),
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      numHeads: fc.constantFrom(1, 2, 4),
    }),
  );

describe('permutation equivariance without positional encoding (no mask)', () => {
  it('multiHeadAttention: permuting the input rows permutes the output rows and the weights', () => {
    fc.assert(
      fc.property(permutationCase, ({ perm, seed, numHeads }) => {
        const random = seeded(seed);
        const params = randomMhaParams(8, numHeads, random);
        const x = randomMatrix(perm.length, 8, random);
        const original = multiHeadAttention(x, params);
        const permuted = multiHeadAttention(permuteRows(x, perm), params);
        expectMatrixClose(permuted.output, permuteRows(original.output, perm), 1e-5);
        original.heads.forEach((head, h) => {
          // weight(i, j) in the permuted run is weight(perm[i], perm[j]) in the original
          for (let i = 0; i < perm.length; i++) {
            for (let j = 0; j < perm.length; j++) {
              expect(Math.abs(at(permuted.heads[h].weights, i, j) - at(head.weights, perm[i], perm[j]))).toBeLessThanOrEqual(1e-6);
            }
          }
        });
      }),
      { numRuns: 50 },
    );
  });

  it('encoderLayer (post-LN and pre-LN): permuting the input rows permutes the output rows', () => {
    fc.assert(
      fc.property(permutationCase, fc.boolean(), ({ perm, seed, numHeads }, normFirst) => {
        const random = seeded(seed);
        const layer = randomEncoderLayer(8, numHeads, 16, random);
        const x = randomMatrix(perm.length, 8, random);
        const original = encoderLayer(x, layer, { normFirst });
        const permuted = encoderLayer(permuteRows(x, perm), layer, { normFirst });
        expectMatrixClose(permuted.output, permuteRows(original.output, perm), 1e-5);
      }),
      { numRuns: 50 },
    );
  });

  it('with positional encoding the symmetry is broken: order matters', () => {
    const random = seeded(99);
    const params = randomMhaParams(8, 2, random);
    const x = randomMatrix(5, 8, random);
    const perm = [4, 3, 2, 1, 0];
    const original = multiHeadAttention(addPositionalEncoding(x), params).output;
    const permuted = multiHeadAttention(addPositionalEncoding(permuteRows(x, perm)), params).output;
    expect(maxDiff(permuted, permuteRows(original, perm))).toBeGreaterThan(1e-3);
  });
});
