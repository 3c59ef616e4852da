// @vitest-environment node
// `npm run lm -- eval`'s numbers, end to end on a tiny model built here: the golden fixture's 3 blocks and 4 heads
// (context 24) with random wte rows for a vocabulary built from the test's own lines. Every figure is recomputed
// from runIds, the n-gram functions and the probe directly; the printed lines are checked for their format.
import { CausalLmModel, buildVocabulary, createLmTokenizer, fromRows, mulberry32, type CausalLmWeights, type Matrix } from '../../../src/engine';
import { bestHead, inductionProbe, pooledMean, previousTokenSums, tokenLogProb } from '../../../src/engine/lm/headProbes';
import { evalLines, evaluate, formatReport, headName, wordCount } from '../../../scripts/lm/evaluate';
import { isChineseLine } from '../../../scripts/lm/heldoutLines';
import { bigramBits, countNgrams, unigramBits } from '../../../scripts/lm/ngram';
import { loadLmFixture } from '../../engine/lm/causalLmSupport';

const FILE = [
  'The cat sat on the mat.',
  '',
  '我爱北京。',
  '   ',
  'The dog saw a cat, and the cat saw the dog go.\r', // 31 ids with the start token: more than the context
  '我爱学习，我爱北京。',
].join('\n');

const lines = evalLines(FILE);
const tokenizer = createLmTokenizer(buildVocabulary(['The cat sat on the mat.', '我爱北京。我爱学习。'], { size: 300 }));

function randomRows(rows: number, cols: number, seed: number): Matrix {
  const random = mulberry32(seed);
  return fromRows(Array.from({ length: rows }, () => Array.from({ length: cols }, () => 2 * (random() - 0.5))));
}

const base = loadLmFixture('causal_lm_ablated.json').weights;
const weights: CausalLmWeights = { ...base, vocabSize: tokenizer.size, wte: randomRows(tokenizer.size, base.embedDim, 3) };
const model = new CausalLmModel(weights, { tokenizer });
const C = weights.nPositions; // 24
const SETTINGS = { sequences: 3, length: 24, seed: 5 };

const idsOf = (text: string): number[] => [tokenizer.endOfText, ...tokenizer.encode(text)];
/** −log₂ p of ids[from..to) in one run of ids[start, to). */
function bitsIn(ids: number[], start: number, from: number, to: number): number {
  expect(to - start).toBeLessThanOrEqual(C);
  const { logits } = model.runIds(ids.slice(start, to));
  let nats = 0;
  for (let p = from; p < to; p++) nats -= tokenLogProb(logits, p - start - 1, ids[p]);
  return nats / Math.LN2;
}

describe('eval lines', () => {
  it('skips blank lines, drops a \\r, and calls a line Chinese when most of its letters are Han', () => {
    expect(lines.map((l) => l.language)).toEqual(['en', 'zh', 'en', 'zh']);
    expect(lines[2].text.endsWith('\r')).toBe(false);
    expect(isChineseLine('使用 ls 命令列出文件')).toBe(true); // 8 Han of 10 letters
    expect(isChineseLine('Linux 内核')).toBe(false); // 2 Han of 7 letters
    expect(isChineseLine('Linux 内核模块')).toBe(false); // 4 of 9: not most
    expect(isChineseLine('12345 !!!')).toBe(false); // no letters
  });
});

