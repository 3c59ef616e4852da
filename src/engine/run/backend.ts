import { REFERENCE_LAYER_OPS, type EncoderLayerParams, type LayerOps } from '../encoderLayer';
import type { LayerNormParams } from '../layerNorm';
import { LazyLogits } from '../lm/lazyLogits';
import type { BlockedMask } from '../masks';
import type { Matrix } from '../matrix';
import { multiHeadAttention, type MhaParams, type MhaTrace } from '../multiHead';
import { wasmBackend } from './wasmBackend';

/**
 * Who computes the numbers of a run: self-attention, the layers' LayerNorm, feed-forward network and concat · W_o
 * (`layerOps`), and a language model's logits. Every method takes `owner`, the model the weights belong to: a backend
 * that copies weights elsewhere (packed into the kernels' memory) keeps those copies per model.
 */
export interface RunBackend {
  readonly name: 'typescript' | 'wasm';
  /** Self-attention of x [L × E] under `mask`, every head on. */
  selfAttention(x: Matrix, params: MhaParams, mask: BlockedMask | null, owner: object): MhaTrace;
  /** The steps of a layer around attention (encoderLayer's `ops`). */
  layerOps(owner: object): LayerOps;
  /** finalHidden [L × E] · outputᵀ (output: [V × E]) → [L × V], rows computed when read (LazyLogits). */
  logits(finalHidden: Matrix, output: Matrix, owner: object): Matrix;
  /**
   * Optional, for a backend that copies weights elsewhere: makes those copies for a model ahead of its first run
   * (its layers, its final LayerNorm, its output embedding [V × E]), one short step per `next()`, so a page can spread
   * them over several tasks. The numbers do not change; a run copies whatever is not copied yet.
   */
  prepare?(layers: readonly EncoderLayerParams[], finalNorm: LayerNormParams | null, output: Matrix | null, owner: object): Generator<void, void, void>;
}

/** The reference: src/engine/multiHead.ts, layerNorm.ts, feedForward.ts and LazyLogits' own rows. */
export const typescriptBackend: RunBackend = {
  name: 'typescript',
  selfAttention: (x, params, mask) => multiHeadAttention(x, params, { mask }),
  layerOps: () => REFERENCE_LAYER_OPS,
  logits: (finalHidden, output) => new LazyLogits(finalHidden, output),
};

/** The one place that decides: the WebAssembly kernels once `enableFastAttention()` has loaded them, else TypeScript. */
export function activeBackend(): RunBackend {
  return wasmBackend() ?? typescriptBackend;
}
