// The language model's tokenizer: vocabulary format, building, encode/decode and display chips.
export { buildVocabulary, type BuildVocabularyOptions } from './buildVocabulary';
export type { DisplayToken, TokenSpan } from './display';
export { pretokenize, type PreToken } from './pretokenize';
export { createLmTokenizer, type LmTokenizer } from './tokenizer';
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
