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
import { copyPhraseIds } from './copyPhrases';
import { curveTable, parseProbeLog, sampleProbes } from './curve';
import { countNgrams, type NgramCounts } from './ngram';

const USAGE = 'usage: npm run lm -- eval FILE [--model public/models/lm/model.bin] [--data .cache/lm-data]\n       npm run lm -- curve LOG [--every TOKENS (default 2000000)]\n       npm run lm -- phrases [VOCABULARY]';

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

/** `phrases [VOCABULARY]`: the copy phrases' ids as JSON, for train.py's copy probe (.cache/lm-data/copy-phrases.json). */
function runPhrases(argv: readonly string[]): void {
  const file = argv[0] ?? '.cache/lm-data/vocabulary.json';
  const tokenizer = createLmTokenizer(parseVocabulary(JSON.parse(readText(file))));
  console.log(JSON.stringify(copyPhraseIds(tokenizer)));
}

function main(argv: readonly string[]): number {
  const [command, ...rest] = argv;
  try {
    if (command === 'eval') runEval(rest);
    else if (command === 'curve') runCurve(rest);
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
if (process.argv[2] === 'eval') await enableFastAttention().catch(() => false);
process.exitCode = main(process.argv.slice(2));
