// @vitest-environment node
// The WebAssembly fast path must compute what the TypeScript reference `multiHeadAttention` computes: the same
// outputs and per-head weights (within 1e-4), the same masking rules, the same disabled-head semantics.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildMask,
  EngineError,
  maxAbsDifference,
  mulberry32,
  multiHeadAttention,
  randomMhaParams,
  zeros,
  type BlockedMask,
  type Matrix,
  type MhaOptions,
  type MhaParams,
  type Random,
} from '../../src/engine';
import {
  fastAttendHeads,
  fastCombineHeads,
  fastMultiHeadAttention,
  fastProjectQkv,
  loadWasmKernels,
  prepareMhaParams,
  wasmSimdSupported,
  type FastMhaResult,
  type WasmKernels,
} from '../../src/engine/wasm';

const TOLERANCE = 1e-4;
let kernels: WasmKernels;

beforeAll(async () => {
  kernels = await loadWasmKernels();
});

function randomMatrix(rows: number, cols: number, random: Random, amplitude = 1): Matrix {
  const m = zeros(rows, cols);
  for (let i = 0; i < m.data.length; i++) m.data[i] = (random() * 2 - 1) * amplitude;
  return m;
}

/** Random weights with non-zero biases, so every bias path is exercised. */
function randomParams(e: number, h: number, random: Random): MhaParams {
  const p = randomMhaParams(e, h, random);
  for (const b of [p.bQ, p.bK, p.bV, p.bO]) for (let i = 0; i < b.length; i++) b[i] = random() - 0.5;
  return p;
}

function randomRows(l: number, random: Random, density: number): boolean[][] {
  return Array.from({ length: l }, () => Array.from({ length: l }, () => random() < density));
}

function randomMask(l: number, random: Random, density: number): BlockedMask {
  return buildMask(l, l, { custom: randomRows(l, random, density) }) as BlockedMask;
}

function expectMatchesReference(x: Matrix, params: MhaParams, options: MhaOptions, fast: FastMhaResult): void {
  const ref = multiHeadAttention(x, params, options);
  expect(maxAbsDifference(ref.output, fast.output)).toBeLessThan(TOLERANCE);
  expect(fast.weights).toHaveLength(params.numHeads);
  ref.heads.forEach((head, h) => {
    expect(maxAbsDifference(head.weights, fast.weights[h])).toBeLessThan(TOLERANCE);
    expect(fast.fullyMaskedRows).toEqual(head.fullyMaskedRows);
  });
  expect(fast.weights.every((w) => w.data.every((v) => Number.isFinite(v)))).toBe(true);
}

const SHAPES: readonly (readonly [l: number, e: number, h: number])[] = [
  [1, 4, 1],
  [7, 12, 3], // D = 4, L not a multiple of 4
  [8, 32, 4],
  [13, 15, 5], // D = 3: nothing is a multiple of 4
  [5, 6, 6], // D = 1
  [17, 24, 1],
  [33, 40, 2],
  [64, 128, 8],
];

describe('wasm kernels', () => {
  it('detect SIMD and load in Node', () => {
    expect(wasmSimdSupported()).toBe(true);
    expect(kernels.exports.memory).toBeInstanceOf(WebAssembly.Memory);
  });
});

