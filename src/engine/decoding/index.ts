// Decoding: attention one token at a time with a KV cache (and what it saves; kvCacheRun: a text through the
// untrained encoder's first layer that way), and text generation with the trained language model (greedy or
// sampled at a temperature).
export { decodeWithKvCache, emptyKvCache, kvCacheStep, type CachedAttention, type KvCache, type KvCacheStep } from './kvCache';
export { kvCacheRun, type KvCacheRun, type KvCacheRunConfig } from './kvCacheRun';
export { cachedStepCost, cumulativeCost, fullRecomputeCost, kvCacheNumbers, type AttentionCost } from './attentionCost';
export { argmax, sampleIndex } from './sampling';
export { generate, type GenerateOptions, type Generation, type GenerationStep, type GenerationStop, type GenerationStrategy } from './generate';
