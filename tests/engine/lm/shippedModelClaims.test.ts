// @vitest-environment node
// What the lessons, the lab's example hints and the model card say the shipped model does, checked on the shipped
// file itself (public/models/lm/model.bin). The heads are the ones the app's own probes label, found here the way the
// grid finds them (headLabelsOf with the induction probe's scores), never a hard-coded layer and head, so these claims
// hold for whichever heads a retrained model grows. If a new model.bin breaks one, the text it checks must change.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generate } from '../../../src/engine/decoding';
import { nextTokenDistribution, type NextTokenDistribution } from '../../../src/engine/lm';
import { headLabelsOf, type HeadLabelKind } from '../../../src/engine/lm/headLabels';
import { inductionScores, inductionSettingsFor } from '../../../src/engine/lm/headProbes';
import { trainedModelFromBytes, type CausalLmModel } from '../../../src/engine/run';
import type { HeadId } from '../../../src/engine/choices';
import { TRAINED_EXAMPLES } from '../../../src/components/model/labPresets';
import { DEFAULT_SENTENCES } from '../../../src/state/defaultSentence';
import { COPY_PHRASES } from '../../../scripts/lm/copyPhrases';

const MODEL_FILE = resolve(__dirname, '../../../public/models/lm/model.bin');

function loadShipped(): CausalLmModel {
  const bytes = readFileSync(MODEL_FILE);
  return trainedModelFromBytes(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)).model;
}

let model: CausalLmModel;
/** The labelled heads on lesson 10's English example, as the grid labels them. */
let previousHead: HeadId;
let inductionHead: HeadId;

/** The next-token distribution after the last token of `text`, with `off` switched off. */
function after(text: string, off: readonly HeadId[] = []): NextTokenDistribution {
  const run = model.run({ text, disabledHeads: off });
  return nextTokenDistribution(run.logits, run.tokenIds.length - 1);
}

function idOf(token: string): number {
  const ids = model.tokenizer?.encode(token) ?? [];
  expect(ids, `"${token}" is one token`).toHaveLength(1);
  return ids[0];
}

const topLabel = (d: NextTokenDistribution): string => model.tokenLabel(d.top(1)[0].id);

/** The labelled head of `kind` with the highest score; the test fails when the grid would label none. */
function labelled(kind: HeadLabelKind, text: string, induction: number[][], inductionLength: number): HeadId & { score: number } {
  const labels = headLabelsOf(model.run({ text }), induction, { inductionLength });
  const found = labels.heads.flat().filter((h) => h.label?.kind === kind);
  expect(found.length, `a head labelled ${kind}`).toBeGreaterThan(0);
  const best = found.reduce((a, b) => ((a.label?.score ?? 0) >= (b.label?.score ?? 0) ? a : b));
  return { layer: best.layer, head: best.head, score: best.label?.score ?? 0 };
}

beforeAll(() => {
  model = loadShipped();
  const settings = inductionSettingsFor(model.weights.nPositions);
  const induction = inductionScores(model, settings);
  previousHead = labelled('previousToken', TRAINED_EXAMPLES.repeatEn, induction, settings.length);
  inductionHead = labelled('induction', TRAINED_EXAMPLES.repeatEn, induction, settings.length);
}, 120_000);

describe('lesson 5: a previous-token head to find in the grid', () => {
  it.each(Object.entries(DEFAULT_SENTENCES))('on the lab’s %s sentence, a head is labelled previous token', (_, text) => {
    const settings = inductionSettingsFor(model.weights.nPositions);
    const labels = headLabelsOf(model.run({ text }), null, { inductionLength: settings.length });
    expect(labels.heads.flat().some((h) => h.label?.kind === 'previousToken')).toBe(true);
  });
});

