// @vitest-environment node
import fc from 'fast-check';
import { linear, multiHeadAttention, projectQkv, randomMhaParams, scaledDotProductAttention, sliceCols, type Matrix, type MhaParams } from '../../src/engine';
import { expectMatrixClose, maxDiff, randomMatrix, seeded } from './support';

/** Random weights with non-zero biases, so that "only b_o is left" is a real check. */
function paramsWithBiases(embedDim: number, numHeads: number, seed: number): MhaParams {
  const random = seeded(seed);
  const base = randomMhaParams(embedDim, numHeads, random);
  const bias = (): Float32Array => Float32Array.from({ length: embedDim }, () => random() - 0.5);
  return { ...base, bQ: bias(), bK: bias(), bV: bias(), bO: bias() };
}

/** Head `h` computed on its own from the projections, placed in its columns of an otherwise zero concat. */
function loneHeadConcat(x: Matrix, params: MhaParams, h: number): Matrix {
  const d = params.embedDim / params.numHeads;
  const { q, k, v } = projectQkv(x, x, params);
  const head = scaledDotProductAttention(sliceCols(q, h * d, d), sliceCols(k, h * d, d), sliceCols(v, h * d, d));
  const concat: Matrix = { rows: x.rows, cols: params.embedDim, data: new Float32Array(x.rows * params.embedDim) };
  for (let r = 0; r < x.rows; r++) concat.data.set(head.output.data.subarray(r * d, (r + 1) * d), r * params.embedDim + h * d);
  return concat;
}

const allBut = (numHeads: number, keep: number): Set<number> => new Set(Array.from({ length: numHeads }, (_, i) => i).filter((i) => i !== keep));

describe('head ablation', () => {
  it('keeping only head h = that head alone in its columns, zeros elsewhere, through W_o', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(2, 3, 4),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 6 }),
        fc.nat(),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (numHeads, headDim, length, keepRaw, seed) => {
          const keep = keepRaw % numHeads;
          const params = paramsWithBiases(numHeads * headDim, numHeads, seed);
          const x = randomMatrix(length, params.embedDim, seeded(seed ^ 0x5bd1e995));
          const trace = multiHeadAttention(x, params, { disabledHeads: allBut(numHeads, keep) });
          const concat = loneHeadConcat(x, params, keep);
          expectMatrixClose(trace.concat, concat, 1e-6);
          expectMatrixClose(trace.output, linear(concat, params.wO, params.bO), 1e-5);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('disabling one head changes the output', () => {
    const params = paramsWithBiases(8, 4, 1);
    const x = randomMatrix(5, 8, seeded(2));
    const full = multiHeadAttention(x, params).output;
    for (let h = 0; h < 4; h++) {
      const ablated = multiHeadAttention(x, params, { disabledHeads: new Set([h]) }).output;
      expect(maxDiff(full, ablated), `head ${h}`).toBeGreaterThan(1e-3);
    }
  });

  it('disabling a head does not change any head’s attention weights, only what reaches W_o', () => {
    const params = paramsWithBiases(8, 2, 3);
    const x = randomMatrix(4, 8, seeded(4));
    const full = multiHeadAttention(x, params);
    const ablated = multiHeadAttention(x, params, { disabledHeads: new Set([1]) });
    expect(ablated.heads[1].weights.data).toEqual(full.heads[1].weights.data);
    expect(Array.from(sliceCols(ablated.concat, 4, 4).data).every((v) => v === 0)).toBe(true);
    expect(sliceCols(ablated.concat, 0, 4).data).toEqual(sliceCols(full.concat, 0, 4).data);
  });

  it('disabling every head leaves exactly b_o in every row', () => {
    const params = paramsWithBiases(6, 3, 5);
    const trace = multiHeadAttention(randomMatrix(4, 6, seeded(6)), params, { disabledHeads: new Set([0, 1, 2]) });
    for (let r = 0; r < 4; r++) expect(Array.from(trace.output.data.subarray(r * 6, (r + 1) * 6))).toEqual(Array.from(params.bO));
  });

  it('the sum over heads of each lone head’s contribution (minus b_o) is the full output (W_o is linear)', () => {
    const params = paramsWithBiases(8, 4, 7);
    const x = randomMatrix(5, 8, seeded(8));
    const full = multiHeadAttention(x, params).output;
    const sum = new Float32Array(full.data.length);
    for (let h = 0; h < 4; h++) {
      const lone = linear(loneHeadConcat(x, params, h), params.wO, null);
      for (let i = 0; i < sum.length; i++) sum[i] += lone.data[i];
    }
    for (let i = 0; i < sum.length; i++) sum[i] += params.bO[i % 8];
    expectMatrixClose(full, { rows: full.rows, cols: full.cols, data: sum }, 1e-5);
  });
});
