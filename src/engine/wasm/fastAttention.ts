/**
 * Multi-head self-attention on the WebAssembly SIMD kernels: the same computation as `multiHeadAttention`
 * (src/engine/multiHead.ts, the readable reference the tests compare against), in three stages that can be cached
 * separately, as the lab's controls need:
 *   1. fastProjectQkv     x → [q | k | v]                     depends on the input and the weights
 *   2. fastAttendHeads    → per-head weights and outputs       also on the mask and the scaling
 *   3. fastCombineHeads   → concat · W_oᵀ + b_o               also on which heads are disabled
 * A head toggle needs only stage 3 again; a mask change stages 2 and 3. The app's runs use all three through
 * src/engine/run/wasmBackend.ts, and fastOutputProjection for a head toggle (stage 3 from a trace's head outputs);
 * scripts/bench times each stage. The rest of a block (LayerNorm, feed-forward, linear maps) is in fastLayers.ts.
 *
 * Shapes: L tokens, E = embedDim, H heads of width D = E / H. Buffers live in the kernels' memory, row-major.
 */
import { EngineError } from '../errors';
import { assertFinite, type Matrix } from '../matrix';
import type { BlockedMask } from '../masks';
import { validateMhaParams, type HeadOptions, type MhaOptions, type MhaParams } from '../multiHead';
import { Disposable, packedFloats } from './disposable';
import type { WasmKernels } from './kernels';

const FLOAT = 4;

/** Weights transposed and packed for the GEMM once, so every forward reads them as they are. */
export class PreparedMhaParams extends Disposable {
  private constructor(
    kernels: WasmKernels,
    readonly source: MhaParams,
    /** [W_q; W_k; W_v]ᵀ packed, E × 3E: x · this = [q | k | v]. */
    readonly wQkvPtr: number,
    /** [b_q | b_k | b_v], 3E floats. */
    readonly bQkvPtr: number,
    /** W_oᵀ packed, E × E. */
    readonly wOPtr: number,
    /** b_o, E floats. */
    readonly bOPtr: number,
  ) {
    super(kernels, [wQkvPtr, bQkvPtr, wOPtr, bOPtr]);
  }

  get embedDim(): number {
    return this.source.embedDim;
  }

  get numHeads(): number {
    return this.source.numHeads;
  }

  get headDim(): number {
    return this.source.embedDim / this.source.numHeads;
  }

  /** Validates `params` as the reference does and packs them into the kernels' memory. */
  static create(kernels: WasmKernels, params: MhaParams): PreparedMhaParams {
    validateMhaParams(params);
    const e = params.embedDim;
    const { arena, exports: k } = kernels;
    const wQkv = arena.alloc(packedFloats(e, 3 * e) * FLOAT);
    const bQkv = arena.alloc(3 * e * FLOAT);
    const wO = arena.alloc(packedFloats(e, e) * FLOAT);
    const bO = arena.alloc(e * FLOAT);
    arena.withScratch((take) => {
      // The three PyTorch weights (out × in) stacked are in_proj_weight, 3E × E; its transpose is the B operand.
      const stacked = take(3 * e * e * FLOAT);
      kernels.write(stacked, params.wQ.data);
      kernels.write(stacked + e * e * FLOAT, params.wK.data);
      kernels.write(stacked + 2 * e * e * FLOAT, params.wV.data);
      k.pack_bt(stacked, e, e, 3 * e, wQkv);
      const out = take(e * e * FLOAT);
      kernels.write(out, params.wO.data);
      k.pack_bt(out, e, e, e, wO);
    });
    kernels.write(bQkv, params.bQ);
    kernels.write(bQkv + e * FLOAT, params.bK);
    kernels.write(bQkv + 2 * e * FLOAT, params.bV);
    kernels.write(bO, params.bO);
    return new PreparedMhaParams(kernels, params, wQkv, bQkv, wO, bO);
  }

  assertUsable(): void {
    this.assertLive('These prepared parameters');
  }
}

/** Prepares `params` for the fast path (validate, transpose, pack). Dispose the result when the weights change. */
export function prepareMhaParams(kernels: WasmKernels, params: MhaParams): PreparedMhaParams {
  return PreparedMhaParams.create(kernels, params);
}

/** Stage 1's result: [q | k | v] for all heads, L × 3E, in the kernels' memory. Head h's q is columns hD .. hD+D−1. */
export class FastProjections extends Disposable {
  constructor(
    readonly prepared: PreparedMhaParams,
    readonly tokens: number,
    /** L × 3E floats. */
    readonly qkvPtr: number,
  ) {
    super(prepared.kernels, [qkvPtr]);
  }

  assertUsable(): void {
    this.assertLive('These projections');
    this.prepared.assertUsable();
  }

  /** Copies q, k and v out as L × E matrices (the reference's QkvProjections). */
  toMatrices(): { q: Matrix; k: Matrix; v: Matrix } {
    this.assertUsable();
    const l = this.tokens;
    const e = this.prepared.embedDim;
    const all = this.kernels.read(this.qkvPtr, l * 3 * e);
    const part = (offset: number): Matrix => {
      const m = new Float32Array(l * e);
      for (let r = 0; r < l; r++) m.set(all.subarray(r * 3 * e + offset, r * 3 * e + offset + e), r * e);
      return { rows: l, cols: e, data: m };
    };
    return { q: part(0), k: part(e), v: part(2 * e) };
  }
}

