// @vitest-environment node
import {
  buildMask,
  concatRows,
  groupedQueryAttention,
  groupedQueryCounts,
  kvHeadOf,
  multiHeadAttention,
  randomMhaParams,
  scaledDotProductAttention,
  sliceCols,
  sliceRows,
  type GqaWeights,
  type Matrix,
} from '../../src/engine';
import { engineError, expectMatrixClose, maxDiff, randomMatrix, rowSums, seeded } from './support';

/** Random weights for E = embedDim, h query heads and g key/value heads (W_k, W_v are g·D × E). */
function randomGqaWeights(embedDim: number, numHeads: number, numKvHeads: number, seed: number): GqaWeights {
  const random = seeded(seed);
  const kvWidth = numKvHeads * (embedDim / numHeads);
  const vector = (n: number) => randomMatrix(1, n, random, 0.1).data;
  return {
    wQ: randomMatrix(embedDim, embedDim, random, 0.3),
    wK: randomMatrix(kvWidth, embedDim, random, 0.3),
    wV: randomMatrix(kvWidth, embedDim, random, 0.3),
    bQ: vector(embedDim),
    bK: vector(kvWidth),
    bV: vector(kvWidth),
    wO: randomMatrix(embedDim, embedDim, random, 0.3),
    bO: vector(embedDim),
  };
}

describe('groupedQueryAttention', () => {
  it('with as many key/value heads as query heads is ordinary multi-head attention (within 1e-6)', () => {
    const x = randomMatrix(6, 16, seeded(1));
    const params = randomMhaParams(16, 4, seeded(2));
    const mask = buildMask(6, 6, { causal: true });
    const mha = multiHeadAttention(x, params, { mask });
    const gqa = groupedQueryAttention(x, params, { numHeads: 4, numKvHeads: 4, mask });
    expectMatrixClose(gqa.output, mha.output, 1e-6);
    gqa.heads.forEach((head, i) => expectMatrixClose(head.weights, mha.heads[i].weights, 1e-6));
  });

  it('query heads of one group read the same key and value slice; the projections are only g·D wide', () => {
    // h = 6, g = 2, D = 2: query heads 0–2 read key/value head 0, heads 3–5 read key/value head 1.
    const x = randomMatrix(5, 12, seeded(3));
    const weights = randomGqaWeights(12, 6, 2, 4);
    const trace = groupedQueryAttention(x, weights, { numHeads: 6, numKvHeads: 2 });
    expect([trace.k.rows, trace.k.cols, trace.v.cols]).toEqual([5, 4, 4]);
    expect(trace.kvHeads).toEqual([0, 0, 0, 1, 1, 1]);
    trace.heads.forEach((head, i) => {
      const j = trace.kvHeads[i];
      // Recomputed from the shared slices by plain attention: the same weights and output.
      const alone = scaledDotProductAttention(sliceCols(trace.q, i * 2, 2), sliceCols(trace.k, j * 2, 2), sliceCols(trace.v, j * 2, 2));
      expectMatrixClose(head.weights, alone.weights, 1e-6);
      expectMatrixClose(head.output, alone.output, 1e-6);
    });
  });

  it('two query heads with the same query weights in one group attend identically; in different groups they do not', () => {
    // h = 4, g = 2, D = 4: copy query head 0's rows of W_q (and b_q) into query heads 1 (same group) and 2 (other group).
    const base = randomGqaWeights(16, 4, 2, 5);
    const head0 = sliceRows(base.wQ, 0, 4);
    const wQ: Matrix = concatRows([head0, head0, head0, sliceRows(base.wQ, 12, 4)]);
    const bQ = Float32Array.from(base.bQ);
    for (const h of [1, 2]) bQ.set(base.bQ.subarray(0, 4), h * 4);
    const trace = groupedQueryAttention(randomMatrix(7, 16, seeded(6)), { ...base, wQ, bQ }, { numHeads: 4, numKvHeads: 2 });
    expect(maxDiff(trace.heads[1].weights, trace.heads[0].weights)).toBe(0);
    expect(maxDiff(trace.heads[2].weights, trace.heads[0].weights)).toBeGreaterThan(1e-3);
  });

  it('every query head’s weights sum to 1 over the keys, with and without a mask, for g = 1 (multi-query) too', () => {
    const x = randomMatrix(5, 8, seeded(7));
    for (const numKvHeads of [1, 2, 4]) {
      for (const mask of [null, buildMask(5, 5, { causal: true })]) {
        const trace = groupedQueryAttention(x, randomGqaWeights(8, 4, numKvHeads, 8), { numHeads: 4, numKvHeads, mask });
        for (const head of trace.heads) for (const sum of rowSums(head.weights)) expect(sum).toBeCloseTo(1, 5);
        expect([trace.output.rows, trace.output.cols]).toEqual([5, 8]);
      }
    }
  });

  it('refuses a key/value head count that does not divide the query heads, with a clear error', () => {
    const x = randomMatrix(3, 12, seeded(9));
    const weights = randomGqaWeights(12, 6, 2, 10);
    for (const numKvHeads of [4, 0, 12, 1.5]) {
      const error = engineError(() => groupedQueryAttention(x, weights, { numHeads: 6, numKvHeads }));
      expect(error.code).toBe('invalid-argument');
    }
    expect(engineError(() => groupedQueryAttention(x, weights, { numHeads: 6, numKvHeads: 4 })).message).toBe(
      '4 key/value heads do not divide 6 query heads: every key/value head must serve an equal whole group of query heads.',
    );
  });

  it('refuses key and value weights whose width does not match g·D', () => {
    const x = randomMatrix(3, 12, seeded(11));
    // Weights made for g = 2 (W_k is 4 × 12), run as g = 3 (needs 6 × 12).
    const error = engineError(() => groupedQueryAttention(x, randomGqaWeights(12, 6, 2, 12), { numHeads: 6, numKvHeads: 3 }));
    expect(error.code).toBe('shape-mismatch');
    expect(error.message).toContain('W_k is 4×12 but 6×12 was expected');
  });
});

describe('kvHeadOf and groupedQueryCounts', () => {
  it('consecutive query heads share a key/value head', () => {
    expect(Array.from({ length: 8 }, (_, i) => kvHeadOf(i, 8, 2))).toEqual([0, 0, 0, 0, 1, 1, 1, 1]);
    expect(Array.from({ length: 8 }, (_, i) => kvHeadOf(i, 8, 8))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(Array.from({ length: 8 }, (_, i) => kvHeadOf(i, 8, 1))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('counts 2·E·g·D key/value weights and 2·g·D cached numbers per token, against 2·E·h·D and 2·h·D', () => {
    // The lab's width: E = 32, h = 8 (D = 4), g = 2.
    expect(groupedQueryCounts(32, 8, 2)).toEqual({
      headDim: 4,
      groupSize: 4,
      kvProjectionWeights: 512,
      kvProjectionWeightsMha: 2048,
      kvCachePerToken: 16,
      kvCachePerTokenMha: 64,
    });
    // g = h saves nothing; the counts then agree with the projection shapes groupedQueryAttention checks.
    const same = groupedQueryCounts(512, 8, 8);
    expect(same.kvProjectionWeights).toBe(same.kvProjectionWeightsMha);
    expect(same.kvProjectionWeights).toBe(2 * 512 * 512);
    expect(engineError(() => groupedQueryCounts(32, 8, 3)).code).toBe('invalid-argument');
    expect(engineError(() => groupedQueryCounts(32, 5, 1)).code).toBe('heads-do-not-divide');
  });
});
