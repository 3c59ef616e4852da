import { encoderModel, tokenize, type AttentionTrace, type EncoderModel } from '../../engine';
import type { LabSettings } from '../../state/labStore';

/** The example pair: an English source and its Chinese translation as the target (7 × 6 weights). */
export const DEFAULT_SOURCE = 'The weather is nice today.';
export const DEFAULT_TARGET = '今天天气很好。';
/** Tokens kept per sentence: the maps stay readable and cheap. */
export const CROSS_MAX_TOKENS = 48;

/** The lab settings the cross-attention model is built from (it is the lab's model). */
export type CrossModelSettings = Pick<LabSettings, 'embedDim' | 'numHeads' | 'numLayers' | 'seed' | 'positionalEncoding'>;

/** The lab's model (shared with the lab's views); throws an EngineError for a config it cannot build. */
export function crossModel(settings: CrossModelSettings): EncoderModel {
  return encoderModel({ embedDim: settings.embedDim, numHeads: settings.numHeads, numLayers: settings.numLayers, seed: settings.seed });
}

export type CrossResult =
  | { readonly ok: false; readonly reason: 'empty-source' | 'empty-target' }
  | {
      readonly ok: true;
      readonly sourceTokens: readonly string[];
      readonly targetTokens: readonly string[];
      readonly truncated: boolean;
      /** Queries from the target, keys and values from the source: weights [target × source]. */
      readonly cross: AttentionTrace;
      /** The same head on the target alone: weights [target × target]. */
      readonly self: AttentionTrace;
    };

function tokensOf(text: string): { tokens: string[]; truncated: boolean } {
  const r = tokenize(text, { maxTokens: CROSS_MAX_TOKENS, overflow: 'truncate' });
  return { tokens: r.tokens.map((t) => t.text), truncated: r.truncated };
}

/**
 * Cross-attention of one head of layer 1: the model embeds both sentences as the lab does (same table, same seed,
 * positional encoding if the lab uses it), projects the target with W_q and the source with W_k and W_v, and attends.
 * No mask.
 */
export function computeCross(source: string, target: string, model: EncoderModel, positionalEncoding: boolean, head: number): CrossResult {
  const src = tokensOf(source);
  const tgt = tokensOf(target);
  if (src.tokens.length === 0) return { ok: false, reason: 'empty-source' };
  if (tgt.tokens.length === 0) return { ok: false, reason: 'empty-target' };
  const options = { positionalEncoding, layer: 0 };
  const cross = model.crossAttention(tgt.tokens, src.tokens, options); // weights [T × S] per head
  const self = model.crossAttention(tgt.tokens, tgt.tokens, options); // [T × T]
  return {
    ok: true,
    sourceTokens: src.tokens,
    targetTokens: tgt.tokens,
    truncated: src.truncated || tgt.truncated,
    cross: cross.heads[head],
    self: self.heads[head],
  };
}
