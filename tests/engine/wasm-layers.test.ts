// @vitest-environment node
// The rest of a block on the WebAssembly kernels (src/engine/wasm/fastLayers.ts and kernels.wat's layer_norm and
// activate) must compute what the TypeScript reference computes: LayerNorm (layerNorm.ts), the activations (gelu.ts),
// the feed-forward network (feedForward.ts) and linear maps (matrix.ts' linear), within 1e-5, at odd sizes too.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activateInPlace,
  EngineError,
  feedForward,
  gelu,
  geluTanh,
  layerNorm,
  linear,
  maxAbsDifference,
  mulberry32,
  zeros,
  type Activation,
  type FeedForwardParams,
  type LayerNormParams,
  type Matrix,
  type Random,
} from '../../src/engine';
import {
  ACTIVATION_KIND,
  fastFeedForward,
  fastLayerNorm,
  fastLinear,
  fastLinearRows,
  loadWasmKernels,
  PreparedFeedForward,
  PreparedLayerNorm,
  PreparedLinear,
  type WasmKernels,
} from '../../src/engine/wasm';

const TOLERANCE = 1e-5;
let kernels: WasmKernels;

beforeAll(async () => {
  kernels = await loadWasmKernels();
});

function randomMatrix(rows: number, cols: number, random: Random, amplitude = 1, offset = 0): Matrix {
  const m = zeros(rows, cols);
  for (let i = 0; i < m.data.length; i++) m.data[i] = offset + (random() * 2 - 1) * amplitude;
  return m;
}

function randomVector(n: number, random: Random, mean: number, spread: number): Float32Array {
  return Float32Array.from({ length: n }, () => mean + (random() * 2 - 1) * spread);
}

/** Runs `activate` on a copy of `values` in the kernels' memory, with sentinels on both sides that must survive. */
function activateOnKernels(values: Float32Array, kind: number): Float32Array {
  const guard = 8;
  const ptr = kernels.arena.alloc((values.length + 2 * guard) * 4);
  try {
    const sentinel = new Float32Array(guard).fill(-123.25);
    kernels.write(ptr, sentinel);
    kernels.write(ptr + guard * 4, values);
    kernels.write(ptr + (guard + values.length) * 4, sentinel);
    kernels.exports.activate(ptr + guard * 4, values.length, kind);
    const all = kernels.read(ptr, values.length + 2 * guard);
    expect([...all.subarray(0, guard), ...all.subarray(guard + values.length)].every((v) => v === -123.25)).toBe(true);
    return all.slice(guard, guard + values.length);
  } finally {
    kernels.arena.free(ptr);
  }
}

/** |got − want| ≤ 1e-5·|want| + 1e-12: relative wherever the value is not ~0 (gelu.ts' own error there is ~1e-16). */
function worstRelative(got: Float32Array, want: (i: number) => number): { ratio: number; at: number } {
  let ratio = 0;
  let at = -1;
  for (let i = 0; i < got.length; i++) {
    const w = want(i);
    const r = Math.abs(got[i] - w) / (TOLERANCE * Math.abs(w) + 1e-12);
    if (r > ratio) {
      ratio = r;
      at = i;
    }
  }
  return { ratio, at };
}

