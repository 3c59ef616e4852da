/**
 * `npm run lm:data -- [--corpus DIR] [--out DIR] [--vocab SIZE] [--vocabulary FILE]`: turns the cleaned corpus of `npm run lm:corpus`
 * into what the trainer reads, using the engine's own tokenizer (so training and the app cut text identically):
 *
 *   vocabulary.json                 the LM vocabulary (attention-lab/lm-vocabulary v1), SIZE tokens
 *   <source>.train.u16              token ids, uint16 little-endian; documents joined by id 0 (<|endoftext|>)
 *   <source>.heldout.u16            the same for the held-out documents
 *   heldout-lines.txt               held-out passages, one per line, for `npm run lm -- eval`
 *   meta.json                       per source: documents, characters, tokens, byte-token share
 *
 * --vocabulary FILE uses that vocabulary instead of building one (a run resumed on another machine keeps the ids its
 * weights were trained with, even if a Debian package of the corpus has changed since).
 *
 * Defaults: corpus `.cache/lm-corpus-out/`, out `.cache/lm-data/`, vocabulary 53,248 (the shipped model's). Deterministic: the same corpus
 * gives the same files byte for byte.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildVocabulary, createLmTokenizer, END_OF_TEXT, parseVocabulary } from '../../src/engine/lm';
import { heldoutLines } from './heldoutLines';
import { documentsOf, SOURCES, vocabularySample } from './sources';

interface Options {
  corpus: string;
  out: string;
  vocab: number;
  vocabulary?: string;
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = { corpus: '.cache/lm-corpus-out', out: '.cache/lm-data', vocab: 53248 };
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--corpus') options.corpus = value;
    else if (flag === '--out') options.out = value;
    else if (flag === '--vocab') options.vocab = Number(value);
    else if (flag === '--vocabulary') options.vocabulary = resolve(value);
    else throw new Error(`unknown argument ${flag} (expected --corpus DIR, --out DIR, --vocab SIZE, --vocabulary FILE)`);
  }
  if (!Number.isInteger(options.vocab) || options.vocab < 257 || options.vocab > 65535) throw new Error('--vocab must be a whole number in [257, 65535]');
  return { ...options, corpus: resolve(options.corpus), out: resolve(options.out) };
}

function main(): void {
  const options = parseArgs(process.argv.slice(2));
  mkdirSync(options.out, { recursive: true });
  const read = (source: string, split: 'train' | 'heldout'): string[] =>
    documentsOf(readFileSync(join(options.corpus, 'by-source', `${source}.${split}.txt`), 'utf8'), END_OF_TEXT);

  const train = new Map(SOURCES.map((s) => [s.name, read(s.name, 'train')]));
  const heldout = new Map(SOURCES.map((s) => [s.name, read(s.name, 'heldout')]));
  console.log(options.vocabulary ? `reading the vocabulary ${options.vocabulary}…` : 'building the vocabulary…');
  const vocabulary = options.vocabulary
    ? parseVocabulary(JSON.parse(readFileSync(options.vocabulary, 'utf8')))
    : buildVocabulary(vocabularySample(train), { size: options.vocab });
  writeFileSync(join(options.out, 'vocabulary.json'), `${JSON.stringify(vocabulary)}\n`);
  const tokenizer = createLmTokenizer(vocabulary);

  const meta: Record<string, unknown>[] = [];
  for (const source of SOURCES) {
    for (const [split, docs] of [['train', train.get(source.name) ?? []], ['heldout', heldout.get(source.name) ?? []]] as const) {
      const ids: number[] = [];
      let characters = 0;
      let bytes = 0;
      for (const doc of docs) {
        ids.push(tokenizer.endOfText); // every document starts after the start token, as eval's lines do
        for (const id of tokenizer.encode(doc)) {
          ids.push(id);
          if (tokenizer.isByte(id)) bytes++;
        }
        characters += [...doc].length;
      }
      const out = new Uint16Array(ids);
      writeFileSync(join(options.out, `${source.name}.${split}.u16`), new Uint8Array(out.buffer));
      meta.push({ source: source.name, language: source.language, split, documents: docs.length, characters, tokens: ids.length, byteTokenShare: Number((bytes / Math.max(1, ids.length)).toFixed(5)), charactersPerToken: Number((characters / Math.max(1, ids.length - docs.length)).toFixed(3)) });
    }
  }
  console.table(meta);
  const lines = heldoutLines(heldout);
  writeFileSync(join(options.out, 'heldout-lines.txt'), `${lines.join('\n')}\n`);
  writeFileSync(join(options.out, 'meta.json'), `${JSON.stringify({ vocabularySize: vocabulary.tokens.length, sources: SOURCES, files: meta, heldoutLines: lines.length }, null, 2)}\n`);
  console.log(`wrote ${options.out}: vocabulary.json, *.u16, heldout-lines.txt (${lines.length} lines), meta.json`);
}

main();
