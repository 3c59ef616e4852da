// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  additiveScores,
  attendWithScores,
  concatScores,
  concatToAdditive,
  dotScores,
  fromRows,
  gaussianFactor,
  generalScores,
  localMMask,
  localPWeights,
  locationScores,
  maskedSoftmax,
  predictivePositions,
  scaledDotScores,
  toRows,
  windowMask,
  xavierUniform,
  type Matrix,
} from '../../src/engine';
import { engineError, randomMatrix, rowSums, seeded } from './support';

function expectRowsClose(m: Matrix, expected: readonly (readonly number[])[], digits = 6): void {
  const actual = toRows(m);
  expect(actual.length).toBe(expected.length);
  actual.forEach((r, i) => {
    expect(r.length).toBe(expected[i].length);
    r.forEach((v, j) => expect(v, `(${i}, ${j})`).toBeCloseTo(expected[i][j], digits));
  });
}

const vec = (values: readonly number[]) => Float32Array.from(values);

// One query q = [1, 2] and one key k = [3, −1], small enough to do on paper.
const q = fromRows([[1, 2]]);
const k = fromRows([[3, -1]]);

describe('dot and scaled dot', () => {
  it('dot: qᵀk = 1·3 + 2·(−1) = 1', () => {
    expect(toRows(dotScores(q, k))).toEqual([[1]]);
  });

  it('scaled dot: 1 / √2 = 0.70710678', () => {
    expectRowsClose(scaledDotScores(q, k), [[0.70710678]]);
  });

  it('is [queries × keys]: two queries against three keys', () => {
    // rows: [1,0]·{[1,0],[0,1],[1,1]} = 1, 0, 1; [0,1]·… = 0, 1, 1
    const s = dotScores(fromRows([[1, 0], [0, 1]]), fromRows([[1, 0], [0, 1], [1, 1]]));
    expect(toRows(s)).toEqual([
      [1, 0, 1],
      [0, 1, 1],
    ]);
  });

  it('names both shapes when the widths differ', () => {
    const e = engineError(() => dotScores(fromRows([[1, 2, 3], [4, 5, 6]]), fromRows([[1, 2], [3, 4], [5, 6], [7, 8]])));
    expect(e.code).toBe('shape-mismatch');
    expect(e.message).toContain('2×3');
    expect(e.message).toContain('4×2');
    expect(engineError(() => scaledDotScores(fromRows([[1]]), fromRows([[1, 2]]))).message).toMatch(/1×1.*1×2/);
  });
});

describe('general (bilinear): qᵀ W k', () => {
  it('W = [[1, 0], [0, 2]]: qᵀW = [1, 4], then ·k = 1·3 + 4·(−1) = −1', () => {
    expect(toRows(generalScores(q, k, fromRows([[1, 0], [0, 2]])))).toEqual([[-1]]);
  });

  it('W = I gives the dot score back', () => {
    const random = seeded(3);
    const Q = randomMatrix(4, 3, random);
    const K = randomMatrix(5, 3, random);
    const g = generalScores(Q, K, fromRows([[1, 0, 0], [0, 1, 0], [0, 0, 1]]));
    expectRowsClose(g, toRows(dotScores(Q, K)), 5);
  });

  it('allows d_q ≠ d_k: W [2 × 3], q = [1, 2], k = [1, 0, −1], W = [[1, 1, 0], [0, 0, 1]] → qᵀW = [1, 1, 2] → 1 − 2 = −1', () => {
    expect(toRows(generalScores(q, fromRows([[1, 0, -1]]), fromRows([[1, 1, 0], [0, 0, 1]])))).toEqual([[-1]]);
  });

  it('names W, Q and K when W has the wrong shape', () => {
    const e = engineError(() => generalScores(q, k, fromRows([[1, 0, 0], [0, 1, 0], [0, 0, 1]])));
    expect(e.code).toBe('shape-mismatch');
    expect(e.message).toContain('3×3');
    expect(e.message).toContain('1×2');
    expect(e.message).toContain('2×2');
  });
});

