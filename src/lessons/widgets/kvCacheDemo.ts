import type { KvCacheRunConfig } from '../../engine/decoding';

/**
 * The kv-cache widget's model, run by the engine (kvCacheRun): a one-layer, one-head untrained encoder of width 8,
 * so a row of K or V fits on a phone; Xavier weights and token embeddings from seed 7, plus sinusoidal positions.
 * At most 16 tokens, so the tables stay short.
 */
export const KV_DEMO = { embedDim: 8, numHeads: 1, seed: 7, maxTokens: 16 } as const satisfies KvCacheRunConfig;
