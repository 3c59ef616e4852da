// @vitest-environment node
import fc from 'fast-check';
import {
  articleLayoutToPytorch,
  buildMask,
  finishMultiHeadAttention,
  fromRows,
  multiHeadAttention,
  projectQkvArticleLayout,
  projectQkv,
  toRows,
  type ArticleQkvParams,
} from '../../src/engine';
import { expectMatrixClose, maxDiff, randomMatrix, seeded } from './support';

function randomArticleParams(embedDim: number, numHeads: number, seed: number): ArticleQkvParams {
  const random = seeded(seed);
  const biases = (n: number): Float32Array => Float32Array.from({ length: n }, () => random() - 0.5);
  return {
    embedDim,
    numHeads,
    qkvWeight: randomMatrix(3 * embedDim, embedDim, random, 0.5),
    qkvBias: biases(3 * embedDim),
    wO: randomMatrix(embedDim, embedDim, random, 0.5),
    bO: biases(embedDim),
  };
}

/**
 * The article's reshape written out independently: qkv is [L, 3E]; view each row as [H, 3D], and split the
 * last axis into three D-wide chunks q | k | v. Returns, per head, that head's q, k and v rows.
 */
function articleReshape(qkvRows: number[][], numHeads: number): { q: number[][]; k: number[][]; v: number[][] }[] {
  const d = qkvRows[0].length / 3 / numHeads;
  return Array.from({ length: numHeads }, (_, h) => {
    const block = qkvRows.map((row) => row.slice(h * 3 * d, (h + 1) * 3 * d));
    return { q: block.map((b) => b.slice(0, d)), k: block.map((b) => b.slice(d, 2 * d)), v: block.map((b) => b.slice(2 * d, 3 * d)) };
  });
}

const headCols = (rows: number[][], h: number, d: number): number[][] => rows.map((r) => r.slice(h * d, (h + 1) * d));

describe('article layout, permutation direction', () => {
  it('H=2, D=1, E=2: fused output features are [q₀, k₀, v₀, q₁, k₁, v₁]', () => {
    // Row f of the fused weight is [f + 1, 0] so, for x = [1, 0], fused output feature f is exactly f + 1;
    // the bias then adds 10·(f + 1) so that the bias is checked along the same path.
    const params: ArticleQkvParams = {
      embedDim: 2,
      numHeads: 2,
      qkvWeight: fromRows([[1, 0], [2, 0], [3, 0], [4, 0], [5, 0], [6, 0]]),
      qkvBias: Float32Array.from([10, 20, 30, 40, 50, 60]),
      wO: fromRows([[1, 0], [0, 1]]),
      bO: new Float32Array(2),
    };
    const x = fromRows([[1, 0]]);
    const { q, k, v } = projectQkvArticleLayout(x, params);
    // q = [head0's q, head1's q] = [feature 0, feature 3], etc.
    expect(toRows(q)).toEqual([[11, 44]]);
    expect(toRows(k)).toEqual([[22, 55]]);
    expect(toRows(v)).toEqual([[33, 66]]);

    const pytorch = articleLayoutToPytorch(params);
    expect(toRows(pytorch.wQ)).toEqual([[1, 0], [4, 0]]);
    expect(toRows(pytorch.wK)).toEqual([[2, 0], [5, 0]]);
    expect(toRows(pytorch.wV)).toEqual([[3, 0], [6, 0]]);
    expect(Array.from(pytorch.bQ)).toEqual([10, 40]);
    expect(Array.from(pytorch.bK)).toEqual([20, 50]);
    expect(Array.from(pytorch.bV)).toEqual([30, 60]);
  });

  it('H=3, D=2: each head gets the q, k, v chunks of its own 3D block, in order', () => {
    const params = randomArticleParams(6, 3, 11);
    const x = randomMatrix(4, 6, seeded(12));
    // The fused projection computed by hand, row by row: qkv[l][f] = Σ_i x[l][i]·W[f][i] + b[f].
    const xr = toRows(x);
    const w = toRows(params.qkvWeight);
    const qkv = xr.map((row) => w.map((wf, f) => wf.reduce((s, wfi, i) => s + wfi * row[i], 0) + params.qkvBias[f]));
    const expected = articleReshape(qkv, 3);
    const article = projectQkvArticleLayout(x, params);
    const pytorch = projectQkv(x, x, articleLayoutToPytorch(params));
    for (let h = 0; h < 3; h++) {
      for (const [name, got] of [
        ['q', article.q],
        ['k', article.k],
        ['v', article.v],
      ] as const) {
        const want = expected[h][name];
        headCols(toRows(got), h, 2).forEach((row, l) => row.forEach((val, j) => expect(val, `head ${h} ${name}[${l}][${j}]`).toBeCloseTo(want[l][j], 5)));
      }
      headCols(toRows(pytorch.q), h, 2).forEach((row, l) => row.forEach((val, j) => expect(val).toBeCloseTo(expected[h].q[l][j], 5)));
      headCols(toRows(pytorch.v), h, 2).forEach((row, l) => row.forEach((val, j) => expect(val).toBeCloseTo(expected[h].v[l][j], 5)));
    }
  });
});

describe('article layout equals PyTorch layout', () => {
  it('projectQkvArticleLayout + finishMultiHeadAttention = multiHeadAttention(articleLayoutToPytorch(params)), within 1e-5', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 2, 3, 4),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 7 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (numHeads, headDim, length, causal, seed) => {
          const e = numHeads * headDim;
          const params = randomArticleParams(e, numHeads, seed);
          const x = randomMatrix(length, e, seeded(seed + 1));
          const pytorch = articleLayoutToPytorch(params);
          const options = { mask: buildMask(length, length, { causal }) };
          const viaArticle = finishMultiHeadAttention(projectQkvArticleLayout(x, params), pytorch, options);
          const viaPytorch = multiHeadAttention(x, pytorch, options);
          expect(maxDiff(viaArticle.q, viaPytorch.q)).toBeLessThanOrEqual(1e-5);
          expect(maxDiff(viaArticle.k, viaPytorch.k)).toBeLessThanOrEqual(1e-5);
          expect(maxDiff(viaArticle.v, viaPytorch.v)).toBeLessThanOrEqual(1e-5);
          expectMatrixClose(viaArticle.output, viaPytorch.output, 1e-5);
          viaArticle.heads.forEach((h, i) => expectMatrixClose(h.weights, viaPytorch.heads[i].weights, 1e-5));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('the conversion is a real permutation when H > 1, not the identity split', () => {
    // If the article layout were read as [W_q; W_k; W_v] blocks (the PyTorch packing), the results would differ.
    const params = randomArticleParams(4, 2, 21);
    const pytorch = articleLayoutToPytorch(params);
    const naiveQ = toRows(params.qkvWeight).slice(0, 4);
    expect(toRows(pytorch.wQ)).not.toEqual(naiveQ);
  });
});