// Additive by hand, a = 2:
//   W₁ = [[0.1, 0], [0, 0.1]]    → W₁q = [0.1, 0.2]
//   W₂ = [[0.1, 0.2], [0, −0.1]] → W₂k = [0.3 − 0.2, 0.1] = [0.1, 0.1]
//   W₁q + W₂k = [0.2, 0.3];  v = [1, −2]
//   score = tanh(0.2) − 2·tanh(0.3) = 0.19737532 − 2·0.29131261 = −0.38524990
const W1 = fromRows([[0.1, 0], [0, 0.1]]);
const W2 = fromRows([[0.1, 0.2], [0, -0.1]]);
const VA = vec([1, -2]);
const ADDITIVE = Math.tanh(0.2) - 2 * Math.tanh(0.3);

describe('additive (Bahdanau) and concat (Luong)', () => {
  it('additive: vᵀ tanh(W₁q + W₂k) = tanh(0.2) − 2 tanh(0.3) = −0.385249905', () => {
    expect(ADDITIVE).toBeCloseTo(-0.385249905, 9);
    expectRowsClose(additiveScores(q, k, { w1: W1, w2: W2, v: VA }), [[-0.385249905]]);
  });

  it('concat: vᵀ tanh(W [q; k]) with W = [W₁ W₂] gives the same −0.385249905', () => {
    // [q; k] = [1, 2, 3, −1]; row 1 of W = [0.1, 0, 0.1, 0.2] → 0.1 + 0.3 − 0.2 = 0.2; row 2 = [0, 0.1, 0, −0.1] → 0.2 + 0.1 = 0.3
    const W = fromRows([[0.1, 0, 0.1, 0.2], [0, 0.1, 0, -0.1]]);
    expectRowsClose(concatScores(q, k, { w: W, v: VA }), [[-0.385249905]]);
  });

  it('concat equals additive with W split as [W₁ W₂], for random shapes (d_q = 3, d_k = 5, a = 4)', () => {
    const random = seeded(21);
    const Q = randomMatrix(6, 3, random);
    const K = randomMatrix(7, 5, random);
    const W = randomMatrix(4, 8, random, 0.7);
    const v = Float32Array.from(randomMatrix(1, 4, random).data);
    const split = concatToAdditive({ w: W, v }, 3);
    expect([split.w1.rows, split.w1.cols, split.w2.rows, split.w2.cols]).toEqual([4, 3, 4, 5]);
    expect(Array.from(split.w1.data.subarray(0, 3))).toEqual(Array.from(W.data.subarray(0, 3)));
    expect(Array.from(split.w2.data.subarray(0, 5))).toEqual(Array.from(W.data.subarray(3, 8)));
    expectRowsClose(concatScores(Q, K, { w: W, v }), toRows(additiveScores(Q, K, split)), 5);
  });

  it('names the shapes when W₁, W₂ or W do not fit', () => {
    const e1 = engineError(() => additiveScores(q, k, { w1: fromRows([[1, 2, 3], [4, 5, 6]]), w2: W2, v: VA }));
    expect(e1.code).toBe('shape-mismatch');
    expect(e1.message).toMatch(/W₁ is 2×3.*Q is 1×2/);
    const e2 = engineError(() => additiveScores(q, fromRows([[1, 2, 3]]), { w1: W1, w2: W2, v: VA }));
    expect(e2.message).toMatch(/W₂ is 2×2.*K is 1×3/);
    const e3 = engineError(() => concatScores(q, k, { w: W1, v: VA }));
    expect(e3.message).toMatch(/W is 2×2.*Q is 1×2.*K is 1×2.*2×4/);
  });
});

describe('location-based: softmax(W_a h_t)', () => {
  // W_a = [[1, 0], [0, 1], [1, −1]] (S = 3 positions): W_a q = [1, 2, 1 − 2] = [1, 2, −1]
  // softmax: e¹, e², e⁻¹ over 2.71828 + 7.38906 + 0.36788 = 10.47522 → [0.259496, 0.705385, 0.035119]
  const WA = fromRows([[1, 0], [0, 1], [1, -1]]);

  it('scores W_a q = [1, 2, −1] and weights [0.259496, 0.705385, 0.035119]', () => {
    const scores = locationScores(q, WA);
    expect(toRows(scores)).toEqual([[1, 2, -1]]);
    expectRowsClose(maskedSoftmax(scores, null).weights, [[0.25949646, 0.70538451, 0.03511903]]);
  });

  it('ignores the keys: the weights depend on the query alone, one column per source position', () => {
    const scores = locationScores(fromRows([[1, 2], [0, 0]]), WA);
    expect(scores.cols).toBe(3);
    expect(toRows(scores)[1]).toEqual([0, 0, 0]);
  });

  it('names both shapes when W_a has the wrong width', () => {
    const e = engineError(() => locationScores(q, fromRows([[1, 2, 3]])));
    expect(e.message).toMatch(/W_a is 1×3.*Q is 1×2/);
  });
});

