import { encoderModel } from '../run/modelCache';
import type { KvCacheStep } from './kvCache';

/**
 * A KV-cache demonstration's model: a one-layer untrained encoder made by the lab's own factory (encoderModel:
 * Xavier weights and the embedding table from `seed`, sinusoidal positions), of which only layer 1's self-attention
 * runs. `maxTokens` cuts the text.
 */
export interface KvCacheRunConfig {
  readonly embedDim: number;
  readonly numHeads: number;
  readonly seed: number;
  readonly maxTokens: number;
}

/** What a KV-cache demonstration shows for one text. */
export interface KvCacheRun {
  /** The tokens fed one by one (at most `maxTokens`). */
  readonly tokens: readonly string[];
  /** Tokens in the whole text, before the cut. */
  readonly totalTokens: number;
  readonly truncated: boolean;
  /** Step i: token i through the layer with the cache of tokens 0 … i − 1. */
  readonly steps: readonly KvCacheStep[];
}

/**
 * `text` fed token by token, with a KV cache, through layer 1's self-attention of the untrained encoder `config`
 * names (EncoderModel.kvCacheDecode: tokens and input exactly as that model's `run` makes them). Throws the
 * empty-text error for a blank text and an EngineError for a config no model can have.
 */
export function kvCacheRun(text: string, config: KvCacheRunConfig): KvCacheRun {
  const model = encoderModel({ embedDim: config.embedDim, numHeads: config.numHeads, numLayers: 1, seed: config.seed });
  const { tokens, totalTokens, truncated, steps } = model.kvCacheDecode({ text, tokenLimit: config.maxTokens });
  return { tokens: tokens.map((token) => token.text), totalTokens, truncated, steps };
}
