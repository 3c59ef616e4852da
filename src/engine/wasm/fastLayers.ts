/**
 * The rest of a Transformer block on the WebAssembly SIMD kernels, beside self-attention (fastAttention.ts): the
 * same computations as the TypeScript reference, which the tests compare against (within 1e-5):
 *   fastLayerNorm      LayerNorm of every row                  layerNorm.ts
 *   fastFeedForward    act(x · W1ᵀ + b1) · W2ᵀ + b2             feedForward.ts (ReLU, exact GELU, tanh GELU: gelu.ts)
 *   fastLinearRows     rows of x · Wᵀ (+ b)                      matrix.ts' linear; the language model's logits
 * Weights are prepared once (validated, transposed and packed for the GEMM, biases and gains copied) and kept in the
 * kernels' memory until disposed; every call copies its input in and its results out, so what it returns are
 * ordinary matrices, like the reference's.
 */
import { EngineError } from '../errors';
import { validateFeedForward, type FeedForwardParams, type FeedForwardTrace } from '../feedForward';
import type { LayerNormParams } from '../layerNorm';
import { assertVectorLength, type Matrix } from '../matrix';
import { Disposable, packedFloats } from './disposable';
import { ACTIVATION_KIND, type WasmKernels } from './kernels';

const FLOAT = 4;

/** A linear map y = x · Wᵀ + b with W in PyTorch's orientation (out × in), packed once. */
export class PreparedLinear extends Disposable {
  private constructor(
    kernels: WasmKernels,
    readonly weight: Matrix,
    /** Wᵀ packed, in × out. */
    readonly wPtr: number,
    /** b, out floats; 0 when there is no bias. */
    readonly bPtr: number,
  ) {
    super(kernels, bPtr === 0 ? [wPtr] : [wPtr, bPtr]);
  }

  get inFeatures(): number {
    return this.weight.cols;
  }

  get outFeatures(): number {
    return this.weight.rows;
  }

  /** Packs `weight` (out × in) and copies `bias` (out floats, or null for none). */
  static create(kernels: WasmKernels, weight: Matrix, bias: Float32Array | null, name = 'linear'): PreparedLinear {
    const steps = PreparedLinear.createInSlices(kernels, weight, bias, name, weight.rows);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /**
   * The same packing, `rowsPerSlice` rows of W at a time (rounded up to whole panels of 8 rows), pausing after each
   * slice but the last: a page spreads a large table (a language model's output embedding, V × E) over several tasks.
   * The packed memory is the same as `create`'s, whatever the slices (each panel of 8 rows is packed whole, and
   * the last, partial one is zero-padded alike). A generator left unfinished (`return()`) frees what it took.
   */
  static *createInSlices(kernels: WasmKernels, weight: Matrix, bias: Float32Array | null, name = 'linear', rowsPerSlice = 4096): Generator<void, PreparedLinear, void> {
    const { rows: out, cols: inF } = weight;
    if (out < 1 || inF < 1) throw new EngineError('invalid-argument', `${name}.weight is ${out}×${inF}: it needs at least one row and column.`);
    if (bias) assertVectorLength(bias, out, `${name}.bias`);
    const { arena, exports: k } = kernels;
    const wPtr = arena.alloc(packedFloats(inF, out) * FLOAT);
    const bPtr = bias ? arena.alloc(out * FLOAT) : 0;
    let made = false;
    try {
      const slice = Math.max(8, Math.ceil(rowsPerSlice / 8) * 8);
      for (let first = 0; first < out; first += slice) {
        const count = Math.min(slice, out - first);
        arena.withScratch((take) => {
          const w = take(count * inF * FLOAT);
          kernels.write(w, weight.data.subarray(first * inF, (first + count) * inF));
          // Panel p (rows 8p … 8p + 7 of W) starts at p · inF · 8 floats of the packed block.
          k.pack_bt(w, inF, inF, count, wPtr + first * inF * FLOAT);
        });
        if (first + count < out) yield;
      }
      if (bias) kernels.write(bPtr, bias);
      made = true;
      return new PreparedLinear(kernels, weight, wPtr, bPtr);
    } finally {
      if (!made) {
        arena.free(wPtr);
        if (bPtr) arena.free(bPtr);
      }
    }
  }

  assertUsable(): void {
    this.assertLive('This prepared linear map');
  }
}

/**
 * Rows [first, first + count) of x · Wᵀ + b into `out` (count × out floats, row-major): one GEMM. Each value is the
 * same sum in the same order whichever rows are asked for together, so a row computed alone equals that row
 * computed with all the others.
 */
export function fastLinearRows(prepared: PreparedLinear, x: Matrix, first: number, count: number, out: Float32Array): void {
  prepared.assertUsable();
  const { inFeatures: inF, outFeatures: outF, kernels } = prepared;
  if (x.cols !== inF) throw new EngineError('shape-mismatch', `The input is ${x.rows}×${x.cols} but the weight expects ${inF} columns.`);
  if (!(Number.isInteger(first) && Number.isInteger(count) && first >= 0 && count >= 0 && first + count <= x.rows)) {
    throw new EngineError('invalid-argument', `Rows ${first}..${first + count - 1} are not rows of a ${x.rows}-row input.`);
  }
  if (out.length < count * outF) throw new EngineError('shape-mismatch', `The output holds ${out.length} floats, not ${count}×${outF}.`);
  if (count === 0) return;
  kernels.arena.withScratch((take) => {
    const xp = take(count * inF * FLOAT);
    kernels.f32.set(x.data.subarray(first * inF, (first + count) * inF), xp >>> 2);
    const yp = take(count * outF * FLOAT);
    kernels.exports.gemm(count, outF, inF, xp, inF, prepared.wPtr, yp, outF, prepared.bPtr);
    out.set(kernels.f32.subarray(yp >>> 2, (yp >>> 2) + count * outF));
  });
}

/** x · Wᵀ + b, [rows × out]. */
export function fastLinear(prepared: PreparedLinear, x: Matrix): Matrix {
  const data = new Float32Array(x.rows * prepared.outFeatures);
  fastLinearRows(prepared, x, 0, x.rows, data);
  return { rows: x.rows, cols: prepared.outFeatures, data };
}

/** LayerNorm's gain γ and shift β in the kernels' memory, and its ε. */
export class PreparedLayerNorm extends Disposable {
  private constructor(
    kernels: WasmKernels,
    readonly source: LayerNormParams,
    readonly gammaPtr: number,
    readonly betaPtr: number,
  ) {
    super(kernels, [gammaPtr, betaPtr]);
  }

