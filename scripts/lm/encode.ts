/**
 * `tsx scripts/lm/encode.ts MODEL_FILE TEXT…`: prints, as JSON, the token ids the app gives each TEXT with the
 * model file's own vocabulary (one list per text). The shipped-weights fixture script calls it, so its ids are
 * exactly the app's.
 */
import { readFileSync } from 'node:fs';
import { createLmTokenizer } from '../../src/engine/lm';
import { parseLmModelFile } from '../../src/engine/lm/modelFile';

const [path, ...texts] = process.argv.slice(2);
if (!path || texts.length === 0) {
  console.error('usage: tsx scripts/lm/encode.ts MODEL_FILE TEXT…');
  process.exit(2);
}
const bytes = readFileSync(path);
const file = parseLmModelFile(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
const tokenizer = createLmTokenizer(file.vocabulary);
console.log(JSON.stringify(texts.map((t) => [tokenizer.endOfText, ...tokenizer.encode(t)])));
