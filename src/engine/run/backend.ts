import type { BlockedMask } from '../masks';
import type { Matrix } from '../matrix';
import { multiHeadAttention, type MhaParams, type MhaTrace } from '../multiHead';
import { wasmBackend } from './wasmBackend';

/**
 * Who computes self-attention inside a run. Every other number of a layer (LayerNorm, feed-forward, the ablated
 * concat · W_o) is the TypeScript engine's whichever backend is active.
 */
export interface AttentionBackend {
  readonly name: 'typescript' | 'wasm';
  /**
   * Self-attention of x [L × E] under `mask`, every head on. `owner` is the model the weights belong to: a backend
   * that copies weights elsewhere keeps one model's copies.
   */
  selfAttention(x: Matrix, params: MhaParams, mask: BlockedMask | null, owner: object): MhaTrace;
}

/** The reference: src/engine/multiHead.ts. */
export const typescriptBackend: AttentionBackend = {
  name: 'typescript',
  selfAttention: (x, params, mask) => multiHeadAttention(x, params, { mask }),
};

/** The one place that decides: the WebAssembly kernels once `enableFastAttention()` has loaded them, else TypeScript. */
export function activeBackend(): AttentionBackend {
  return wasmBackend() ?? typescriptBackend;
}
