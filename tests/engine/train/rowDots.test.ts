import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createTrainer, defaultConfig, defaultSettings } from '../../../src/engine/train';
import { jsRowDots, rowDots } from '../../../src/engine/train/ops/rowDots';
import { setWasmRowDots, wasmRowDots, wasmRowDotsAvailable } from '../../../src/engine/train/ops/wasmRowDots';

/*
 * The trainer's products run on a WebAssembly f64x2 kernel (rowDots.wat) where it loads, and on JavaScript loops
 * otherwise. Both must give out = a·bᵀ; they may differ only by the order of the float64 additions.
 */

const random = (n: number, seed: number): Float64Array => {
  let s = seed >>> 0;
  return Float64Array.from({ length: n }, () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 31 - 1;
  });
};

/** The definition, one dot product at a time. */
function naive(a: Float64Array, aRows: number, k: number, b: Float64Array, bRows: number): Float64Array {
  const out = new Float64Array(aRows * bRows);
  for (let i = 0; i < aRows; i++) for (let j = 0; j < bRows; j++) for (let p = 0; p < k; p++) out[i * bRows + j] += a[i * k + p] * b[j * k + p];
  return out;
}

const close = (x: Float64Array, y: Float64Array): void => {
  expect(x.length).toBe(y.length);
  for (let i = 0; i < x.length; i++) expect(Math.abs(x[i] - y[i])).toBeLessThanOrEqual(1e-12 * (1 + Math.abs(y[i])));
};

afterEach(() => setWasmRowDots(true));

describe('the trainer matrix kernels', () => {
  it('the WebAssembly kernel loads here (Node has WebAssembly SIMD)', () => {
    expect(wasmRowDotsAvailable()).toBe(true);
  });

  it('kernel and loops both compute a·bᵀ for every shape, padding odd sizes, writing or adding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 13 }), fc.integer({ min: 1, max: 13 }), fc.integer({ min: 1, max: 13 }), fc.nat(), fc.boolean(), (aRows, k, bRows, seed, accumulate) => {
        const a = random(aRows * k, seed);
        const b = random(bRows * k, seed + 1);
        const start = random(aRows * bRows, seed + 2);
        const expected = naive(a, aRows, k, b, bRows).map((v, i) => (accumulate ? v + start[i] : v));
        const viaWasm = start.slice();
        expect(wasmRowDots(a, aRows, k, b, bRows, viaWasm, accumulate)).toBe(true);
        close(viaWasm, expected);
        const viaJs = start.slice();
        jsRowDots(a, aRows, k, b, bRows, viaJs, accumulate);
        close(viaJs, expected);
      }),
      { numRuns: 200 },
    );
  });

  it('a product larger than the kernel memory so far gets a new, larger memory and is still right', () => {
    const [aRows, k, bRows] = [3000, 70, 97];
    const a = random(aRows * k, 5);
    const b = random(bRows * k, 6);
    const out = new Float64Array(aRows * bRows);
    rowDots(a, aRows, k, b, bRows, out, false);
    const check = new Float64Array(aRows * bRows);
    jsRowDots(a, aRows, k, b, bRows, check, false);
    close(out, check);
  }, 30_000); // 291,000 checked products: seconds on a busy 2-core machine, over the default 5 s

  it('switched off, the kernel declines and rowDots falls back to the loops', () => {
    setWasmRowDots(false);
    expect(wasmRowDots(new Float64Array(4), 2, 2, new Float64Array(4), 2, new Float64Array(4), false)).toBe(false);
  });

  it('training on the kernel and on the loops gives the same run (to rounding)', () => {
    const config = defaultConfig('induction');
    const settings = { ...defaultSettings('induction'), batchSize: 16 };
    const withKernel = createTrainer(config, settings);
    const kernelLosses = Array.from({ length: 8 }, () => withKernel.step().loss);
    setWasmRowDots(false);
    const withLoops = createTrainer(config, settings);
    const loopLosses = Array.from({ length: 8 }, () => withLoops.step().loss);
    for (let i = 0; i < 8; i++) expect(Math.abs(kernelLosses[i] - loopLosses[i])).toBeLessThan(1e-9);
    expect(withLoops.evaluate().accuracy).toBe(withKernel.evaluate().accuracy);
  });
});
