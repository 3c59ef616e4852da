import { attentionTraceFromWeights } from '../attention';
import type { BlockedMask } from '../masks';
import { sliceCols, type Matrix } from '../matrix';
import { combineHeads, type MhaParams, type MhaTrace } from '../multiHead';
import { fastAttendHeads, fastProjectQkv, prepareMhaParams, type PreparedMhaParams } from '../wasm/fastAttention';
import { loadWasmKernels, wasmSimdSupported, type WasmKernels } from '../wasm/kernels';
import type { AttentionBackend } from './backend';

/*
 * The runs' bridge to the WebAssembly SIMD kernels: once loaded, self-attention projections, softmax weights and head
 * outputs come from them; every other number (scores, scaled and masked logits when read, concat · W_o) is derived by
 * the TypeScript engine. Until they load, or where SIMD is missing, the TypeScript engine computes everything.
 */
let kernels: WasmKernels | null = null;
/** Packed weights live in the kernels' memory: those of one model (`owner`) are kept. */
let packed: { owner: object; byParams: Map<MhaParams, PreparedMhaParams> } | null = null;

/** Loads the kernels (a few milliseconds); false where WebAssembly SIMD is missing. Runs then use them. */
export async function enableFastAttention(): Promise<boolean> {
  if (kernels) return true;
  if (!wasmSimdSupported()) return false;
  kernels = await loadWasmKernels();
  return true;
}

/** Back to the TypeScript engine (tests compare the two). */
export function disableFastAttention(): void {
  releasePacked();
  kernels = null;
}

export function fastAttentionEnabled(): boolean {
  return kernels !== null;
}

/** The WebAssembly backend, or null while the kernels are not loaded. */
export function wasmBackend(): AttentionBackend | null {
  const k = kernels;
  return k ? { name: 'wasm', selfAttention: (x, params, mask, owner) => wasmSelfAttention(x, packedFor(k, owner, params), mask) } : null;
}

function releasePacked(): void {
  packed?.byParams.forEach((p) => p.dispose());
  packed = null;
}

function packedFor(k: WasmKernels, owner: object, params: MhaParams): PreparedMhaParams {
  if (packed?.owner !== owner) {
    releasePacked();
    packed = { owner, byParams: new Map() };
  }
  let p = packed.byParams.get(params);
  if (!p) {
    p = prepareMhaParams(k, params);
    packed.byParams.set(params, p);
  }
  return p;
}

/** Self-attention of x [L × E] on the kernels, every head on, as the TypeScript engine's MhaTrace (copied out). */
function wasmSelfAttention(x: Matrix, prepared: PreparedMhaParams, mask: BlockedMask | null): MhaTrace {
  const projections = fastProjectQkv(prepared, x);
  const heads = fastAttendHeads(projections, { mask });
  try {
    const { q, k: keys, v } = projections.toMatrices();
    const weights = heads.weights();
    const outputs = heads.headOutputs();
    const d = prepared.headDim;
    const traces = weights.map((w, h) =>
      attentionTraceFromWeights(sliceCols(q, h * d, d), sliceCols(keys, h * d, d), mask, w, outputs[h], heads.fullyMaskedRows, 1 / Math.sqrt(d)),
    );
    return { q, k: keys, v, heads: traces, ...combineHeads(traces, prepared.source), disabledHeads: new Set() };
  } finally {
    heads.dispose();
    projections.dispose();
  }
}