  get features(): number {
    return this.source.weight.length;
  }

  static create(kernels: WasmKernels, params: LayerNormParams): PreparedLayerNorm {
    const n = params.weight.length;
    assertVectorLength(params.bias, n, 'LayerNorm bias');
    const gamma = kernels.arena.alloc(n * FLOAT);
    const beta = kernels.arena.alloc(n * FLOAT);
    kernels.write(gamma, params.weight);
    kernels.write(beta, params.bias);
    return new PreparedLayerNorm(kernels, params, gamma, beta);
  }

  assertUsable(): void {
    this.assertLive('These prepared LayerNorm parameters');
  }
}

/** LayerNorm of every row of x, as layerNorm(x, params): (x − mean)/√(var + ε) · γ + β, biased variance. */
export function fastLayerNorm(prepared: PreparedLayerNorm, x: Matrix): Matrix {
  prepared.assertUsable();
  const n = prepared.features;
  assertVectorLength(prepared.source.weight, x.cols, 'LayerNorm weight');
  const { kernels } = prepared;
  return kernels.arena.withScratch((take) => {
    const xp = take(x.rows * n * FLOAT);
    kernels.write(xp, x.data);
    kernels.exports.layer_norm(xp, n, x.rows, n, prepared.gammaPtr, prepared.betaPtr, prepared.source.eps, xp, n);
    return { rows: x.rows, cols: n, data: kernels.read(xp, x.rows * n) };
  });
}

/** Both linear maps of a feed-forward network, packed, and its activation. */
export class PreparedFeedForward extends Disposable {
  private constructor(
    kernels: WasmKernels,
    readonly source: FeedForwardParams,
    /** x → hidden: W1ᵀ, E × F. */
    readonly linear1: PreparedLinear,
    /** hidden → output: W2ᵀ, F × E. */
    readonly linear2: PreparedLinear,
  ) {
    super(kernels, []);
  }

  get embedDim(): number {
    return this.source.w1.cols;
  }

  get hiddenDim(): number {
    return this.source.w1.rows;
  }

  /** Validates `params` as the reference does (for width `embedDim`, default W1's columns) and packs both weights. */
  static create(kernels: WasmKernels, params: FeedForwardParams, embedDim = params.w1.cols): PreparedFeedForward {
    validateFeedForward(params, embedDim);
    const linear1 = PreparedLinear.create(kernels, params.w1, params.b1, 'linear1');
    const linear2 = PreparedLinear.create(kernels, params.w2, params.b2, 'linear2');
    return new PreparedFeedForward(kernels, params, linear1, linear2);
  }

  override dispose(): void {
    this.linear1.dispose();
    this.linear2.dispose();
    super.dispose();
  }

  assertUsable(): void {
    this.assertLive('These prepared feed-forward parameters');
    this.linear1.assertUsable();
    this.linear2.assertUsable();
  }
}

/**
 * The feed-forward network on every row, as feedForward(x, params): hidden = act(x · W1ᵀ + b1) [L × F] and
 * output = hidden · W2ᵀ + b2 [L × E]; the hidden layer never leaves the kernels' memory between the two GEMMs.
 */
export function fastFeedForward(prepared: PreparedFeedForward, x: Matrix): FeedForwardTrace {
  prepared.assertUsable();
  const e = prepared.embedDim;
  const f = prepared.hiddenDim;
  if (x.cols !== e) throw new EngineError('shape-mismatch', `linear1: the input is ${x.rows}×${x.cols} but the weight expects ${e} columns.`);
  const { kernels } = prepared;
  const { exports: k } = kernels;
  const l = x.rows;
  const kind = ACTIVATION_KIND[prepared.source.activation ?? 'relu'];
  return kernels.arena.withScratch((take) => {
    const xp = take(l * e * FLOAT);
    kernels.write(xp, x.data);
    const hp = take(l * f * FLOAT);
    k.gemm(l, f, e, xp, e, prepared.linear1.wPtr, hp, f, prepared.linear1.bPtr);
    k.activate(hp, l * f, kind);
    const op = take(l * e * FLOAT);
    k.gemm(l, e, f, hp, f, prepared.linear2.wPtr, op, e, prepared.linear2.bPtr);
    return { hidden: { rows: l, cols: f, data: kernels.read(hp, l * f) }, output: { rows: l, cols: e, data: kernels.read(op, l * e) } };
  });
}