describe('fastMultiHeadAttention matches multiHeadAttention', () => {
  for (const [l, e, h] of SHAPES) {
    it(`L=${l} E=${e} H=${h}: no mask, causal, padding, custom, combined; disabled heads; no scaling`, () => {
      const random = mulberry32(l * 131 + e * 7 + h);
      const params = randomParams(e, h, random);
      const x = randomMatrix(l, e, random);
      const prepared = prepareMhaParams(kernels, params);
      const padding = Array.from({ length: l }, (_, k) => k % 3 === 2);
      const masks: (BlockedMask | null)[] = [
        null,
        buildMask(l, l, { causal: true }),
        buildMask(l, l, { keyPadding: padding }),
        randomMask(l, random, 0.4),
        buildMask(l, l, { causal: true, keyPadding: padding, custom: randomRows(l, random, 0.2) }),
      ];
      const disabledSets = [new Set<number>(), new Set([0]), new Set([h - 1]), new Set(Array.from({ length: h }, (_, i) => i))];
      try {
        for (const mask of masks) {
          for (const disabledHeads of disabledSets) {
            const options: MhaOptions = { mask, disabledHeads };
            expectMatchesReference(x, params, options, fastMultiHeadAttention(kernels, x, prepared, options));
          }
        }
        const unscaled: MhaOptions = { scale: false, mask: buildMask(l, l, { causal: true }) };
        expectMatchesReference(x, params, unscaled, fastMultiHeadAttention(kernels, x, prepared, unscaled));
      } finally {
        prepared.dispose();
      }
    });
  }

  it('accepts plain MhaParams (packed for the call and released)', () => {
    const random = mulberry32(5);
    const params = randomParams(16, 4, random);
    const x = randomMatrix(9, 16, random);
    const before = kernels.arena.liveBytes();
    expectMatchesReference(x, params, {}, fastMultiHeadAttention(kernels, x, params));
    expect(kernels.arena.liveBytes()).toBe(before);
  });

  it('random shapes, masks and disabled heads (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }), // L
        fc.integer({ min: 1, max: 6 }), // D
        fc.integer({ min: 1, max: 4 }), // H
        fc.integer({ min: 0, max: 2 ** 31 - 1 }), // seed
        fc.double({ min: 0, max: 1, noNaN: true }), // mask density
        (l, d, h, seed, density) => {
          const random = mulberry32(seed);
          const params = randomParams(d * h, h, random);
          const x = randomMatrix(l, d * h, random, 2);
          const mask = density < 0.2 ? null : randomMask(l, random, density);
          const disabledHeads = new Set(Array.from({ length: h }, (_, i) => i).filter(() => random() < 0.3));
          const options: MhaOptions = { mask, disabledHeads };
          expectMatchesReference(x, params, options, fastMultiHeadAttention(kernels, x, params, options));
        },
      ),
      { numRuns: 60, seed: 20240601 },
    );
  });
});

describe('masked softmax semantics', () => {
  it('blocked keys weigh exactly 0 and fully masked rows are all zeros, never NaN', () => {
    const l = 11;
    const random = mulberry32(77);
    const params = randomParams(12, 3, random);
    const x = randomMatrix(l, 12, random);
    const rows = Array.from({ length: l }, (_, q) => Array.from({ length: l }, (_, k) => q === 3 || q === 10 || (q + k) % 4 === 0));
    const mask = buildMask(l, l, { custom: rows }) as BlockedMask;
    const fast = fastMultiHeadAttention(kernels, x, params, { mask });
    expect(fast.fullyMaskedRows).toEqual([3, 10]);
    for (const w of fast.weights) {
      for (let q = 0; q < l; q++) {
        let sum = 0;
        for (let k = 0; k < l; k++) {
          const v = w.data[q * l + k];
          expect(Number.isNaN(v)).toBe(false);
          if (rows[q][k]) expect(v).toBe(0);
          sum += v;
        }
        if (q === 3 || q === 10) expect(sum).toBe(0);
        else expect(sum).toBeCloseTo(1, 5);
      }
    }
    expectMatchesReference(x, params, { mask }, fast);
  });

  it('every key padded: all weights zero, output is the bias alone', () => {
    const l = 6;
    const random = mulberry32(3);
    const params = randomParams(8, 2, random);
    const x = randomMatrix(l, 8, random);
    const mask = buildMask(l, l, { keyPadding: Array.from({ length: l }, () => true) });
    const fast = fastMultiHeadAttention(kernels, x, params, { mask });
    expect(fast.fullyMaskedRows).toEqual([0, 1, 2, 3, 4, 5]);
    for (const w of fast.weights) expect(w.data.every((v) => v === 0)).toBe(true);
    for (let r = 0; r < l; r++) for (let c = 0; c < 8; c++) expect(fast.output.data[r * 8 + c]).toBeCloseTo(params.bO[c], 6);
    expectMatchesReference(x, params, { mask }, fast);
  });

  it('stays finite and matches for large logits (softmax stability)', () => {
    const random = mulberry32(11);
    const params = randomParams(16, 2, random);
    const x = randomMatrix(10, 16, random, 40); // scores in the hundreds
    const options: MhaOptions = { mask: buildMask(10, 10, { causal: true }) };
    expectMatchesReference(x, params, options, fastMultiHeadAttention(kernels, x, params, options));
  });
});