/** Stage 1: x (L × E) → [q | k | v] = x · [W_q; W_k; W_v]ᵀ + [b_q | b_k | b_v], one GEMM for all three. */
export function fastProjectQkv(prepared: PreparedMhaParams, x: Matrix): FastProjections {
  prepared.assertUsable();
  const e = prepared.embedDim;
  if (x.cols !== e) {
    throw new EngineError('shape-mismatch', `The query input is ${x.rows}×${x.cols} but W_q expects ${e} columns.`);
  }
  assertFinite(x, 'The query input');
  const { kernels } = prepared;
  const l = x.rows;
  const qkv = kernels.arena.alloc(l * 3 * e * FLOAT);
  kernels.arena.withScratch((take) => {
    const xp = take(l * e * FLOAT);
    kernels.write(xp, x.data);
    kernels.exports.gemm(l, 3 * e, e, xp, e, prepared.wQkvPtr, qkv, 3 * e, prepared.bQkvPtr);
  });
  return new FastProjections(prepared, l, qkv);
}

/** Rows whose every key is blocked (their weights are all zero), as the reference reports per head. */
function fullyMaskedRowsOf(mask: BlockedMask | null, queries: number): number[] {
  const rows: number[] = [];
  if (!mask) return rows;
  for (let q = 0; q < queries; q++) {
    const rowBlocked = mask.blocked.subarray(q * mask.keys, (q + 1) * mask.keys);
    if (rowBlocked.every((b) => b !== 0)) rows.push(q);
  }
  return rows;
}

/** Stage 2's result: every head's weights (H × L × L) and outputs side by side (L × E), in the kernels' memory. */
export class FastHeads extends Disposable {
  private weightsCopy: Matrix[] | null = null;

  constructor(
    readonly projections: FastProjections,
    /** H blocks of L × L: head h's softmax weights at weightsPtr + 4·h·L·L. */
    readonly weightsPtr: number,
    /** L × E: head h's output (weights_h · v_h) in columns hD .. hD+D−1, before any head is disabled. */
    readonly headOutputsPtr: number,
    readonly fullyMaskedRows: readonly number[],
  ) {
    super(projections.kernels, [weightsPtr, headOutputsPtr]);
  }

  assertUsable(): void {
    this.assertLive('These head results');
    this.projections.assertUsable();
  }

  /** Each head's weights as an L × L matrix (copied once, then shared by later calls). */
  weights(): Matrix[] {
    this.assertUsable();
    if (!this.weightsCopy) {
      const l = this.projections.tokens;
      this.weightsCopy = [];
      for (let h = 0; h < this.projections.prepared.numHeads; h++) {
        this.weightsCopy.push({ rows: l, cols: l, data: this.kernels.read(this.weightsPtr + h * l * l * FLOAT, l * l) });
      }
    }
    return this.weightsCopy;
  }

  /** Each head's output (L × D), as the reference's heads[h].output. */
  headOutputs(): Matrix[] {
    this.assertUsable();
    const { tokens: l, prepared } = this.projections;
    const e = prepared.embedDim;
    const d = prepared.headDim;
    const all = this.kernels.read(this.headOutputsPtr, l * e);
    const out: Matrix[] = [];
    for (let h = 0; h < prepared.numHeads; h++) {
      const m = new Float32Array(l * d);
      for (let r = 0; r < l; r++) m.set(all.subarray(r * e + h * d, r * e + h * d + d), r * d);
      out.push({ rows: l, cols: d, data: m });
    }
    return out;
  }
}

/**
 * Stage 2: for each head h, weights_h = softmax(q_h k_hᵀ / √D) over the allowed keys, and out_h = weights_h · v_h.
 * Blocked keys weigh exactly 0; a query with every key blocked gets all-zero weights (the reference's convention).
 */
