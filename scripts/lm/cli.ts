/**
 * `npm run lm -- eval FILE [--model public/models/lm/model.bin] [--data .cache/lm-data]`: the language model's
 * figures on FILE's passages (one per line), printed to stdout as evaluate.ts formats them; what was read and how
 * long it took go to stderr. A user's mistake (missing file, damaged model) is one line and exit code 1.
 *
 * `npm run lm -- curve LOG [--every TOKENS]`: the model card's training-curve table from train.py's probe log.
 */
import { performance } from 'node:perf_hooks';
import { enableFastAttention, EngineError, fastAttentionEnabled } from '../../src/engine';
import { evalLines, evaluate, formatReport, INDUCTION, LANGUAGES } from './evaluate';
import { readModel, readText, readTrainStreams, UserError } from './evalInputs';
import { createLmTokenizer, parseVocabulary } from '../../src/engine/lm';
import { copyPhraseIds, type CopyPhrase } from './copyPhrases';
import { copyProbeProblem, probeIds } from './everydayChecks';
import { EVERYDAY_COPY_EN, EVERYDAY_COPY_ZH } from './everydayCopy';
import { curveTable, parseProbeLog, sampleProbes } from './curve';
import { countNgrams, type NgramCounts } from './ngram';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countChars, type CharCounts } from './charNgram';
import { evaluateEveryday, formatEveryday } from './everydayEval';
import { type Language } from './evaluate';
import { documentsOf, SOURCES } from './sources';
import { END_OF_TEXT } from '../../src/engine/lm';

const USAGE = 'usage: npm run lm -- eval FILE [--model public/models/lm/model.bin] [--data .cache/lm-data]\n       npm run lm -- everyday [--model public/models/lm/model.bin] [--data .cache/lm-data] [--corpus .cache/lm-corpus-out]\n       npm run lm -- curve LOG [--every TOKENS (default 2000000)]\n       npm run lm -- phrases [VOCABULARY]';

interface EvalArgs {
  file: string;
  model: string;
  data: string;
}

function parseEvalArgs(argv: readonly string[]): EvalArgs {
  const args: Partial<EvalArgs> = { model: 'public/models/lm/model.bin', data: '.cache/lm-data' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--model' || arg === '--data') {
      const value = argv[++i];
      if (value === undefined) throw new UserError(`${arg} needs a value\n${USAGE}`);
      args[arg === '--model' ? 'model' : 'data'] = value;
    } else if (arg.startsWith('--')) throw new UserError(`unknown option ${arg}\n${USAGE}`);
    else if (args.file === undefined) args.file = arg;
    else throw new UserError(`one FILE only, got ${args.file} and ${arg}\n${USAGE}`);
  }
  if (args.file === undefined) throw new UserError(`eval needs a FILE of passages, one per line\n${USAGE}`);
  return args as EvalArgs;
}

const seconds = (since: number): string => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function runEval(argv: readonly string[]): void {
  const started = performance.now();
  const args = parseEvalArgs(argv);
  const lines = evalLines(readText(args.file));
  if (lines.length === 0) throw new UserError(`${args.file} has no passages (every line is blank)`);
  const { model, vocabulary } = readModel(args.model);
  const w = model.weights;
  console.error(`model: ${args.model} (${w.numLayers} layers × ${w.numHeads} heads, width ${w.embedDim}, context ${w.nPositions}, vocabulary ${w.vocabSize})`);
  console.error(`backend: ${fastAttentionEnabled() ? 'WebAssembly kernels' : 'TypeScript reference (no WebAssembly SIMD here)'}`);
  console.error(`lines: ${LANGUAGES.map((l) => `${l} ${lines.filter((line) => line.language === l).length}`).join(', ')}`);

  const countStart = performance.now();
  const data = readTrainStreams(args.data, vocabulary);
  let ngrams: NgramCounts | null = null;
  let missing = '';
  if ('missing' in data) {
    missing = data.missing;
    console.error(`n-gram baselines: n/a (${missing})`);
  } else {
    try {
      ngrams = countNgrams(data.streams, w.vocabSize);
      console.error(`n-gram counts: ${ngrams.total} tokens from ${data.files} files in ${args.data}, ${ngrams.bigram.size} distinct bigrams, ${seconds(countStart)}`);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      missing = `the data in ${args.data} does not fit this model (${e.message})`;
      console.error(`n-gram baselines: n/a (${missing})`);
    }
  }

  const evalStart = performance.now();
  const report = evaluate(model, lines, ngrams);
  const { sequences, length, seed } = report.induction;
  console.error(`induction probe: ${sequences} sequences of ${length} tokens, seed ${seed}${length < INDUCTION.length ? ` (cut from ${INDUCTION.length} to fit the context of ${w.nPositions})` : ''}`);
  for (const line of formatReport(report, missing)) console.log(line);
  console.error(`model figures and probes: ${seconds(evalStart)}; total ${seconds(started)}`);
}

/** Token streams for eval's n-gram baselines, or why not (printed as the baselines' n/a). */
function tokenNgrams(dir: string, vocabulary: Parameters<typeof readTrainStreams>[1], vocabSize: number): { ngrams: NgramCounts | null; missing: string } {
  const data = readTrainStreams(dir, vocabulary);
  if ('missing' in data) return { ngrams: null, missing: data.missing };
  try {
    return { ngrams: countNgrams(data.streams, vocabSize), missing: '' };
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return { ngrams: null, missing: `the data in ${dir} does not fit this model (${e.message})` };
  }
}

