// @vitest-environment node
// A linear map packed in slices of rows (PreparedLinear.createInSlices, which a page uses to spread a language
// model's output embedding over several tasks) must be packed exactly as in one go, whatever the slices; and a
// packing left unfinished frees its memory.
import { beforeAll, describe, expect, it } from 'vitest';
import { mulberry32, type Matrix } from '../../src/engine';
import { fastLinear, loadWasmKernels, PreparedLinear, type WasmKernels } from '../../src/engine/wasm';
import { packedFloats } from '../../src/engine/wasm/disposable';

let kernels: WasmKernels;

beforeAll(async () => {
  kernels = await loadWasmKernels();
});

function randomMatrix(rows: number, cols: number, seed: number): Matrix {
  const random = mulberry32(seed);
  return { rows, cols, data: Float32Array.from({ length: rows * cols }, () => random() * 2 - 1) };
}

const packedOf = (p: PreparedLinear): Float32Array => kernels.read(p.wPtr, packedFloats(p.inFeatures, p.outFeatures));

describe('PreparedLinear.createInSlices', () => {
  it.each([
    [37, 13, 8],
    [37, 13, 5], // rounded up to whole panels of 8 rows
    [1000, 24, 96],
    [64, 7, 1000], // one slice
  ])('%i × %i in slices of %i rows: the same packed panels and the same products as create', (rows, cols, slice) => {
    const weight = randomMatrix(rows, cols, rows + cols);
    const bias = Float32Array.from({ length: rows }, (_, i) => i / 10);
    const whole = PreparedLinear.create(kernels, weight, bias);
    const steps = PreparedLinear.createInSlices(kernels, weight, bias, 'sliced', slice);
    let pauses = 0;
    let step = steps.next();
    while (!step.done) {
      pauses++;
      step = steps.next();
    }
    const sliced = step.value;
    expect(pauses).toBe(Math.ceil(rows / Math.max(8, Math.ceil(slice / 8) * 8)) - 1);
    expect(packedOf(sliced)).toEqual(packedOf(whole));
    const x = randomMatrix(5, cols, 7);
    expect(fastLinear(sliced, x).data).toEqual(fastLinear(whole, x).data);
    whole.dispose();
    sliced.dispose();
  });

  it('frees what it took when left unfinished', () => {
    const before = kernels.arena.liveBytes();
    const steps = PreparedLinear.createInSlices(kernels, randomMatrix(100, 16, 3), null, 'abandoned', 8);
    steps.next();
    expect(kernels.arena.liveBytes()).toBeGreaterThan(before);
    steps.return(undefined as never);
    expect(kernels.arena.liveBytes()).toBe(before);
  });
});
