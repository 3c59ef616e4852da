// A small bilingual corpus and the vocabularies the tokenizer tests share.
import { buildVocabulary, createLmTokenizer, type LmTokenizer, type VocabularyTokenizer } from '../../../src/engine/lm';

export const CORPUS: readonly string[] = [
  'The cat sat on the mat. The dog sat on the log.',
  'The cat saw the dog, and the dog saw the cat.',
  "Attention lets every word look at the other words. Don't stop!",
  '我爱北京。我爱学习。北京是中国的首都。',
  '注意力机制让每个词看其他的词。',
  'Line one\nLine two\n\n    indented line\n',
];

/** Every word, space run and character of CORPUS fits: 1 + 256 + at most ~200 candidates. */
export const vocabulary = buildVocabulary(CORPUS, { size: 600 });
export const tokenizer: VocabularyTokenizer = createLmTokenizer(vocabulary);

/** Only the special and byte tokens: everything is spelled in UTF-8 bytes. */
export const bytesOnly: LmTokenizer = createLmTokenizer(buildVocabulary([], { size: 257 }));

/** The texts of encode(text)'s tokens, by the vocabulary's strings. */
export const pieces = (t: LmTokenizer, text: string): string[] => t.encode(text).map((id) => t.tokenString(id));
