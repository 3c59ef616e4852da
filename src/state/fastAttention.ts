import {
  attentionTraceFromWeights,
  combineHeads,
  sliceCols,
  type BlockedMask,
  type EncoderLayerParams,
  type Matrix,
  type MhaParams,
  type MhaTrace,
} from '../engine';
import { fastAttendHeads, fastProjectQkv, loadWasmKernels, prepareMhaParams, wasmSimdSupported, type PreparedMhaParams, type WasmKernels } from '../engine/wasm';

/**
 * The lab's bridge to the WebAssembly SIMD kernels: once loaded, self-attention projections, softmax weights and
 * head outputs come from them; every other number (and the walkthrough's scores) is derived as before. Until they
 * load, or where SIMD is missing, the TypeScript engine computes everything.
 */
let kernels: WasmKernels | null = null;
let prepared: { layers: readonly EncoderLayerParams[]; packed: Map<MhaParams, PreparedMhaParams> } | null = null;

export async function enableFastAttention(): Promise<boolean> {
  if (kernels) return true;
  if (!wasmSimdSupported()) return false;
  kernels = await loadWasmKernels();
  return true;
}

/** Back to the TypeScript engine (tests compare the two). */
export function disableFastAttention(): void {
  releasePrepared();
  kernels = null;
}

export function fastAttentionEnabled(): boolean {
  return kernels !== null;
}

function releasePrepared(): void {
  prepared?.packed.forEach((p) => p.dispose());
  prepared = null;
}

/** Packed weights live in wasm memory: keep those of the current model only. */
function packedFor(layers: readonly EncoderLayerParams[], params: MhaParams, k: WasmKernels): PreparedMhaParams {
  if (prepared?.layers !== layers) {
    releasePrepared();
    prepared = { layers, packed: new Map() };
  }
  let p = prepared.packed.get(params);
  if (!p) {
    p = prepareMhaParams(k, params);
    prepared.packed.set(params, p);
  }
  return p;
}

/**
 * Self-attention of `x` [tokens × E] with all heads on, as an MhaTrace; null when the kernels are not loaded.
 * encoderLayer's `reuseAttention` then applies the ablation (concat · W_o only).
 */
export function fastSelfAttention(x: Matrix, layers: readonly EncoderLayerParams[], layer: EncoderLayerParams, mask: BlockedMask | null): MhaTrace | null {
  if (!kernels) return null;
  const params = layer.attention;
  const projections = fastProjectQkv(packedFor(layers, params, kernels), x);
  const heads = fastAttendHeads(projections, { mask });
  try {
    const { q, k, v } = projections.toMatrices();
    const weights = heads.weights();
    const outputs = heads.headOutputs();
    const d = params.embedDim / params.numHeads;
    const traces = weights.map((w, h) => attentionTraceFromWeights(sliceCols(q, h * d, d), sliceCols(k, h * d, d), mask, w, outputs[h], heads.fullyMaskedRows, 1 / Math.sqrt(d)));
    return { q, k, v, heads: traces, ...combineHeads(traces, params), disabledHeads: new Set() };
  } finally {
    heads.dispose();
    projections.dispose();
  }
}
