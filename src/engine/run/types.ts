import type { HeadId, MaskChoice } from '../choices';
import type { KvCacheStep } from '../decoding/kvCache';
import type { EncoderLayerTrace } from '../encoderLayer';
import type { BlockedMask } from '../masks';
import type { Matrix } from '../matrix';
import type { Token } from '../tokenizer';
import type { CausalLmModel } from './causalLmModel';
import type { EncoderModel } from './encoderModel';
import type { CausalLmRun } from './lmTypes';

/** What a run reads: the text and the student's switches, in the engine's terms (src/engine/choices.ts). */
export interface RunInputs {
  readonly text: string;
  /** The most tokens kept; a longer text is cut there (`truncated`). Default and ceiling: MAX_TOKENS. */
  readonly tokenLimit?: number;
  /** Add the sinusoidal table to the embeddings. Default true. */
  readonly positionalEncoding?: boolean;
  /** Default: no mask. */
  readonly mask?: MaskChoice;
  /** Ablated heads; heads outside the model (a stale link) are ignored. Default: none. */
  readonly disabledHeads?: readonly HeadId[];
  /** Pre-LN instead of the original post-LN, with the same weights (the walkthrough's toggle). Default false. */
  readonly normFirst?: boolean;
}

/** RunInputs with every default filled in and the token limit clamped: what a run was computed from. */
export type ResolvedRunInputs = Required<RunInputs>;

/** Token vectors through the layers. Shapes: L tokens, E = embedDim. */
export interface ForwardPass {
  /** Token embeddings before positional encoding, [L × E] (a language model's wte rows). */
  readonly embeddings: Matrix;
  /**
   * The positional table for these positions, [L × E] (the encoder's sinusoidal one, a language model's learned wpe
   * rows); there even when it is not added, so a view can show it.
   */
  readonly positional: Matrix;
  /** What layer 1 reads: embeddings (+ positional), [L × E]. */
  readonly input: Matrix;
  /** The blocked query → key cells every layer used, [L × L]; null when nothing is masked. */
  readonly mask: BlockedMask | null;
  /** One trace per layer (with the ablated heads left out, where a run has them). */
  readonly layers: readonly EncoderLayerTrace[];
}

/** Everything the views draw for one text: the forward pass, plus the tokens and the all-heads baseline. */
export interface EncoderRun extends ForwardPass {
  readonly kind: 'encoder';
  /** The model that ran, so a view can run a variant (e.g. normFirst) with the same weights and caches. */
  readonly model: EncoderModel;
  readonly inputs: ResolvedRunInputs;
  readonly tokens: readonly Token[];
  /** Tokens in the whole text, before the cut. */
  readonly totalTokens: number;
  readonly truncated: boolean;
  /** The most tokens this run was allowed. */
  readonly tokenLimit: number;
  /** The same input and mask with every head on; === layers when nothing is ablated. */
  readonly baseline: readonly EncoderLayerTrace[];
  /** Disabled heads per layer, as sets of head indices. */
  readonly disabledHeads: readonly ReadonlySet<number>[];
}

/**
 * A text fed one token at a time through layer 1's self-attention with a KV cache, as a decoder generates
 * (EncoderModel.kvCacheDecode): the tokens and input as `run` makes them, plus one step per token.
 */
export interface KvCacheDecoding extends Pick<EncoderRun, 'tokens' | 'totalTokens' | 'truncated' | 'tokenLimit' | 'embeddings' | 'positional' | 'input'> {
  /** Step i: token i through layer 1's attention with the cache of tokens 0 … i − 1 (equals row i under the causal mask). */
  readonly steps: readonly KvCacheStep[];
}

/**
 * What every model offers the views. `kind` tells them apart: the random-weight encoder ('encoder') and a trained
 * decoder-only language model ('causal_lm', src/engine/run/causalLmModel.ts), whose result adds `logits` [L × vocab].
 */
export interface ModelBase<Kind extends string, Run extends ForwardPass> {
  readonly kind: Kind;
  readonly embedDim: number;
  readonly numHeads: number;
  readonly numLayers: number;
  run(inputs: RunInputs): Run;
}

/** Every model kind the engine runs; add a kind here and `switch (model.kind)` shows each place to handle it. */
export type Model = EncoderModel | CausalLmModel;
export type ModelRunResult = EncoderRun | CausalLmRun;