export function fastAttendHeads(projections: FastProjections, options: HeadOptions = {}): FastHeads {
  projections.assertUsable();
  const { prepared, tokens: l, kernels } = projections;
  const { arena, exports: k } = kernels;
  const e = prepared.embedDim;
  const h = prepared.numHeads;
  const d = prepared.headDim;
  const mask = options.mask ?? null;
  if (mask && (mask.queries !== l || mask.keys !== l || mask.blocked.length !== l * l)) {
    throw new EngineError('shape-mismatch', `The mask is ${mask.queries}×${mask.keys} but attention is ${l}×${l} (queries × keys).`);
  }
  const scale = options.scale === false ? 1 : 1 / Math.sqrt(d);
  const weights = arena.alloc(h * l * l * FLOAT);
  const headOutputs = arena.alloc(l * e * FLOAT);
  arena.withScratch((take) => {
    let maskPtr = 0;
    if (mask) {
      maskPtr = take(l * l);
      kernels.u8.set(mask.blocked, maskPtr);
    }
    const kPacked = take(packedFloats(d, l) * FLOAT); // k_hᵀ, D × L
    const vPacked = take(packedFloats(l, d) * FLOAT); // v_h, L × D
    const ld = 3 * e; // row stride of [q | k | v]
    for (let head = 0; head < h; head++) {
      const q = projections.qkvPtr + head * d * FLOAT;
      const kh = projections.qkvPtr + (e + head * d) * FLOAT;
      const vh = projections.qkvPtr + (2 * e + head * d) * FLOAT;
      const s = weights + head * l * l * FLOAT;
      k.pack_bt(kh, ld, d, l, kPacked);
      k.gemm(l, l, d, q, ld, kPacked, s, l, 0); // scores, L × L
      k.softmax(s, l, l, l, scale, maskPtr); // → weights, in place
      k.pack_b(vh, ld, l, d, vPacked);
      k.gemm(l, d, l, s, l, vPacked, headOutputs + head * d * FLOAT, e, 0); // L × D into its columns
    }
  });
  return new FastHeads(projections, weights, headOutputs, fullyMaskedRowsOf(mask, l));
}

/** Stage 3: concat (head outputs, disabled heads as zeros) · W_oᵀ + b_o → L × E. */
export function fastCombineHeads(heads: FastHeads, disabledHeads: ReadonlySet<number> = new Set()): Matrix {
  heads.assertUsable();
  const { prepared, tokens: l } = heads.projections;
  const { kernels } = heads;
  const e = prepared.embedDim;
  const d = prepared.headDim;
  const disabled = [...disabledHeads].filter((i) => Number.isInteger(i) && i >= 0 && i < prepared.numHeads);
  return kernels.arena.withScratch((take) => {
    let concat = heads.headOutputsPtr;
    if (disabled.length > 0) {
      concat = take(l * e * FLOAT);
      const f32 = kernels.f32;
      f32.copyWithin(concat >>> 2, heads.headOutputsPtr >>> 2, (heads.headOutputsPtr >>> 2) + l * e);
      for (const i of disabled) kernels.exports.zero_cols(concat, e, l, i * d, d);
    }
    const out = take(l * e * FLOAT);
    kernels.exports.gemm(l, e, e, concat, e, prepared.wOPtr, out, e, prepared.bOPtr);
    return { rows: l, cols: e, data: kernels.read(out, l * e) };
  });
}

/**
 * concat (L × E, any heads already zeroed) · W_oᵀ + b_o → L × E: stage 3 from head outputs held outside the kernels'
 * memory (a trace's, when a head toggle re-combines a layer whose attention was computed earlier).
 */
export function fastOutputProjection(prepared: PreparedMhaParams, concat: Matrix): Matrix {
  prepared.assertUsable();
  const e = prepared.embedDim;
  if (concat.cols !== e) {
    throw new EngineError('shape-mismatch', `The concatenated heads are ${concat.rows}×${concat.cols} but W_o expects ${e} columns.`);
  }
  const { kernels } = prepared;
  const l = concat.rows;
  return kernels.arena.withScratch((take) => {
    const cp = take(l * e * FLOAT);
    kernels.write(cp, concat.data);
    const out = take(l * e * FLOAT);
    kernels.exports.gemm(l, e, e, cp, e, prepared.wOPtr, out, e, prepared.bOPtr);
    return { rows: l, cols: e, data: kernels.read(out, l * e) };
  });
}

export interface FastMhaResult {
  /** concat · W_oᵀ + b_o, [L × E]. */
  readonly output: Matrix;
  /** Per head, [L × L]; rows sum to 1, or are all 0 when every key of that query is blocked. */
  readonly weights: readonly Matrix[];
  readonly fullyMaskedRows: readonly number[];
  readonly disabledHeads: ReadonlySet<number>;
}

/**
 * Multi-head self-attention in one call: x [L × E] → output [L × E] and every head's weights, as
 * `multiHeadAttention(x, params, options)` computes them (masks, scaling and disabled heads alike).
 * Pass `PreparedMhaParams` to reuse packed weights; plain `MhaParams` are packed for this call and released.
 */
export function fastMultiHeadAttention(
  kernels: WasmKernels,
  x: Matrix,
  params: PreparedMhaParams | MhaParams,
  options: MhaOptions = {},
): FastMhaResult {
  const prepared = params instanceof PreparedMhaParams ? params : PreparedMhaParams.create(kernels, params);
  if (prepared.kernels !== kernels) throw new EngineError('invalid-argument', 'These prepared parameters belong to other kernels.');
  let projections: FastProjections | null = null;
  let heads: FastHeads | null = null;
  try {
    projections = fastProjectQkv(prepared, x);
    heads = fastAttendHeads(projections, options);
    const disabledHeads = options.disabledHeads ?? new Set<number>();
    const output = fastCombineHeads(heads, disabledHeads);
    return { output, weights: heads.weights(), fullyMaskedRows: heads.fullyMaskedRows, disabledHeads };
  } finally {
    heads?.dispose();
    projections?.dispose();
    if (prepared !== params) prepared.dispose();
  }
}