describe('staged API', () => {
  it('head toggles recombine from cached heads; a mask change re-attends from cached projections', () => {
    const [l, e, h] = [19, 20, 4];
    const random = mulberry32(19);
    const params = randomParams(e, h, random);
    const x = randomMatrix(l, e, random);
    const prepared = prepareMhaParams(kernels, params);
    const projections = fastProjectQkv(prepared, x);
    const ref = multiHeadAttention(x, params);
    const qkv = projections.toMatrices();
    expect(maxAbsDifference(ref.q, qkv.q)).toBeLessThan(TOLERANCE);
    expect(maxAbsDifference(ref.k, qkv.k)).toBeLessThan(TOLERANCE);
    expect(maxAbsDifference(ref.v, qkv.v)).toBeLessThan(TOLERANCE);
    const heads = fastAttendHeads(projections);
    heads.headOutputs().forEach((o, i) => expect(maxAbsDifference(ref.heads[i].output, o)).toBeLessThan(TOLERANCE));
    for (const disabled of [new Set<number>(), new Set([1]), new Set([0, 3]), new Set([0, 1, 2, 3])]) {
      const expected = multiHeadAttention(x, params, { disabledHeads: disabled }).output;
      expect(maxAbsDifference(expected, fastCombineHeads(heads, disabled))).toBeLessThan(TOLERANCE);
    }
    const mask = buildMask(l, l, { causal: true });
    const masked = fastAttendHeads(projections, { mask });
    const refMasked = multiHeadAttention(x, params, { mask, disabledHeads: new Set([2]) });
    expect(maxAbsDifference(refMasked.output, fastCombineHeads(masked, new Set([2])))).toBeLessThan(TOLERANCE);
    masked.dispose();
    heads.dispose();
    projections.dispose();
    expect(() => fastCombineHeads(heads)).toThrow(EngineError);
    expect(() => fastAttendHeads(projections)).toThrow(EngineError);
    prepared.dispose();
    expect(() => fastProjectQkv(prepared, x)).toThrow(EngineError);
  });
});

describe('memory', () => {
  it('frees everything a forward takes, and reuses freed space for new prepared weights', () => {
    const random = mulberry32(31);
    const params = randomParams(32, 4, random);
    const x = randomMatrix(16, 32, random);
    const before = kernels.arena.liveBytes();
    const prepared = prepareMhaParams(kernels, params);
    const held = kernels.arena.liveBytes();
    for (let i = 0; i < 20; i++) fastMultiHeadAttention(kernels, x, prepared, { mask: buildMask(16, 16, { causal: true }) });
    expect(kernels.arena.liveBytes()).toBe(held);
    prepared.dispose();
    expect(kernels.arena.liveBytes()).toBe(before);
    const again = prepareMhaParams(kernels, params);
    expect(again.wQkvPtr).toBe(prepared.wQkvPtr);
    again.dispose();
  });

  it('keeps working when the memory has to grow (views are refreshed)', () => {
    const random = mulberry32(37);
    const pages = kernels.exports.memory.buffer.byteLength / 65536;
    const params = randomParams(96, 4, random);
    const x = randomMatrix(160, 96, random);
    const prepared = prepareMhaParams(kernels, params);
    expectMatchesReference(x, params, {}, fastMultiHeadAttention(kernels, x, prepared));
    expect(kernels.exports.memory.buffer.byteLength / 65536).toBeGreaterThan(pages);
    prepared.dispose();
  });
});

describe('errors, as the reference reports them', () => {
  const random = mulberry32(41);
  const params = randomParams(8, 2, random);

  it('rejects a mask of the wrong shape', () => {
    const x = randomMatrix(5, 8, random);
    const call = () => fastMultiHeadAttention(kernels, x, params, { mask: buildMask(4, 4, { causal: true }) });
    expect(call).toThrow(EngineError);
    expect(call).toThrow(/mask/);
  });

  it('rejects an input of the wrong width and non-finite inputs', () => {
    expect(() => fastMultiHeadAttention(kernels, randomMatrix(3, 7, random), params)).toThrow(EngineError);
    const bad = randomMatrix(3, 8, random);
    bad.data[5] = Number.NaN;
    try {
      fastMultiHeadAttention(kernels, bad, params);
      expect.unreachable();
    } catch (error) {
      expect((error as EngineError).code).toBe('not-finite');
    }
  });

  it('rejects weights whose heads do not divide the width', () => {
    const broken = { ...params, numHeads: 3 };
    expect(() => prepareMhaParams(kernels, broken)).toThrow(EngineError);
  });
});
