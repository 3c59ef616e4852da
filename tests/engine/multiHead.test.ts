// @vitest-environment node
import {
  averageHeadWeights,
  buildMask,
  fromPytorchInProj,
  fromRows,
  mulberry32,
  multiHeadAttention,
  randomMhaParams,
  scaledDotProductAttention,
  sliceCols,
  toPytorchInProjWeight,
  type Matrix,
  type MhaParams,
} from '../../src/engine';
import { at, engineError, expectMatrixClose, randomMatrix, rowSums, seeded } from './support';

function identityParams(embedDim: number, numHeads: number): MhaParams {
  const eye = (): Matrix =>
    fromRows(Array.from({ length: embedDim }, (_, r) => Array.from({ length: embedDim }, (_, c) => (r === c ? 1 : 0))));
  return {
    embedDim,
    numHeads,
    wQ: eye(),
    wK: eye(),
    wV: eye(),
    wO: eye(),
    bQ: new Float32Array(embedDim),
    bK: new Float32Array(embedDim),
    bV: new Float32Array(embedDim),
    bO: new Float32Array(embedDim),
  };
}


describe('multiHeadAttention wiring', () => {
  it('with identity weights, each head is plain attention on its own slice of the features', () => {
    const x = randomMatrix(4, 6, seeded(1));
    const trace = multiHeadAttention(x, identityParams(6, 2));
    for (let h = 0; h < 2; h++) {
      const slice = sliceCols(x, h * 3, 3);
      const alone = scaledDotProductAttention(slice, slice, slice);
      expectMatrixClose(trace.heads[h].weights, alone.weights, 1e-6);
      expectMatrixClose(sliceCols(trace.output, h * 3, 3), alone.output, 1e-6);
    }
  });

  it('a head of width D scales its scores by 1/√D, not 1/√E', () => {
    const trace = multiHeadAttention(randomMatrix(3, 8, seeded(2)), randomMhaParams(8, 4, seeded(3)));
    for (const head of trace.heads) expect(head.scaleFactor).toBeCloseTo(1 / Math.sqrt(2), 12);
  });

  it('self-attention: L tokens → output L×E and per-head weights L×L', () => {
    const trace = multiHeadAttention(randomMatrix(5, 8, seeded(4)), randomMhaParams(8, 2, seeded(5)));
    expect([trace.output.rows, trace.output.cols]).toEqual([5, 8]);
    expect(trace.heads.map((h) => [h.weights.rows, h.weights.cols])).toEqual([
      [5, 5],
      [5, 5],
    ]);
  });

  it('cross-attention: 3 queries over 5 keys → output 3×E, weights 3×5', () => {
    const random = seeded(6);
    const params = randomMhaParams(8, 2, random);
    const queries = randomMatrix(3, 8, random);
    const memory = randomMatrix(5, 8, random);
    const trace = multiHeadAttention(queries, params, {}, memory);
    expect([trace.output.rows, trace.output.cols]).toEqual([3, 8]);
    expect([trace.k.rows, trace.v.rows]).toEqual([5, 5]);
    for (const head of trace.heads) {
      expect([head.weights.rows, head.weights.cols]).toEqual([3, 5]);
      for (const s of rowSums(head.weights)) expect(s).toBeCloseTo(1, 6);
    }
    // Keys and values really come from the memory: changing it changes the output.
    const other = multiHeadAttention(queries, params, {}, randomMatrix(5, 8, random));
    expect(other.output.data).not.toEqual(trace.output.data);
  });

  it('cross-attention accepts a 3×5 mask', () => {
    const random = seeded(7);
    const params = randomMhaParams(4, 2, random);
    const mask = buildMask(3, 5, { keyPadding: [false, false, false, true, true] });
    const trace = multiHeadAttention(randomMatrix(3, 4, random), params, { mask }, randomMatrix(5, 4, random));
    for (const head of trace.heads) for (let q = 0; q < 3; q++) expect([at(head.weights, q, 3), at(head.weights, q, 4)]).toEqual([0, 0]);
  });
});

describe('averageHeadWeights', () => {
  const random = seeded(8);
  const params = randomMhaParams(12, 3, random);
  const x = randomMatrix(6, 12, random);

  it('rows sum to 1 and each entry is the mean over heads', () => {
    const trace = multiHeadAttention(x, params);
    const avg = averageHeadWeights(trace);
    for (const s of rowSums(avg)) expect(s).toBeCloseTo(1, 6);
    const mean = (trace.heads[0].weights.data[7] + trace.heads[1].weights.data[7] + trace.heads[2].weights.data[7]) / 3;
    expect(avg.data[7]).toBeCloseTo(mean, 6);
  });

  it('equals adding head by head into a float32 output, bit for bit, and is kept per trace', () => {
    const trace = multiHeadAttention(x, params);
    const byHead = new Float32Array(trace.heads[0].weights.data.length);
    for (const h of [0, 1, 2]) for (let i = 0; i < byHead.length; i++) byHead[i] += trace.heads[h].weights.data[i] / 3;
    const avg = averageHeadWeights(trace);
    expect(Array.from(avg.data)).toEqual(Array.from(byHead));
    expect(averageHeadWeights(trace)).toBe(avg);
  });

  it('leaves disabled heads out', () => {
    const trace = multiHeadAttention(x, params, { disabledHeads: new Set([0, 2]) });
    expectMatrixClose(averageHeadWeights(trace), trace.heads[1].weights, 1e-7);
    for (const s of rowSums(averageHeadWeights(trace))) expect(s).toBeCloseTo(1, 6);
  });

  it('is all zeros when every head is disabled', () => {
    const trace = multiHeadAttention(x, params, { disabledHeads: new Set([0, 1, 2]) });
    expect(averageHeadWeights(trace).data.every((v) => v === 0)).toBe(true);
  });
});

