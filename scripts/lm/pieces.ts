/**
 * `tsx scripts/lm/pieces.ts OLD_VOCABULARY NEW_VOCABULARY`: for each token of the new vocabulary, the ids the old
 * vocabulary cuts its text into (the token itself where the old one has it), as one JSON list of lists. transplant.py
 * reads it to start a model on a new vocabulary from a model trained on the old one.
 */
import { readFileSync } from 'node:fs';
import { createLmTokenizer, parseVocabulary } from '../../src/engine/lm';

const [oldPath, newPath] = process.argv.slice(2);
if (!oldPath || !newPath) {
  console.error('usage: tsx scripts/lm/pieces.ts OLD_VOCABULARY NEW_VOCABULARY');
  process.exit(2);
}
const read = (path: string) => parseVocabulary(JSON.parse(readFileSync(path, 'utf8')));
const before = read(oldPath);
const after = read(newPath);
const index = new Map(before.tokens.map((t, i) => [t, i]));
const tokenizer = createLmTokenizer(before);
const pieces = after.tokens.map((token) => {
  const same = index.get(token);
  if (same !== undefined) return [same];
  const ids = tokenizer.encode(token);
  return ids.length > 0 ? ids : [tokenizer.endOfText];
});
console.log(JSON.stringify(pieces));
