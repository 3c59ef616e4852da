/**
 * How many tokens per word the held-out English lines cost at each vocabulary size (issue 29's goal: ≤ 1.3), and
 * what the embedding table would weigh at width 128 in float16. Needs `npm run lm:corpus` first.
 *
 *   SIZES=8192,16384,32768 npx tsx scripts/lm/vocabularySizes.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildVocabulary, createLmTokenizer, END_OF_TEXT, parseVocabulary } from '../../src/engine/lm';
import { heldoutLines, isChineseLine } from './heldoutLines';
import { documentsOf, SOURCES, vocabularySample } from './sources';

const corpus = '.cache/lm-corpus-out';
const read = (source: string, split: string): string[] => documentsOf(readFileSync(join(corpus, 'by-source', `${source}.${split}.txt`), 'utf8'), END_OF_TEXT);
const train = new Map(SOURCES.map((s) => [s.name, read(s.name, 'train')]));
const heldout = new Map(SOURCES.map((s) => [s.name, read(s.name, 'heldout')]));
const lines = heldoutLines(heldout).filter((l) => !isChineseLine(l));
const words = lines.reduce((n, l) => n + l.split(/\s+/).filter((w) => w !== '').length, 0);
function measure(label: string, vocabulary: ReturnType<typeof parseVocabulary>): void {
  const tok = createLmTokenizer(vocabulary);
  let tokens = 0;
  for (const l of lines) tokens += tok.encode(l).length;
  const han = vocabulary.tokens.filter((t) => /\p{Script=Han}/u.test(t)).length;
  console.log(`${label}: vocab ${vocabulary.tokens.length} (Han ${han}, other ${vocabulary.tokens.length - han}) tokens/word ${(tokens / words).toFixed(3)} over ${lines.length} lines, ${words} words; embedding fp16 at d=128: ${((vocabulary.tokens.length * 128 * 2) / 1e6).toFixed(2)} MB`);
}
measure('shipped', parseVocabulary(JSON.parse(readFileSync('scripts/lm/run/vocabulary.json', 'utf8'))));
for (const size of (process.env.SIZES ?? '8192,12288,16384,24576').split(',').map(Number)) {
  measure(`built ${size}`, buildVocabulary(vocabularySample(train), { size }));
}
