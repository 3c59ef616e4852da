/**
 * `npm run lm -- eval`'s numbers for a model and a file's lines: bits per character per language (the model, and the
 * add-one bigram and unigram baselines), the best previous-token head, the induction probe with and without its
 * best head. Pure: no I/O (cli.ts reads the files and prints).
 */
import type { CausalLmModel } from '../../src/engine';
import {
  bestHead,
  INDUCTION_PROBE,
  inductionProbe,
  inductionSettingsFor,
  pooledMean,
  previousTokenSums,
  tokenLogProb,
  type BestHead,
  type HeadScoreSums,
  type InductionProbeResult,
  type InductionSettings,
} from '../../src/engine/lm/headProbes';
import { isChineseLine } from './heldoutLines';
import { bigramBits, unigramBits, type NgramCounts } from './ngram';
import { scoringWindows } from './windows';

export type Language = 'en' | 'zh';
export const LANGUAGES: readonly Language[] = ['en', 'zh'];

export interface EvalLine {
  readonly text: string;
  readonly language: Language;
}

/** A file's passages: one per line, blank lines skipped, Chinese when most letters are Han (isChineseLine). */
export function evalLines(file: string): EvalLine[] {
  return file
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((text) => ({ text, language: isChineseLine(text) ? 'zh' : 'en' }));
}

/** Total bits over total code points of one language's lines; the n-gram bits are null without counts. */
export interface LanguageFigures {
  readonly lines: number;
  readonly codePoints: number;
  /** Tokens (start token not counted) over whitespace-separated words: how finely the tokenizer cuts the text. */
  readonly tokensPerWord: number;
  readonly modelBits: number;
  readonly bigramBits: number | null;
  readonly unigramBits: number | null;
}

export type { InductionSettings };

/** The probe `eval` runs: the engine's standard one (INDUCTION_PROBE), which the lab's head labels run too. */
export const INDUCTION: InductionSettings = INDUCTION_PROBE;

export interface EvalReport {
  readonly languages: Readonly<Record<Language, LanguageFigures>>;
  /** The best previous-token head, pooled over every line (each truncated to the context); null without lines. */
  readonly previousToken: BestHead | null;
  /** The probe's settings: length is cut to ⌊(C − 1) / 2⌋ for a model whose context C cannot hold 2 × 24 + 1 tokens. */
  readonly induction: InductionSettings;
  readonly probe: InductionProbeResult;
  /** The same probe with probe.best disabled. */
  readonly withoutBest: InductionProbeResult;
}

/** Model bits of every token of one line (windows.ts), and its previous-token sums from the first window. */
function scoreLine(model: CausalLmModel, ids: readonly number[]): { bits: number; previous: HeadScoreSums | null } {
  let nats = 0;
  let previous: HeadScoreSums | null = null;
  for (const { start, end, scoreFrom } of scoringWindows(ids.length, model.weights.nPositions)) {
    const run = model.runIds(ids.slice(start, end));
    if (start === 0) previous = previousTokenSums(run);
    for (let p = scoreFrom; p < end; p++) nats -= tokenLogProb(run.logits, p - start - 1, ids[p]);
  }
  return { bits: nats / Math.LN2, previous };
}

interface Totals {
  lines: number;
  codePoints: number;
  tokens: number;
  words: number;
  modelBits: number;
  bigramBits: number;
  unigramBits: number;
}

const noTotals = (): Totals => ({ lines: 0, codePoints: 0, tokens: 0, words: 0, modelBits: 0, bigramBits: 0, unigramBits: 0 });

function figuresOf(t: Totals, withNgrams: boolean): LanguageFigures {
  const per = (bits: number): number => bits / t.codePoints;
  return { lines: t.lines, codePoints: t.codePoints, tokensPerWord: t.tokens / Math.max(1, t.words), modelBits: per(t.modelBits), bigramBits: withNgrams ? per(t.bigramBits) : null, unigramBits: withNgrams ? per(t.unigramBits) : null };
}

export function evaluate(model: CausalLmModel, lines: readonly EvalLine[], ngrams: NgramCounts | null, settings: InductionSettings = INDUCTION): EvalReport {
  const { tokenizer } = model;
  if (!tokenizer) throw new Error('eval needs a model with its tokenizer');
  const totals: Record<Language, Totals> = { en: noTotals(), zh: noTotals() };
  const previous: HeadScoreSums[] = [];
  for (const { text, language } of lines) {
    const ids = [tokenizer.endOfText, ...tokenizer.encode(text)]; // the start token, as in training
    const line = scoreLine(model, ids);
    if (line.previous) previous.push(line.previous);
    const t = totals[language];
    t.lines++;
    t.codePoints += [...text].length;
    t.tokens += ids.length - 1;
    t.words += wordCount(text);
    t.modelBits += line.bits;
    if (ngrams) {
      for (let p = 1; p < ids.length; p++) {
        t.bigramBits += bigramBits(ngrams, ids[p - 1], ids[p]);
        t.unigramBits += unigramBits(ngrams, ids[p]);
      }
    }
  }
  const languages = { en: figuresOf(totals.en, ngrams !== null), zh: figuresOf(totals.zh, ngrams !== null) };
  const pooled = pooledMean(previous);
  const induction = inductionSettingsFor(model.weights.nPositions, settings);
  const probe = inductionProbe(model, induction);
  const withoutBest = inductionProbe(model, { ...induction, disabledHeads: [{ layer: probe.best.layer, head: probe.best.head }] });
  return { languages, previousToken: pooled ? bestHead(pooled) : null, induction, probe, withoutBest };
}

/** Whitespace-separated words: "park." and "don't" are one word each, as a reader counts them. */
export const wordCount = (text: string): number => text.split(/\s+/).filter((w) => w !== '').length;

/** 3 decimals; a value that rounds to zero prints 0.000, not -0.000. */
const f3 = (x: number): string => (Math.abs(x) < 0.0005 ? 0 : x).toFixed(3);
/** L1H3: layer and head, 1-based. */
export const headName = (h: { layer: number; head: number }): string => `L${h.layer + 1}H${h.head + 1}`;

/** The report as eval prints it; `ngramsMissing` says why the baselines are n/a when they are. */
export function formatReport(report: EvalReport, ngramsMissing: string): string[] {
  const out = LANGUAGES.map((l) => {
    const f = report.languages[l];
    if (f.lines === 0) return `bits_per_char ${l} : n/a (no ${l} lines)`;
    const baselines = f.bigramBits === null || f.unigramBits === null ? `bigram n/a, unigram n/a: ${ngramsMissing}` : `bigram ${f3(f.bigramBits)}, unigram ${f3(f.unigramBits)}`;
    return `bits_per_char ${l} : ${f3(f.modelBits)} (${baselines})`;
  });
  if (report.languages.en.lines > 0) out.push(`tokens_per_word en : ${f3(report.languages.en.tokensPerWord)}`);
  const prev = report.previousToken;
  out.push(prev ? `head previous_token : ${headName(prev)} ${f3(prev.score)}` : 'head previous_token : n/a (no lines)');
  const { best } = report.probe;
  out.push(`head induction : ${headName(best)} ${f3(best.score)}`);
  out.push(`icl_gain_nats : ${f3(report.probe.iclGainNats)}`);
  out.push(`icl_gain_nats_without ${headName(best)} : ${f3(report.withoutBest.iclGainNats)}`);
  return out;
}