describe('evaluate', () => {
  const stream = Uint16Array.from(lines.flatMap((l) => idsOf(l.text)));
  const ngrams = countNgrams([stream], tokenizer.size);
  const report = evaluate(model, lines, ngrams, SETTINGS);

  it('gives bits per character from runIds: one run for a line that fits, the window rule for a longer one', () => {
    const long = idsOf(lines[2].text);
    expect(long.length).toBe(31); // two windows: ids[0, 24) scoring 1..23, then ids[7, 31) scoring 24..30

    const enBits = bitsIn(idsOf(lines[0].text), 0, 1, idsOf(lines[0].text).length) + bitsIn(long, 0, 1, 24) + bitsIn(long, 7, 24, 31);
    const enChars = [...lines[0].text].length + [...lines[2].text].length;
    expect(report.languages.en.lines).toBe(2);
    expect(report.languages.en.codePoints).toBe(enChars);
    expect(report.languages.en.modelBits).toBeCloseTo(enBits / enChars, 9);
    const zh = [lines[1].text, lines[3].text];
    const zhBits = zh.reduce((a, t) => a + bitsIn(idsOf(t), 0, 1, idsOf(t).length), 0);
    expect(report.languages.zh.modelBits).toBeCloseTo(zhBits / zh.reduce((a, t) => a + [...t].length, 0), 9);
  });

  it('gives the n-gram baselines over the same ids, the start token as the first context', () => {
    for (const language of ['en', 'zh'] as const) {
      const mine = lines.filter((l) => l.language === language);
      let bigram = 0;
      let unigram = 0;
      for (const { text } of mine) {
        const ids = idsOf(text);
        for (let p = 1; p < ids.length; p++) {
          bigram += bigramBits(ngrams, ids[p - 1], ids[p]);
          unigram += unigramBits(ngrams, ids[p]);
        }
      }
      const chars = mine.reduce((a, l) => a + [...l.text].length, 0);
      expect(report.languages[language].bigramBits).toBeCloseTo(bigram / chars, 9);
      expect(report.languages[language].unigramBits).toBeCloseTo(unigram / chars, 9);
    }
    expect(evaluate(model, lines, null, SETTINGS).languages.en.bigramBits).toBeNull();
  });

  it('pools the previous-token score over every line cut to the context, and probes with the copy length cut to fit', () => {
    const pooled = pooledMean(lines.map((l) => previousTokenSums(model.runIds(idsOf(l.text).slice(0, C)))));
    expect(report.previousToken).toEqual(bestHead(pooled ?? []));
    expect(report.induction).toEqual({ sequences: 3, length: 11, seed: 5 }); // ⌊(24 − 1) / 2⌋
    const probe = inductionProbe(model, report.induction);
    expect(report.probe).toEqual(probe);
    const { layer, head } = probe.best;
    expect(report.withoutBest).toEqual(inductionProbe(model, { ...report.induction, disabledHeads: [{ layer, head }] }));
  });

  it('counts tokens per English word: tokens after the start token over whitespace-separated words', () => {
    const en = lines.filter((l) => l.language === 'en');
    const tokens = en.reduce((a, l) => a + tokenizer.encode(l.text).length, 0);
    const words = en.reduce((a, l) => a + l.text.split(/\s+/).filter(Boolean).length, 0);
    expect(words).toBe(6 + 12); // "The cat sat on the mat." and "The dog saw a cat, and the cat saw the dog go."
    expect(report.languages.en.tokensPerWord).toBeCloseTo(tokens / words, 12);
    expect(wordCount("  don't  stop. ")).toBe(2);
  });

  it('prints the seven lines, 3 decimals, heads 1-based; n/a baselines with the reason', () => {
    const printed = formatReport(report, 'unused');
    expect(printed).toHaveLength(7);
    expect(printed[0]).toMatch(/^bits_per_char en : \d+\.\d{3} \(bigram \d+\.\d{3}, unigram \d+\.\d{3}\)$/);
    expect(printed[1]).toMatch(/^bits_per_char zh : \d+\.\d{3} \(bigram \d+\.\d{3}, unigram \d+\.\d{3}\)$/);
    expect(printed[2]).toBe(`tokens_per_word en : ${report.languages.en.tokensPerWord.toFixed(3)}`);
    expect(printed[3]).toMatch(/^head previous_token : L[1-3]H[1-4] \d\.\d{3}$/);
    expect(printed[4]).toBe(`head induction : ${headName(report.probe.best)} ${report.probe.best.score.toFixed(3)}`);
    expect(printed[5]).toBe(`icl_gain_nats : ${report.probe.iclGainNats.toFixed(3)}`);
    expect(printed[6]).toBe(`icl_gain_nats_without ${headName(report.probe.best)} : ${report.withoutBest.iclGainNats.toFixed(3)}`);
    expect(headName({ layer: 0, head: 2 })).toBe('L1H3');
    const without = formatReport(evaluate(model, lines.slice(0, 1), null, SETTINGS), 'run npm run lm:corpus && npm run lm:data');
    expect(without[0]).toMatch(/^bits_per_char en : \d+\.\d{3} \(bigram n\/a, unigram n\/a: run npm run lm:corpus && npm run lm:data\)$/);
    expect(without[1]).toBe('bits_per_char zh : n/a (no zh lines)');
  });
});
