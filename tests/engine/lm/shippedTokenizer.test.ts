// @vitest-environment node
// The shipped model's vocabulary on the texts the lab and the lessons run it on: the lab's sentences, its example
// buttons, the generation widget's prompts and the copying spec's phrases. A common word cut into letters makes a copy
// take several steps and a heatmap hard to read, so each word here must be one or two tokens.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { trainedModelFromBytes } from '../../../src/engine/run';
import { TRAINED_EXAMPLES } from '../../../src/components/model/labPresets';
import { DEFAULT_SENTENCES } from '../../../src/state/defaultSentence';
import { DEFAULT_PROMPTS } from '../../../src/lessons/widgets/Generation';
import { COPY_PHRASES } from '../../../scripts/lm/copyPhrases';

const bytes = readFileSync(resolve(__dirname, '../../../public/models/lm/model.bin'));
const { model } = trainedModelFromBytes(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
const tokenizer = model.tokenizer;

/** The tokens of ` word` (with its leading space, as it stands inside a sentence). */
function piecesOf(word: string): string[] {
  if (!tokenizer) throw new Error('the shipped model has a tokenizer');
  return tokenizer.encode(` ${word}`).map((id) => model.tokenLabel(id));
}

const TEXTS = [
  ...Object.values(DEFAULT_SENTENCES),
  ...Object.values(TRAINED_EXAMPLES),
  ...Object.values(DEFAULT_PROMPTS),
  ...COPY_PHRASES.map((p) => p.text),
];
const ENGLISH_WORDS = [...new Set(TEXTS.flatMap((t) => t.match(/[A-Za-z]+/g) ?? []))];

describe('the shipped vocabulary on the texts the lessons run', () => {
  it('has English words to check', () => {
    expect(ENGLISH_WORDS.length).toBeGreaterThan(30);
  });

  it.each(ENGLISH_WORDS)('“%s” is one or two tokens', (word) => {
    expect(piecesOf(word).length).toBeLessThanOrEqual(2);
  });

  it('the words the first vocabulary spelled out are whole tokens now', () => {
    // the first vocabulary (8,192 tokens): " v|i|l|la|g|e", " |m|at"; then (8,192, word merges) " vill|age"
    for (const word of ['village', 'mat', 'house', 'walked', 'cat', 'river', 'attention']) expect(piecesOf(word), word).toEqual([` ${word}`]);
  });

  it('Chinese is one token per character', () => {
    for (const text of TEXTS.filter((t) => /\p{Script=Han}/u.test(t))) {
      const han = [...text].filter((c) => /\p{Script=Han}/u.test(c));
      const tokens = (tokenizer?.encode(text) ?? []).map((id) => model.tokenLabel(id)).filter((t) => /\p{Script=Han}/u.test(t));
      expect(tokens).toEqual(han);
    }
  });
});
