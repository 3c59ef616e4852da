import { addPositionalEncoding, createModel, embedTokens, emptyTextError, tokenize, type MhaParams } from '../../engine';
import { decodeWithKvCache, type KvCacheStep } from '../../engine/decoding';

/**
 * The kv-cache widget's model: one attention layer of the lab's untrained encoder (createModel: Xavier weights from
 * the seed), one head, width 8 so a row of K or V fits on a phone; the lab's seeded embeddings plus sinusoidal positions.
 */
export const KV_DEMO = { embedDim: 8, numHeads: 1, seed: 7, maxTokens: 16 } as const;

export interface KvCacheDemo {
  /** The tokens fed one by one (at most KV_DEMO.maxTokens). */
  readonly tokens: readonly string[];
  /** Tokens in the whole text, before the cut. */
  readonly totalTokens: number;
  readonly truncated: boolean;
  /** Step i: token i through the layer with the cache of tokens 0 … i − 1. */
  readonly steps: readonly KvCacheStep[];
}

let layer: MhaParams | null = null;

/** The demo's attention weights, drawn once. */
function demoLayer(): MhaParams {
  layer ??= createModel({ embedDim: KV_DEMO.embedDim, numHeads: KV_DEMO.numHeads, numLayers: 1, seed: KV_DEMO.seed })[0].attention;
  return layer;
}

/** Every step of feeding `text` token by token through the demo layer. Throws the empty-text error for blank text. */
export function kvCacheDemo(text: string): KvCacheDemo {
  const { tokens, totalTokens, truncated } = tokenize(text, { maxTokens: KV_DEMO.maxTokens, overflow: 'truncate' });
  if (tokens.length === 0) throw emptyTextError();
  const words = tokens.map((token) => token.text);
  const input = addPositionalEncoding(embedTokens(words, KV_DEMO.embedDim, KV_DEMO.seed));
  return { tokens: words, totalTokens, truncated, steps: decodeWithKvCache(input, demoLayer()) };
}