/** Each language's training text (by-source/*.train.txt of `npm run lm:corpus`), or why not. */
function corpusChars(dir: string): { chars: Record<Language, CharCounts> | null; missing: string } {
  const files = SOURCES.map((s) => ({ language: s.language, path: join(dir, 'by-source', `${s.name}.train.txt`) }));
  const absent = files.find((f) => !existsSync(f.path));
  if (absent) return { chars: null, missing: `no ${absent.path}: run npm run lm:corpus` };
  const texts = (language: Language): string[] => files.filter((f) => f.language === language).flatMap((f) => documentsOf(readFileSync(f.path, 'utf8'), END_OF_TEXT));
  return { chars: { en: countChars(texts('en')), zh: countChars(texts('zh')) }, missing: '' };
}

/**
 * `everyday [--model FILE] [--data DIR] [--corpus DIR]`: issue 40's held-out checks, written for it: bits per
 * character on the everyday sentences (token and character baselines) and the copy rate on the copy probes.
 */
function runEveryday(argv: readonly string[]): void {
  const started = performance.now();
  const args = { model: 'public/models/lm/model.bin', data: '.cache/lm-data', corpus: '.cache/lm-corpus-out' };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '');
    if (!(key in args) || argv[i + 1] === undefined) throw new UserError(`unknown option or missing value: ${argv[i]}\n${USAGE}`);
    args[key as keyof typeof args] = argv[i + 1];
  }
  const { model, vocabulary } = readModel(args.model);
  console.error(`model: ${args.model} (vocabulary ${model.weights.vocabSize})`);
  const { ngrams, missing } = tokenNgrams(args.data, vocabulary, model.weights.vocabSize);
  const { chars, missing: charsMissing } = corpusChars(args.corpus);
  console.error(`baselines counted: ${seconds(started)}`);
  const report = evaluateEveryday(model, ngrams, chars);
  for (const line of formatEveryday(report, missing, charsMissing)) console.log(line);
  for (const l of LANGUAGES) {
    for (const m of report.copy[l].misses) console.error(`  miss ${l}: ${JSON.stringify(m.text)} → top ${JSON.stringify(m.top)}, copy ${JSON.stringify(m.copy)} p ${m.probability.toFixed(3)}`);
    for (const s of report.copy[l].skipped) console.error(`  skipped ${l}: ${s}`);
  }
  console.error(`total ${seconds(started)}`);
}

function runCurve(argv: readonly string[]): void {
  const [file, flag, value] = argv;
  if (file === undefined || (flag !== undefined && flag !== '--every')) throw new UserError(USAGE);
  const every = value === undefined ? 2_000_000 : Number(value);
  if (!(every > 0)) throw new UserError(`--every needs a number of tokens above 0\n${USAGE}`);
  let probes;
  try {
    probes = parseProbeLog(readText(file));
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(`${file}: ${(e as Error).message}`);
  }
  for (const line of curveTable(sampleProbes(probes, every))) console.log(line);
}

/**
 * `phrases [VOCABULARY]`: the copy phrases' ids as JSON, for train.py's copy probe (.cache/lm-data/copy-phrases.json):
 * the presets' phrases, then issue 40's held-out probes marked with their set (everyday-en, everyday-zh), the ones
 * this vocabulary can copy by one-back induction.
 */
function runPhrases(argv: readonly string[]): void {
  const file = argv[0] ?? '.cache/lm-data/vocabulary.json';
  const tokenizer = createLmTokenizer(parseVocabulary(JSON.parse(readText(file))));
  const everyday = (set: string, probes: readonly CopyPhrase[]) =>
    probes.filter((p) => copyProbeProblem(tokenizer, p) === null).map((p) => ({ ...probeIds(tokenizer, p), set }));
  console.log(JSON.stringify([...copyPhraseIds(tokenizer), ...everyday('everyday-en', EVERYDAY_COPY_EN), ...everyday('everyday-zh', EVERYDAY_COPY_ZH)]));
}

function main(argv: readonly string[]): number {
  const [command, ...rest] = argv;
  try {
    if (command === 'eval') runEval(rest);
    else if (command === 'curve') runCurve(rest);
    else if (command === 'everyday') runEveryday(rest);
    else if (command === 'phrases') runPhrases(rest);
    else if (command === undefined || command === '--help' || command === '-h') {
      console.log(USAGE);
      return command === undefined ? 1 : 0;
    } else throw new UserError(`unknown command ${command}\n${USAGE}`);
    return 0;
  } catch (e) {
    if (e instanceof UserError || e instanceof EngineError) {
      console.error(`lm ${command}: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

// eval runs the model as the app does, on the WebAssembly kernels (the TypeScript reference is tested to agree;
// with a 53,248-token vocabulary it took 5 minutes over the held-out lines, most of it in the logits).
if (process.argv[2] === 'eval' || process.argv[2] === 'everyday') await enableFastAttention().catch(() => false);
process.exitCode = main(process.argv.slice(2));
