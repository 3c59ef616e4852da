// @vitest-environment node
import { readFileSync } from 'node:fs';
import { EngineError } from '../../../src/engine';
import { adamStep, clipGlobalNorm, createAdam, warmupLearningRate } from '../../../src/engine/train/adam';

interface AdamFixture {
  A: number[][];
  b: number[];
  initial: number[];
  scenarios: Record<string, { learningRate: number; warmupSteps: number; clipNorm: number; steps: { step: number; lr: number; gradNorm: number; params: number[] }[] }>;
}

const fixture = JSON.parse(readFileSync(new URL('../../fixtures/train/adam.json', import.meta.url), 'utf8')) as AdamFixture;

/** ∇(½ pᵀAp − bᵀp) = ½(A + Aᵀ)p − b, written as autograd sums it. */
function gradient(p: Float64Array): Float64Array {
  const n = p.length;
  const g = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let rowDot = 0;
    let colDot = 0;
    for (let j = 0; j < n; j++) {
      rowDot += fixture.A[i][j] * p[j];
      colDot += fixture.A[j][i] * p[j];
    }
    g[i] = 0.5 * (rowDot + colDot) - fixture.b[i];
  }
  return g;
}

describe('Adam', () => {
  it('first step by hand: m̂ = g and v̂ = g², so every parameter moves by lr·g/(|g| + ε)', () => {
    const state = createAdam(3);
    const params = Float64Array.from([1, -2, 0.5]);
    const grads = Float64Array.from([0.3, -4, 0]);
    adamStep(state, params, grads, 0.01);
    // m = 0.1 g, v = 0.001 g²; m / (1 − 0.9) = g, √v / √(1 − 0.999) = |g|.
    expect(params[0]).toBeCloseTo(1 - 0.01 * (0.3 / (0.3 + 1e-8)), 14);
    expect(params[1]).toBeCloseTo(-2 + 0.01 * (4 / (4 + 1e-8)), 14);
    expect(params[2]).toBe(0.5);
    expect(state.step).toBe(1);
    expect(state.m[1]).toBeCloseTo(-0.4, 15);
    expect(state.v[1]).toBeCloseTo(0.016, 15);
  });

  for (const name of Object.keys(fixture.scenarios)) {
    it(`matches torch.optim.Adam step by step (${name})`, () => {
      const scenario = fixture.scenarios[name];
      const params = Float64Array.from(fixture.initial);
      const state = createAdam(params.length);
      for (const expected of scenario.steps) {
        const lr = warmupLearningRate(expected.step, scenario);
        expect(lr).toBeCloseTo(expected.lr, 15);
        const grads = gradient(params);
        const norm = clipGlobalNorm(grads, scenario.clipNorm);
        expect(norm).toBeCloseTo(expected.gradNorm, 10);
        adamStep(state, params, grads, lr);
        for (let i = 0; i < params.length; i++) expect(params[i]).toBeCloseTo(expected.params[i], 11);
      }
    });
  }

  it('refuses gradients of the wrong length', () => {
    expect(() => adamStep(createAdam(3), new Float64Array(3), new Float64Array(2), 0.1)).toThrow(EngineError);
  });
});

describe('warm-up', () => {
  it('rises linearly from lr/W at step 1 to lr at step W, then stays', () => {
    const settings = { learningRate: 0.01, warmupSteps: 10 };
    expect(warmupLearningRate(1, settings)).toBeCloseTo(0.001, 15);
    expect(warmupLearningRate(5, settings)).toBeCloseTo(0.005, 15);
    expect(warmupLearningRate(10, settings)).toBe(0.01);
    expect(warmupLearningRate(500, settings)).toBe(0.01);
  });

  it('no warm-up means the full rate from step 1; step 0 is refused', () => {
    expect(warmupLearningRate(1, { learningRate: 0.02, warmupSteps: 0 })).toBe(0.02);
    expect(() => warmupLearningRate(0, { learningRate: 0.02, warmupSteps: 0 })).toThrow(EngineError);
  });
});

describe('clipGlobalNorm', () => {
  it('scales a long gradient down to the limit and returns the norm it had', () => {
    const grads = Float64Array.from([3, 4, 0, 12]); // norm 13
    expect(clipGlobalNorm(grads, 1)).toBe(13);
    const factor = 1 / (13 + 1e-6);
    expect(Array.from(grads)).toEqual([3, 4, 0, 12].map((g) => g * factor));
    expect(Math.hypot(...grads)).toBeCloseTo(1, 6);
  });

  it('leaves a short gradient alone, and maxNorm 0 turns clipping off', () => {
    const short = Float32Array.from([0.3, 0.4]);
    expect(clipGlobalNorm(short, 1)).toBeCloseTo(0.5, 7);
    expect(Array.from(short)).toEqual([Math.fround(0.3), Math.fround(0.4)]);
    const long = Float64Array.from([30, 40]);
    expect(clipGlobalNorm(long, 0)).toBe(50);
    expect(Array.from(long)).toEqual([30, 40]);
  });
});