describe('activate (ReLU, exact GELU, tanh GELU) on the kernels', () => {
  const grid = Float32Array.from({ length: 56_001 }, (_, i) => -14 + i * 0.0005);
  const specials = new Float32Array([0, -0, 1e-30, -1e-30, 1e-8, -1e-8, 0.5, -0.5, 1, -1, 5.5, -5.5, 9.999, -9.999, 13, -13, 30, -30, 1e6, -1e6]);

  it('exact GELU matches gelu.ts within 1e-5 relative on [−14, 14] and at special values', () => {
    for (const xs of [grid, specials]) {
      const got = activateOnKernels(xs, ACTIVATION_KIND.gelu);
      const { ratio, at } = worstRelative(got, (i) => gelu(xs[i]));
      expect(ratio, `x = ${xs[at]}: got ${got[at]}, want ${gelu(xs[at])}`).toBeLessThanOrEqual(1);
    }
  });

  it('exact GELU keeps the negative tail relative to its size where gelu.ts is exact (x ≥ −5.5)', () => {
    const xs = Float32Array.from({ length: 2001 }, (_, i) => -5.5 + i * 0.00275);
    const got = activateOnKernels(xs, ACTIVATION_KIND.gelu);
    for (let i = 0; i < xs.length; i++) expect(Math.abs(got[i] - gelu(xs[i]))).toBeLessThanOrEqual(2e-6 * Math.abs(gelu(xs[i])) + 1e-30);
  });

  it('tanh GELU matches geluTanh within 1e-5 relative', () => {
    for (const xs of [grid, specials]) {
      const got = activateOnKernels(xs, ACTIVATION_KIND.gelu_tanh);
      const { ratio, at } = worstRelative(got, (i) => geluTanh(xs[i]));
      expect(ratio, `x = ${xs[at]}: got ${got[at]}, want ${geluTanh(xs[at])}`).toBeLessThanOrEqual(1);
    }
  });

  it('ReLU is exactly activateInPlace', () => {
    const got = activateOnKernels(specials, ACTIVATION_KIND.relu);
    const want = specials.slice();
    activateInPlace(want, 'relu');
    expect(Array.from(got)).toEqual(Array.from(want));
  });

  it.each([1, 2, 3, 4, 5, 7, 9, 17])('handles %i values (a partial last vector) without touching the memory around them', (n) => {
    const random = mulberry32(n);
    const xs = Float32Array.from({ length: n }, () => (random() * 2 - 1) * 4);
    for (const kind of ['relu', 'gelu', 'gelu_tanh'] as const) {
      const got = activateOnKernels(xs, ACTIVATION_KIND[kind]);
      const want = xs.slice();
      activateInPlace(want, kind);
      for (let i = 0; i < n; i++) expect(Math.abs(got[i] - want[i])).toBeLessThanOrEqual(TOLERANCE * Math.abs(want[i]) + 1e-12);
    }
  });
});

describe('fastLayerNorm', () => {
  const cases: [rows: number, cols: number, eps: number][] = [
    [1, 1, 1e-5],
    [1, 8, 1e-5],
    [3, 5, 1e-5],
    [17, 13, 1e-3],
    [17, 24, 1e-5],
    [3, 128, 1e-5],
    [16, 128, 1e-6],
  ];

  it.each(cases)('%i×%i (ε %s): the reference within 1e-5', (rows, cols, eps) => {
    const random = mulberry32(rows * 1000 + cols);
    const params: LayerNormParams = { weight: randomVector(cols, random, 1, 0.5), bias: randomVector(cols, random, 0, 0.3), eps };
    const prepared = PreparedLayerNorm.create(kernels, params);
    try {
      // A large offset against a small spread is the hard case for a float32 mean (see layer_norm in kernels.wat).
      for (const [amplitude, offset] of [[1, 0], [3, 2], [0.01, -1], [1, 100], [0.001, 1]] as const) {
        const x = randomMatrix(rows, cols, random, amplitude, offset);
        const got = fastLayerNorm(prepared, x);
        expect(got.rows).toBe(rows);
        expect(got.cols).toBe(cols);
        expect(maxAbsDifference(got, layerNorm(x, params))).toBeLessThan(TOLERANCE);
      }
    } finally {
      prepared.dispose();
    }
  });

  it('a constant row normalises to β, as the reference (variance 0, only ε under the root)', () => {
    const params: LayerNormParams = { weight: new Float32Array([2, 3, 4]), bias: new Float32Array([0.5, -1, 0]), eps: 1e-5 };
    const prepared = PreparedLayerNorm.create(kernels, params);
    const x: Matrix = { rows: 2, cols: 3, data: new Float32Array([7, 7, 7, -2, -2, -2]) };
    expect(maxAbsDifference(fastLayerNorm(prepared, x), layerNorm(x, params))).toBe(0);
    prepared.dispose();
  });

  it('refuses an input of another width, and use after dispose', () => {
    const params: LayerNormParams = { weight: new Float32Array(4).fill(1), bias: new Float32Array(4), eps: 1e-5 };
    const prepared = PreparedLayerNorm.create(kernels, params);
    expect(() => fastLayerNorm(prepared, zeros(2, 5))).toThrow(EngineError);
    prepared.dispose();
    expect(() => fastLayerNorm(prepared, zeros(2, 4))).toThrow(/disposed/);
  });
});