describe('errors', () => {
  it('a width the heads do not divide throws heads-do-not-divide, naming both numbers', () => {
    const err = engineError(() => randomMhaParams(10, 3, seeded(1)));
    expect(err.code).toBe('heads-do-not-divide');
    expect(err.message).toContain('10');
    expect(err.message).toContain('3');
    expect(err.details).toMatchObject({ embedDim: 10, numHeads: 3 });
  });

  it('hand-built params that do not divide are rejected by multiHeadAttention too', () => {
    const params = { ...identityParams(6, 2), numHeads: 4 };
    expect(engineError(() => multiHeadAttention(randomMatrix(2, 6, seeded(1)), params)).code).toBe('heads-do-not-divide');
  });

  it('zero or fractional head counts are invalid arguments', () => {
    expect(engineError(() => randomMhaParams(8, 0, seeded(1))).code).toBe('invalid-argument');
    expect(engineError(() => randomMhaParams(8, 1.5, seeded(1))).code).toBe('invalid-argument');
  });

  it('NaN or Infinity in the query input throws not-finite with its position', () => {
    const x = randomMatrix(3, 4, seeded(1));
    x.data[1 * 4 + 2] = NaN;
    const err = engineError(() => multiHeadAttention(x, randomMhaParams(4, 2, seeded(2))));
    expect(err.code).toBe('not-finite');
    expect(err.details).toMatchObject({ row: 1, col: 2 });
  });

  it('Infinity in the key/value input throws not-finite', () => {
    const memory = randomMatrix(3, 4, seeded(1));
    memory.data[0] = Infinity;
    const err = engineError(() => multiHeadAttention(randomMatrix(2, 4, seeded(3)), randomMhaParams(4, 2, seeded(2)), {}, memory));
    expect(err.code).toBe('not-finite');
    expect(err.message).toContain('key/value');
  });

  it('a NaN weight throws not-finite naming the weight', () => {
    const params = randomMhaParams(4, 2, seeded(2));
    params.wK.data[5] = NaN;
    const err = engineError(() => multiHeadAttention(randomMatrix(2, 4, seeded(3)), params));
    expect(err.code).toBe('not-finite');
    expect(err.message).toContain('W_k');
  });

  it('an input of the wrong width throws shape-mismatch', () => {
    const err = engineError(() => multiHeadAttention(randomMatrix(2, 5, seeded(3)), randomMhaParams(4, 2, seeded(2))));
    expect(err.code).toBe('shape-mismatch');
    expect(err.message).toContain('2×5');
  });
});

describe('PyTorch packed in_proj', () => {
  it('fromPytorchInProj takes rows [W_q; W_k; W_v] and toPytorchInProjWeight puts them back', () => {
    const random = seeded(9);
    const inProj = randomMatrix(12, 4, random);
    const inBias = Float32Array.from({ length: 12 }, (_, i) => i);
    const params = fromPytorchInProj(2, inProj, inBias, randomMatrix(4, 4, random), new Float32Array(4));
    expect(Array.from(params.wK.data.subarray(0, 4))).toEqual(Array.from(inProj.data.subarray(16, 20))); // row 4 = W_k row 0
    expect(Array.from(params.bV)).toEqual([8, 9, 10, 11]);
    expect(toPytorchInProjWeight(params).data).toEqual(inProj.data);
  });

  it('rejects an in_proj_weight that is not 3E × E', () => {
    expect(engineError(() => fromPytorchInProj(2, randomMatrix(8, 4, seeded(1)), new Float32Array(12), randomMatrix(4, 4, seeded(2)), new Float32Array(4))).code).toBe(
      'shape-mismatch',
    );
  });
});

describe('bias validation', () => {
  it('a NaN bias is reported where it enters, not as NaN output', () => {
    const p = randomMhaParams(4, 2, mulberry32(3));
    const bad = { ...p, bV: Float32Array.from([0, NaN, 0, 0]) };
    expect(() => multiHeadAttention(fromRows([[1, 2, 3, 4]]), bad)).toThrow(/b_v holds NaN/);
  });
});