describe('local-m: the window |s − t| ≤ D', () => {
  it('blocks exactly the cells outside the window (6 × 6, D = 1 and D = 2)', () => {
    for (const D of [0, 1, 2]) {
      const mask = localMMask(6, 6, D);
      for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) expect(mask.blocked[i * 6 + j] === 1, `D=${D} (${i}, ${j})`).toBe(Math.abs(i - j) > D);
    }
  });

  it('with D = 1 query 5 sees keys 4, 5, 6: three keys (2D + 1), but the first and last queries only two', () => {
    const mask = localMMask(8, 8, 1);
    const open = (i: number) => Array.from({ length: 8 }, (_, j) => j).filter((j) => mask.blocked[i * 8 + j] === 0);
    expect(open(4)).toEqual([3, 4, 5]); // query 5 (index 4): positions 4, 5, 6
    expect(open(0)).toEqual([0, 1]);
    expect(open(7)).toEqual([6, 7]);
  });

  it('its weights are 0 outside the window and rows sum to 1', () => {
    const random = seeded(5);
    const scores = scaledDotScores(randomMatrix(7, 4, random), randomMatrix(7, 4, random));
    const mask = localMMask(7, 7, 2);
    const { weights, fullyMaskedRows } = attendWithScores(scores, randomMatrix(7, 3, random), mask);
    expect(fullyMaskedRows).toEqual([]);
    for (let i = 0; i < weights.data.length; i++) if (mask.blocked[i]) expect(weights.data[i]).toBe(0);
    for (const s of rowSums(weights)) expect(s).toBeCloseTo(1, 6);
  });

  it('a query past the end of a shorter source has an empty window: a zero row, reported as fully masked', () => {
    const mask = localMMask(5, 2, 1); // queries 4 and 5 (t = 4, 5) are more than 1 from s = 1, 2
    const { weights, fullyMaskedRows } = attendWithScores(fromRows([[1, 2], [1, 2], [1, 2], [1, 2], [1, 2]]), fromRows([[1], [2]]), mask);
    expect(fullyMaskedRows).toEqual([3, 4]);
    expect(toRows(weights).slice(3)).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  it('refuses a negative or fractional D', () => {
    expect(engineError(() => localMMask(3, 3, -1)).code).toBe('invalid-argument');
    expect(engineError(() => localMMask(3, 3, 1.5)).code).toBe('invalid-argument');
    expect(engineError(() => windowMask([Number.NaN], 3, 1)).code).toBe('not-finite');
  });
});

describe('local-p: predicted position and Gaussian', () => {
  it('p_t = S·sigmoid(v_pᵀ tanh(W_p h_t)): W_p = diag(0.5, 0.25), v_p = [1, 1], S = 10 → 10·sigmoid(2 tanh 0.5) = 7.159041', () => {
    // W_p q = [0.5, 0.5]; tanh 0.5 = 0.46211716; z = 0.92423431; sigmoid(z) = 0.71590409
    const p = predictivePositions(q, { wp: fromRows([[0.5, 0], [0, 0.25]]), vp: vec([1, 1]) }, 10);
    expect(p[0]).toBeCloseTo(7.159040903, 6);
    expect(predictivePositions(q, { wp: fromRows([[0.5, 0], [0, 0.25]]), vp: vec([0, 0]) }, 10)).toEqual([5]);
  });

  it('the Gaussian factor is 1 at s = p_t and exp(−1/2) at distance σ = D/2', () => {
    expect(gaussianFactor(3.7, 3.7, 4)).toBe(1);
    expect(gaussianFactor(5.7, 3.7, 4)).toBeCloseTo(Math.exp(-0.5), 12); // σ = 2
    expect(gaussianFactor(1, 2, 2)).toBeCloseTo(0.60653066, 8); // σ = 1
    expect(engineError(() => gaussianFactor(1, 1, 0)).code).toBe('invalid-argument');
  });

  it('equal scores, p_t = 3, D = 2 (σ = 1): align 0.2 each, times e^{−2}, e^{−½}, 1, e^{−½}, e^{−2}, not renormalised', () => {
    // 0.2·[0.135335, 0.606531, 1, 0.606531, 0.135335] = [0.027067, 0.121306, 0.2, 0.121306, 0.027067]; sum 0.496746
    const r = localPWeights(fromRows([[0, 0, 0, 0, 0]]), [3], 2);
    expect(r.sigma).toBe(1);
    expectRowsClose(r.align, [[0.2, 0.2, 0.2, 0.2, 0.2]]);
    expectRowsClose(r.weights, [[0.02706706, 0.12130613, 0.2, 0.12130613, 0.02706706]]);
    expect(rowSums(r.weights)[0]).toBeCloseTo(0.49674638, 6);
  });

  it('a real-valued p_t = 2.5 with D = 1 keeps s ∈ [1.5, 3.5] = {2, 3}; the softmax runs over those two only', () => {
    // scores [5, 0, ln 3, 9]: window keeps s = 2, 3 → softmax(0, ln 3) = [0.25, 0.75]; σ = 0.5, |s − p| = 0.5 = σ → × e^{−½}
    const r = localPWeights(fromRows([[5, 0, Math.log(3), 9]]), [2.5], 1);
    expect(Array.from(r.mask.blocked)).toEqual([1, 0, 0, 1]);
    expectRowsClose(r.align, [[0, 0.25, 0.75, 0]]);
    expectRowsClose(r.weights, [[0, 0.25 * Math.exp(-0.5), 0.75 * Math.exp(-0.5), 0]]);
  });

  it('weights stay within the window, are never above align, and no row sums to more than 1', () => {
    const random = seeded(9);
    const Q = randomMatrix(6, 4, random);
    const K = randomMatrix(9, 4, random);
    const centres = predictivePositions(Q, { wp: xavierUniform(4, 4, random), vp: Float32Array.from(randomMatrix(1, 4, random).data) }, 9);
    for (const p of centres) expect(p > 0 && p < 9).toBe(true);
    const r = localPWeights(scaledDotScores(Q, K), centres, 2);
    for (let i = 0; i < r.weights.data.length; i++) {
      if (r.mask.blocked[i]) expect(r.weights.data[i]).toBe(0);
      expect(r.weights.data[i]).toBeLessThanOrEqual(r.align.data[i] + 1e-7);
    }
    for (const s of rowSums(r.weights)) expect(s).toBeLessThanOrEqual(1 + 1e-6);
  });

  it('checks D, the number of centres and the predictor’s shapes', () => {
    expect(engineError(() => localPWeights(fromRows([[0, 0]]), [1], 0)).code).toBe('invalid-argument');
    expect(engineError(() => localPWeights(fromRows([[0, 0]]), [1, 2], 1)).message).toMatch(/2 centres.*1×2/);
    const e = engineError(() => predictivePositions(q, { wp: fromRows([[1, 0, 0]]), vp: vec([1]) }, 4));
    expect(e.message).toMatch(/W_p is 1×3.*Q is 1×2/);
    expect(engineError(() => predictivePositions(q, { wp: fromRows([[1, 0]]), vp: vec([1]) }, 0)).code).toBe('invalid-argument');
  });
});

describe('attendWithScores', () => {
  it('scores [0, ln 3] → weights [0.25, 0.75]; V = [[4], [8]] → 0.25·4 + 0.75·8 = 7', () => {
    const r = attendWithScores(fromRows([[0, Math.log(3)]]), fromRows([[4], [8]]));
    expectRowsClose(r.weights, [[0.25, 0.75]]);
    expectRowsClose(r.output, [[7]], 5);
  });

  it('a blocked key gets 0: only key 1 remains, so the output is its value 4', () => {
    const r = attendWithScores(fromRows([[0, Math.log(3)]]), fromRows([[4], [8]]), windowMask([1], 2, 0));
    expect(toRows(r.weights)).toEqual([[1, 0]]);
    expect(toRows(r.output)).toEqual([[4]]);
  });

  it('rows sum to 1 for every score function on the same random inputs', () => {
    const random = seeded(17);
    const Q = randomMatrix(5, 4, random);
    const K = randomMatrix(6, 4, random);
    const V = randomMatrix(6, 2, random);
    const all = [
      dotScores(Q, K),
      scaledDotScores(Q, K),
      generalScores(Q, K, randomMatrix(4, 4, random)),
      additiveScores(Q, K, { w1: xavierUniform(3, 4, random), w2: xavierUniform(3, 4, random), v: vec([1, -1, 0.5]) }),
      locationScores(Q, randomMatrix(6, 4, random)),
    ];
    for (const scores of all) {
      expect([scores.rows, scores.cols]).toEqual([5, 6]);
      const { weights, output } = attendWithScores(scores, V);
      for (const s of rowSums(weights)) expect(s).toBeCloseTo(1, 6);
      expect([output.rows, output.cols]).toEqual([5, 2]);
    }
  });

  it('names both shapes when V or the mask does not match the scores', () => {
    expect(engineError(() => attendWithScores(fromRows([[0, 1]]), fromRows([[1], [2], [3]]))).message).toMatch(/1×2.*3×1/);
    expect(engineError(() => attendWithScores(fromRows([[0, 1]]), fromRows([[1], [2]]), localMMask(2, 2, 0))).message).toMatch(/2×2.*1×2/);
  });
});

interface ScoringFixture {
  readonly D: number;
  readonly q: number[][];
  readonly k: number[][];
  readonly v: number[][];
  readonly w_general: number[][];
  readonly w1: number[][];
  readonly w2: number[][];
  readonly v_a: number[];
  readonly w_a: number[][];
  readonly w_p: number[][];
  readonly v_p: number[];
  readonly expected: Record<'dot' | 'scaled' | 'general' | 'additive' | 'concat' | 'location' | 'local_m' | 'local_p' | 'output_additive', number[][]> & {
    readonly p_t: number[];
  };
}

describe.each(['square', 'cross'])('PyTorch golden values (tests/fixtures/scoring/scoring-%s.json)', (name) => {
  const f = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'scoring', `scoring-${name}.json`), 'utf8')) as ScoringFixture;
  const Q = fromRows(f.q);
  const K = fromRows(f.k);
  const V = fromRows(f.v);
  const e = f.expected;
  const additive = { w1: fromRows(f.w1), w2: fromRows(f.w2), v: vec(f.v_a) };

  it('dot, scaled, general, additive and concat scores', () => {
    expectRowsClose(dotScores(Q, K), e.dot, 5);
    expectRowsClose(scaledDotScores(Q, K), e.scaled, 5);
    expectRowsClose(generalScores(Q, K, fromRows(f.w_general)), e.general, 5);
    expectRowsClose(additiveScores(Q, K, additive), e.additive, 5);
    const w = fromRows(f.w1.map((r, i) => [...r, ...f.w2[i]]));
    expectRowsClose(concatScores(Q, K, { w, v: additive.v }), e.concat, 5);
    expectRowsClose(attendWithScores(additiveScores(Q, K, additive), V).output, e.output_additive, 5);
  });

  it('location, local-m and local-p weights and p_t', () => {
    expectRowsClose(maskedSoftmax(locationScores(Q, fromRows(f.w_a)), null).weights, e.location, 5);
    expectRowsClose(attendWithScores(scaledDotScores(Q, K), V, localMMask(Q.rows, K.rows, f.D)).weights, e.local_m, 5);
    const centres = predictivePositions(Q, { wp: fromRows(f.w_p), vp: vec(f.v_p) }, K.rows);
    centres.forEach((p, i) => expect(p, `p_${i + 1}`).toBeCloseTo(e.p_t[i], 4));
    expectRowsClose(localPWeights(scaledDotScores(Q, K), centres, f.D).weights, e.local_p, 5);
  });
});
