/**
 * `npm run lm -- everyday`'s numbers (issue 40): bits per character on the held-out everyday sentences (everyday.ts)
 * per language, next to eval's token baselines and the character baselines (charNgram.ts), and the copy rate on the
 * held-out copy probes (everydayCopy.ts): how often the top prediction after the repeated start is the copy. Pure:
 * cli.ts reads the files and prints.
 */
import type { CausalLmModel } from '../../src/engine';
import { nextTokenDistribution } from '../../src/engine/lm';
import { lineCharBits, type CharCounts } from './charNgram';
import type { CopyPhrase } from './copyPhrases';
import { EVERYDAY_EN, EVERYDAY_ZH } from './everyday';
import { copyProbeProblem } from './everydayChecks';
import { EVERYDAY_COPY_EN, EVERYDAY_COPY_ZH } from './everydayCopy';
import { evaluate, LANGUAGES, type EvalLine, type EvalReport, type Language } from './evaluate';
import type { NgramCounts } from './ngram';

export interface CopyFigures {
  /** Probes whose top prediction is the copy. */
  readonly copied: number;
  /** Probes this vocabulary can copy by one-back induction (the others are listed in `skipped`). */
  readonly probes: number;
  readonly meanCopyProbability: number;
  readonly misses: readonly { text: string; copy: string; top: string; probability: number }[];
  readonly skipped: readonly string[];
}

export interface EverydayReport {
  readonly report: EvalReport;
  /** Character baselines per language, bits per character; null without the corpus text. */
  readonly charBits: Readonly<Record<Language, { unigram: number; bigram: number } | null>>;
  readonly copy: Readonly<Record<Language, CopyFigures>>;
}

export const everydayLines = (): EvalLine[] => [
  ...EVERYDAY_EN.map((text) => ({ text, language: 'en' as const })),
  ...EVERYDAY_ZH.map((text) => ({ text, language: 'zh' as const })),
];

function copyFigures(model: CausalLmModel, probes: readonly CopyPhrase[]): CopyFigures {
  const tokenizer = model.tokenizer!;
  let copied = 0;
  let probability = 0;
  const misses: CopyFigures['misses'][number][] = [];
  const skipped: string[] = [];
  for (const probe of probes) {
    const problem = copyProbeProblem(tokenizer, probe);
    if (problem !== null) {
      skipped.push(`${probe.text} (${problem})`);
      continue;
    }
    const ids = [tokenizer.endOfText, ...tokenizer.encode(probe.text)].slice(-model.weights.nPositions);
    const copy = tokenizer.encode(probe.copy)[0];
    const run = model.runIds(ids);
    const next = nextTokenDistribution(run.logits, ids.length - 1);
    const [top] = next.top(1);
    const p = next.probability(copy);
    probability += p;
    if (top.id === copy) copied++;
    else misses.push({ text: probe.text, copy: probe.copy, top: tokenizer.decode([top.id]), probability: p });
  }
  const probesRun = probes.length - skipped.length;
  return { copied, probes: probesRun, meanCopyProbability: probability / Math.max(1, probesRun), misses, skipped };
}

export function evaluateEveryday(model: CausalLmModel, ngrams: NgramCounts | null, chars: Record<Language, CharCounts> | null): EverydayReport {
  const lines = everydayLines();
  const report = evaluate(model, lines, ngrams);
  const charBits = { en: null, zh: null } as Record<Language, { unigram: number; bigram: number } | null>;
  if (chars) {
    for (const language of LANGUAGES) {
      let unigram = 0;
      let bigram = 0;
      let codePoints = 0;
      for (const line of lines.filter((l) => l.language === language)) {
        const bits = lineCharBits(chars[language], line.text);
        unigram += bits.unigram;
        bigram += bits.bigram;
        codePoints += [...line.text].length;
      }
      charBits[language] = { unigram: unigram / codePoints, bigram: bigram / codePoints };
    }
  }
  return { report, charBits, copy: { en: copyFigures(model, EVERYDAY_COPY_EN), zh: copyFigures(model, EVERYDAY_COPY_ZH) } };
}

const f3 = (x: number): string => (Math.abs(x) < 0.0005 ? 0 : x).toFixed(3);

export function formatEveryday(r: EverydayReport, ngramsMissing: string, charsMissing: string): string[] {
  const out: string[] = [];
  for (const l of LANGUAGES) {
    const f = r.report.languages[l];
    const tokens = f.bigramBits === null || f.unigramBits === null ? `token bigram n/a: ${ngramsMissing}` : `token bigram ${f3(f.bigramBits)}, token unigram ${f3(f.unigramBits)}`;
    const c = r.charBits[l];
    const chars = c === null ? `char baselines n/a: ${charsMissing}` : `char bigram ${f3(c.bigram)}, char unigram ${f3(c.unigram)}`;
    out.push(`everyday bits_per_char ${l} : ${f3(f.modelBits)} (${tokens}; ${chars}; ${f.lines} sentences)`);
  }
  for (const l of LANGUAGES) {
    const c = r.copy[l];
    out.push(`everyday copy ${l} : ${c.copied}/${c.probes} = ${f3(c.copied / Math.max(1, c.probes))} (mean probability of the copy ${f3(c.meanCopyProbability)})`);
  }
  return out;
}