describe('lesson 10: the hunt for the two heads', () => {
  it('the grid labels a previous-token head in layer 1 and an induction head in layer 2', () => {
    expect(previousHead.layer).toBe(0);
    expect(inductionHead.layer).toBe(1);
  });

  it('“house” leads after the second “old” (about a fifth, twice the next guess), and falls under 1 % with either head off, or both', () => {
    const house = idOf(' house');
    const on = after(TRAINED_EXAMPLES.repeatEn);
    expect(topLabel(on)).toBe(' house');
    expect(on.probability(house)).toBeGreaterThan(0.15);
    expect(on.probability(house)).toBeLessThan(0.3);
    expect(on.probability(house)).toBeGreaterThan(1.8 * on.top(2)[1].probability);
    for (const off of [[inductionHead], [previousHead], [previousHead, inductionHead]]) {
      const d = after(TRAINED_EXAMPLES.repeatEn, off);
      expect(topLabel(d)).not.toBe(' house');
      expect(d.probability(house)).toBeLessThan(0.01);
    }
  });

  it('the previous-token head never looks at “house” from the last position: its weight there is under 5 %', () => {
    const run = model.run({ text: TRAINED_EXAMPLES.repeatEn });
    const last = run.tokenIds.length - 1;
    const housePosition = run.tokenIds.indexOf(idOf(' house'));
    const weights = run.layers[previousHead.layer].attention.heads[previousHead.head].weights;
    expect(weights.data[last * weights.cols + housePosition]).toBeLessThan(0.05);
    // while the induction head puts most of its weight there
    const induction = run.layers[inductionHead.layer].attention.heads[inductionHead.head].weights;
    expect(induction.data[last * induction.cols + housePosition]).toBeGreaterThan(0.5);
  });

  it('the Chinese example: 芳 leads after the second 王 and loses the lead with the induction head off', () => {
    expect(topLabel(after(TRAINED_EXAMPLES.repeatZh))).toBe('芳');
    expect(topLabel(after(TRAINED_EXAMPLES.repeatZh, [inductionHead]))).not.toBe('芳');
  });
});

describe('lesson 10: a copy the model misses', () => {
  it('“张三丰 … 张三”: the top guess is not the copy 丰', () => {
    const phrase = COPY_PHRASES.find((p) => p.copy === '丰');
    expect(phrase).toBeDefined();
    expect(topLabel(after(phrase?.text ?? ''))).not.toBe('丰');
  });
});

describe('the lab’s example hints', () => {
  it('after “New”, “York” is the top prediction', () => {
    expect(topLabel(after(TRAINED_EXAMPLES.nextWord))).toBe(' York');
  });
});

describe('the e2e copying spec’s phrases (English, Chinese names, a line of verse)', () => {
  it.each(COPY_PHRASES.slice(0, 3))('$text → $copy', ({ text, copy }) => {
    expect(topLabel(after(text))).toBe(copy);
  });
});

describe('lesson 12: generation', () => {
  it('greedy decoding continues a repeated phrase with the copy, its induction head on the token after the earlier copy', () => {
    const g = generate(model, TRAINED_EXAMPLES.repeatEn, { steps: 3, strategy: 'greedy' });
    expect(g.text.startsWith(' house')).toBe(true);
    const first = g.steps[0];
    const row = Array.from(first.attention[inductionHead.layer][inductionHead.head]);
    expect(row.indexOf(Math.max(...row))).toBe(g.promptIds.indexOf(idOf(' house')));
  });

  it('left to itself, greedy decoding soon repeats itself: a 3-token run comes back within 30 tokens', () => {
    for (const prompt of ['Once upon a time', '春眠不觉晓，']) {
      const ids = generate(model, prompt, { steps: 30, strategy: 'greedy' }).steps.map((s) => s.id);
      const runs = ids.slice(0, -2).map((_, i) => ids.slice(i, i + 3).join(','));
      expect(new Set(runs).size, prompt).toBeLessThan(runs.length);
    }
  });
});

describe('the model card', () => {
  it('says how long the shipped weights trained: the second run’s tokens, the first run’s, and both together', () => {
    const bytes = readFileSync(MODEL_FILE);
    const { header } = trainedModelFromBytes(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const tokens = Number(header.training.tokens_seen);
    const recipe = header.training.recipe as { transplanted_from?: string };
    const first = Number((JSON.parse(recipe.transplanted_from ?? '{}') as { tokens?: number }).tokens);
    expect(tokens).toBeGreaterThan(1e6);
    expect(first).toBeGreaterThan(20e6);
    const card = readFileSync(resolve(__dirname, '../../../public/models/lm/README.md'), 'utf8');
    for (const n of [tokens, first, tokens + first]) expect(card).toContain(n.toLocaleString('en-US'));
  });
});
