// The language model's tokenizer (vocabulary format, building, encode/decode, display chips) and its next-token predictions.
export { buildVocabulary, type BuildVocabularyOptions } from './buildVocabulary';
export type { DisplayToken, TokenSpan } from './display';
export { pretokenize, type PreToken } from './pretokenize';
export { nextTokenDistribution, probabilityOf, topPredictions, type NextTokenDistribution, type NextTokenPrediction } from './predictions';
export { createLmTokenizer, type LmTokenizer, type LmTokenizerOptions, type VocabularyTokenizer } from './tokenizer';
export { GPT2_END_OF_TEXT, GPT2_VOCAB_SIZE, createGpt2Tokenizer, loadGpt2Tokenizer, type Gpt2Bpe } from './gpt2Tokenizer';
export {
  END_OF_TEXT,
  LM_VOCABULARY_FORMAT,
  LM_VOCABULARY_VERSION,
  MAX_TOKEN_LENGTH,
  RESERVED_TOKENS,
  byteToken,
  parseVocabulary,
  type LmVocabulary,
} from './vocabulary';
export { LM_MODEL_FORMAT, LM_MODEL_MAGIC, LM_MODEL_VERSION, parseLmModelFile, type LmModelConfig, type LmModelFile, type LmModelHeader, type LmTensorEntry } from './modelFile';
