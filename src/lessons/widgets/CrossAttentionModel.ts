import {
  addPositionalEncoding,
  createModel,
  embedTokens,
  projectQkv,
  scaledDotProductAttention,
  sliceCols,
  tokenize,
  type AttentionTrace,
  type MhaParams,
  type QkvProjections,
} from '../../engine';

/** The example pair: an English source and its Chinese translation as the target (7 × 6 weights). */
export const DEFAULT_SOURCE = 'The weather is nice today.';
export const DEFAULT_TARGET = '今天天气很好。';
/** Tokens kept per sentence: the maps stay readable and cheap. */
export const CROSS_MAX_TOKENS = 48;

export interface CrossModelSettings {
  readonly embedDim: number;
  readonly numHeads: number;
  readonly seed: number;
  readonly positionalEncoding: boolean;
}

/** Layer 1's attention weights of the lab's model: createModel draws layer 1 first, so one layer is enough. */
export function firstLayerAttention(settings: CrossModelSettings): MhaParams {
  return createModel({ embedDim: settings.embedDim, numHeads: settings.numHeads, numLayers: 1, seed: settings.seed })[0].attention;
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
 * Cross-attention of one head: embed both sentences as the lab does (same table, same seed, positional encoding if
 * the lab uses it), project the target with W_q and the source with W_k and W_v, and attend. No mask.
 */
export function computeCross(source: string, target: string, settings: CrossModelSettings, params: MhaParams, head: number): CrossResult {
  const src = tokensOf(source);
  const tgt = tokensOf(target);
  if (src.tokens.length === 0) return { ok: false, reason: 'empty-source' };
  if (tgt.tokens.length === 0) return { ok: false, reason: 'empty-target' };
  const embed = (tokens: readonly string[]) => {
    const x = embedTokens(tokens, settings.embedDim, settings.seed);
    return settings.positionalEncoding ? addPositionalEncoding(x) : x;
  };
  const xs = embed(src.tokens); // [S × E]
  const xt = embed(tgt.tokens); // [T × E]
  const d = settings.embedDim / settings.numHeads;
  const headOf = (p: QkvProjections) =>
    scaledDotProductAttention(sliceCols(p.q, head * d, d), sliceCols(p.k, head * d, d), sliceCols(p.v, head * d, d));
  return {
    ok: true,
    sourceTokens: src.tokens,
    targetTokens: tgt.tokens,
    truncated: src.truncated || tgt.truncated,
    cross: headOf(projectQkv(xt, xs, params)), // q: [T × d], k, v: [S × d] → weights [T × S]
    self: headOf(projectQkv(xt, xt, params)), // [T × T]
  };
}