function randomFfn(e: number, f: number, activation: Activation, random: Random): FeedForwardParams {
  return {
    w1: randomMatrix(f, e, random, 1 / Math.sqrt(e)),
    b1: randomVector(f, random, 0, 0.5),
    w2: randomMatrix(e, f, random, 1 / Math.sqrt(f)),
    b2: randomVector(e, random, 0, 0.5),
    activation,
  };
}

describe('fastFeedForward', () => {
  const sizes: [l: number, e: number, f: number][] = [
    [1, 8, 32],
    [3, 12, 36],
    [17, 13, 5],
    [17, 24, 96],
    [4, 128, 512],
  ];
  const activations: Activation[] = ['gelu', 'gelu_tanh', 'relu'];

  it.each(sizes)('L=%i, E=%i, F=%i: hidden and output as the reference within 1e-5, every activation', (l, e, f) => {
    for (const activation of activations) {
      const random = mulberry32(l * 7 + e * 13 + f);
      const params = randomFfn(e, f, activation, random);
      const prepared = PreparedFeedForward.create(kernels, params);
      try {
        const x = randomMatrix(l, e, random, 2);
        const got = fastFeedForward(prepared, x);
        const want = feedForward(x, params);
        expect(maxAbsDifference(got.hidden, want.hidden), `${activation} hidden`).toBeLessThan(TOLERANCE);
        expect(maxAbsDifference(got.output, want.output), `${activation} output`).toBeLessThan(TOLERANCE);
      } finally {
        prepared.dispose();
      }
    }
  });

  it('defaults to ReLU as the reference does, and validates the weights as the reference does', () => {
    const random = mulberry32(3);
    const { activation: _ignored, ...params } = randomFfn(8, 16, 'relu', random);
    void _ignored;
    const prepared = PreparedFeedForward.create(kernels, params);
    const x = randomMatrix(5, 8, random);
    expect(maxAbsDifference(fastFeedForward(prepared, x).output, feedForward(x, params).output)).toBeLessThan(TOLERANCE);
    expect(() => fastFeedForward(prepared, zeros(5, 9))).toThrow(EngineError);
    prepared.dispose();
    expect(() => PreparedFeedForward.create(kernels, { ...params, b1: new Float32Array(3) })).toThrow(EngineError);
  });

  it('returns its memory when disposed', () => {
    const before = kernels.arena.liveBytes();
    const prepared = PreparedFeedForward.create(kernels, randomFfn(24, 96, 'gelu', mulberry32(4)));
    expect(kernels.arena.liveBytes()).toBeGreaterThan(before);
    fastFeedForward(prepared, zeros(3, 24));
    prepared.dispose();
    expect(kernels.arena.liveBytes()).toBe(before);
  });
});

describe('fastLinear and fastLinearRows', () => {
  it.each([
    [1, 8, 8],
    [3, 12, 40],
    [17, 16, 28],
    [17, 128, 601],
  ])('L=%i, in %i, out %i: the reference linear within 1e-5, with and without a bias', (l, inF, outF) => {
    const random = mulberry32(l + inF + outF);
    const w = randomMatrix(outF, inF, random, 1 / Math.sqrt(inF));
    const b = randomVector(outF, random, 0, 0.5);
    const x = randomMatrix(l, inF, random, 2);
    for (const bias of [b, null]) {
      const prepared = PreparedLinear.create(kernels, w, bias);
      try {
        expect(maxAbsDifference(fastLinear(prepared, x), linear(x, w, bias))).toBeLessThan(TOLERANCE);
      } finally {
        prepared.dispose();
      }
    }
  });

  it('a row computed alone is the same floats as that row computed with all the others', () => {
    const random = mulberry32(9);
    const w = randomMatrix(203, 20, random);
    const x = randomMatrix(17, 20, random);
    const prepared = PreparedLinear.create(kernels, w, null);
    const all = fastLinear(prepared, x);
    for (const [first, count] of [[0, 1], [5, 1], [16, 1], [3, 4], [13, 4], [1, 15]]) {
      const part = new Float32Array(count * 203);
      fastLinearRows(prepared, x, first, count, part);
      expect(Array.from(part)).toEqual(Array.from(all.data.subarray(first * 203, (first + count) * 203)));
    }
    expect(() => fastLinearRows(prepared, x, 16, 2, new Float32Array(2 * 203))).toThrow(EngineError);
    prepared.dispose();
  });
});
