import { encoderModel, tokenize, type EncoderModel, type Matrix } from '../../engine';

/** Tokens kept per sentence: the maps stay readable and cheap. */
export const CROSS_MAX_TOKENS = 48;

/** The lab settings the cross-attention model is built from (it is the lab's model). */
export interface CrossModelSettings {
  readonly embedDim: number;
  readonly numHeads: number;
  readonly numLayers: number;
  readonly seed: number;
  readonly positionalEncoding: boolean;
}

/** The lab's model (shared with the lab's views through the engine's model cache); throws an EngineError for a config it cannot build. */
export function crossModel(settings: CrossModelSettings): EncoderModel {
  return encoderModel({ embedDim: settings.embedDim, numHeads: settings.numHeads, numLayers: settings.numLayers, seed: settings.seed });
}

/** One head's attention, as plain data. */
export interface CrossHead {
  /** [queries × keys]. */
  readonly weights: Matrix;
  /** d_v: the width of the head's output rows. */
  readonly valueWidth: number;
}

export type CrossResult =
  | { readonly ok: false; readonly reason: 'empty-source' | 'empty-target' }
  | {
      readonly ok: true;
      readonly sourceTokens: readonly string[];
      readonly targetTokens: readonly string[];
      readonly truncated: boolean;
      /** Queries from the target, keys and values from the source: weights [target × source]. */
      readonly cross: CrossHead;
      /** The same head on the target alone: weights [target × target]. */
      readonly self: CrossHead;
    };

export interface CrossParams {
  readonly source: string;
  readonly target: string;
  readonly settings: CrossModelSettings;
  /** The head, 0-based; clamped to the model's heads. */
  readonly head: number;
}

function tokensOf(text: string): { tokens: string[]; truncated: boolean } {
  const r = tokenize(text, { maxTokens: CROSS_MAX_TOKENS, overflow: 'truncate' });
  return { tokens: r.tokens.map((t) => t.text), truncated: r.truncated };
}

/**
 * Cross-attention of one head of layer 1: the lab's model embeds both sentences as the lab does (same table, same
 * seed, positional encoding if the lab uses it), projects the target with W_q and the source with W_k and W_v, and
 * attends. No mask. Throws an EngineError when the settings make no model.
 */
export function computeCross({ source, target, settings, head }: CrossParams): CrossResult {
  const model = crossModel(settings);
  const src = tokensOf(source);
  const tgt = tokensOf(target);
  if (src.tokens.length === 0) return { ok: false, reason: 'empty-source' };
  if (tgt.tokens.length === 0) return { ok: false, reason: 'empty-target' };
  const h = Math.min(Math.max(0, head), model.numHeads - 1);
  const options = { positionalEncoding: settings.positionalEncoding, layer: 0 };
  const cross = model.crossAttention(tgt.tokens, src.tokens, options).heads[h]; // weights [T × S]
  const self = model.crossAttention(tgt.tokens, tgt.tokens, options).heads[h]; // [T × T]
  return {
    ok: true,
    sourceTokens: src.tokens,
    targetTokens: tgt.tokens,
    truncated: src.truncated || tgt.truncated,
    cross: { weights: cross.weights, valueWidth: cross.output.cols },
    self: { weights: self.weights, valueWidth: self.output.cols },
  };
}
