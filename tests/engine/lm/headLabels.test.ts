// @vitest-environment node
// Head labels from hand-made attention maps (exact numbers): the four scores, the even spread's scores for the run's
// length and mask, the thresholds max(0.3, 3 × uniform), the label of highest cleared score, the baseline read instead
// of the ablated layers; and the induction probe's scores alone (InductionScoring) against inductionProbe's.
import { CausalLmModel, buildVocabulary, createLmTokenizer, fromRows, maskFromRows, type CausalLmWeights } from '../../../src/engine';
import { headLabelsOf, uniformTextScores, type LabelledRun } from '../../../src/engine/lm/headLabels';
import { inductionProbe, inductionScores, InductionScoring, inductionSettingsFor, inductionUniformScore, INDUCTION_PROBE } from '../../../src/engine/lm/headProbes';
import { loadLmFixture } from './causalLmSupport';

type Rows = number[][];

/** A run-shaped object: one layer per entry, each with the given heads' weights. */
function runOf(tokenIds: number[], layers: Rows[][], extra: Partial<LabelledRun> = {}): LabelledRun {
  return { tokenIds, layers: layers.map((heads) => ({ attention: { heads: heads.map((rows) => ({ weights: fromRows(rows) })) } })), ...extra };
}

/** Row i spreads `weights(i)` (key → weight) over the keys, zero elsewhere. */
const rows = (n: number, weights: (i: number) => Record<number, number>): Rows =>
  Array.from({ length: n }, (_, i) => {
    const w = weights(i);
    return Array.from({ length: n }, (_, j) => w[j] ?? 0);
  });
const previousHead = (n: number): Rows => rows(n, (i) => ({ [Math.max(0, i - 1)]: 1 }));
const firstHead = (n: number): Rows => rows(n, () => ({ 0: 1 }));
const uniformHead = (n: number): Rows => rows(n, (i) => Object.fromEntries(Array.from({ length: i + 1 }, (_, j) => [j, 1 / (i + 1)])));
/** (H_n − 1)/(n − 1): the causal even spread's previous- and first-token score. */
const harmonicBaseline = (n: number): number => {
  let h = 0;
  for (let k = 1; k <= n; k++) h += 1 / k;
  return (h - 1) / (n - 1);
};

describe('uniformTextScores (the even spread)', () => {
  it('under the causal mask: (H_L − 1)/(L − 1) for previous and first token; null same-token without repeats', () => {
    const u = uniformTextScores([0, 5, 6, 7, 8]);
    expect(u.previousToken).toBeCloseTo((1 / 2 + 1 / 3 + 1 / 4 + 1 / 5) / 4, 12);
    expect(u.firstToken).toBeCloseTo(harmonicBaseline(5), 12);
    expect(u.sameToken).toBeNull();
    expect(uniformTextScores([7])).toEqual({ previousToken: null, firstToken: null, sameToken: null });
  });

  it('same-token: earlier copies over keys read, at the positions whose token repeats', () => {
    // ids 0 1 2 1 1: i = 3 has one earlier copy of 4 keys, i = 4 two of 5.
    expect(uniformTextScores([0, 1, 2, 1, 1]).sameToken).toBeCloseTo((1 / 4 + 2 / 5) / 2, 12);
  });

  it('follows the mask: nothing blocked reads every key; a blocked previous key gives it no share', () => {
    // No mask (causal off): query i spreads over all n keys, so 1/n on i − 1 and on 0.
    expect(uniformTextScores([0, 1, 2, 3], null).previousToken).toBeCloseTo(1 / 4, 12);
    // Causal plus a blocked cell (query 2, key 1): query 2 reads keys 0 and 2, none of them i − 1.
    const blocked = maskFromRows([
      [false, true, true],
      [false, false, true],
      [false, true, false],
    ]);
    const u = uniformTextScores([0, 1, 2], blocked);
    expect(u.previousToken).toBeCloseTo((1 / 2 + 0) / 2, 12);
    expect(u.firstToken).toBeCloseTo((1 / 2 + 1 / 2) / 2, 12);
  });
});

describe('headLabelsOf', () => {
  const n = 12;
  const ids = [0, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20];
  // 0.6 on i − 1 and 0.4 on 0 (i ≥ 2; rows 0 and 1 have only key 0): previous (1 + 0.6·10)/11, first (1 + 0.4·10)/11.
  const mixed = rows(n, (i) => (i < 2 ? { 0: 1 } : { [i - 1]: 0.6, 0: 0.4 }));

  it('scores each head, labels what clears max(0.3, 3 × uniform), leaves the even spread unlabelled', () => {
    const labels = headLabelsOf(runOf(ids, [[previousHead(n), firstHead(n), uniformHead(n), mixed]]), null);
    const u = harmonicBaseline(n); // 0.1912
    expect(labels.positions).toBe(n);
    expect(labels.uniform.previousToken).toBeCloseTo(u, 12);
    expect(labels.uniform.firstToken).toBeCloseTo(u, 12);
    expect(labels.uniform.sameToken).toBeNull(); // no id repeats
    expect(labels.uniform.induction).toBeNull(); // no probe
    expect(labels.thresholds.previousToken).toBeCloseTo(3 * u, 12); // 0.5736 > 0.3
    expect(labels.thresholds.sameToken).toBeNull();
    const [prev, first, spread, mix] = labels.heads[0];
    expect(prev).toMatchObject({ layer: 0, head: 0, label: { kind: 'previousToken', score: 1 } });
    expect(prev.scores).toEqual({ previousToken: 1, firstToken: 1 / 11, sameToken: null, induction: null });
    expect(first.label).toEqual({ kind: 'firstToken', score: 1 });
    expect(spread.label).toBeNull();
    expect(spread.scores.previousToken).toBeCloseTo(u, 6);
    expect(mix.scores.previousToken).toBeCloseTo(7 / 11, 6);
    expect(mix.scores.firstToken).toBeCloseTo(5 / 11, 6);
    expect(mix.label?.kind).toBe('previousToken'); // 0.636 clears 0.574; first token's 0.455 does not
    expect(mix.label?.score).toBeCloseTo(7 / 11, 6);
  });

  it('gives no text-level label on a text too short to tell (L = 4: the bar is 3 × 0.361 > 1)', () => {
    const labels = headLabelsOf(runOf([0, 1, 2, 3], [[previousHead(4), firstHead(4)]]), null);
    expect(labels.thresholds.previousToken).toBeCloseTo(3 * harmonicBaseline(4), 12);
    expect(labels.thresholds.previousToken).toBeGreaterThan(1);
    expect(labels.heads[0].map((h) => h.label)).toEqual([null, null]);
    expect(labels.heads[0][0].scores.previousToken).toBe(1);
  });

  it('labels the floor 0.3 on a long text, where 3 × uniform is below it', () => {
    const long = 40;
    const longIds = Array.from({ length: long }, (_, i) => i);
    const thirtyOne = rows(long, (i) => (i === 0 ? { 0: 1 } : { [i - 1]: 0.31, [i]: 0.69 }));
    const labels = headLabelsOf(runOf(longIds, [[thirtyOne]]), null);
    expect(3 * harmonicBaseline(long)).toBeLessThan(0.3);
    expect(labels.thresholds.previousToken).toBe(0.3);
    expect(labels.heads[0][0].label?.kind).toBe('previousToken');
    expect(labels.heads[0][0].label?.score).toBeCloseTo(0.31, 6);
  });

  it('same token: labelled when it clears its own bar; a tie goes to the kind listed first', () => {
    // ids 0 1 2 3 4 1 2 3 4 1 2 3: positions 5–11 repeat one earlier copy (9–11 two).
    const rep = [0, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3];
    const copies = (i: number): number[] => rep.slice(0, i).flatMap((id, j) => (id === rep[i] ? [j] : []));
    const sameHead = rows(n, (i) => {
      const c = copies(i);
      return c.length ? Object.fromEntries(c.map((j) => [j, 1 / c.length])) : { 0: 1 };
    });
    const labels = headLabelsOf(runOf(rep, [[sameHead, previousHead(n)]]), null);
    // Uniform same-token: i = 5…8 one copy of i + 1 keys, i = 9…11 two copies.
    const uniformSame = (1 / 6 + 1 / 7 + 1 / 8 + 1 / 9 + 2 / 10 + 2 / 11 + 2 / 12) / 7;
    expect(labels.uniform.sameToken).toBeCloseTo(uniformSame, 12);
    expect(labels.thresholds.sameToken).toBeCloseTo(Math.max(0.3, 3 * uniformSame), 12);
    expect(labels.heads[0][0].label).toEqual({ kind: 'sameToken', score: 1 });
    expect(labels.heads[0][0].scores.firstToken).toBeCloseTo(4 / 11, 6); // rows 1–4 have no copy: weight on 0
    expect(labels.heads[0][1].scores.sameToken).toBe(0);

    // "a a a a a": previous and same token are both 1 for a previous-token head; previous token is listed first.
    const aaaa = [0, 1, 1, 1, 1, 1];
    const tie = headLabelsOf(runOf(aaaa, [[previousHead(6)]]), null, { minScore: 0.3, uniformFactor: 1 });
    expect(tie.heads[0][0].scores.sameToken).toBe(1);
    expect(tie.heads[0][0].label?.kind).toBe('previousToken');
    // With the default factor the same-token bar is 3 × 0.525 > 1 here: only the previous-token label could clear.
    const strict = headLabelsOf(runOf(aaaa, [[previousHead(6)]]), null);
    expect(strict.uniform.sameToken).toBeCloseTo((1 / 3 + 2 / 4 + 3 / 5 + 4 / 6) / 4, 12);
    expect(strict.thresholds.sameToken).toBeGreaterThan(1);
    expect(strict.heads[0][0].label).toEqual({ kind: 'previousToken', score: 1 });
  });

  it('induction: the probe\'s scores per [layer][head], bar max(0.3, 3 × its even spread), the highest cleared score wins', () => {
    const run = runOf(ids, [[uniformHead(n), mixed], [previousHead(n), uniformHead(n)]]);
    const induction = [
      [0.45, 0.7],
      [0.2, 0.05],
    ];
    const labels = headLabelsOf(run, induction);
    expect(labels.uniform.induction).toBeCloseTo(inductionUniformScore(24), 15);
    expect(inductionUniformScore(24)).toBeCloseTo(0.027635, 6);
    expect(labels.thresholds.induction).toBe(0.3);
    const [[spread, mix], [prev, quiet]] = labels.heads;
    expect(spread.label).toEqual({ kind: 'induction', score: 0.45 });
    expect(mix.label).toEqual({ kind: 'induction', score: 0.7 }); // 0.7 > previous token's 0.636
    expect(prev.label).toEqual({ kind: 'previousToken', score: 1 });
    expect(prev.scores.induction).toBe(0.2);
    expect(quiet.label).toBeNull();
    // A shorter probe's even spread: queries t = 6 … 10 of 2 × 5 + 1 tokens.
    expect(headLabelsOf(run, induction, { inductionLength: 5 }).uniform.induction).toBeCloseTo((1 / 7 + 1 / 8 + 1 / 9 + 1 / 10 + 1 / 11) / 5, 12);
    // A probe grid smaller than the run, or with a non-finite number, gives null scores, never NaN.
    const partial = headLabelsOf(run, [[Number.NaN]]);
    expect(partial.heads[0][0].scores.induction).toBeNull();
    expect(partial.heads[1][1].scores.induction).toBeNull();
  });

  it('first token never outranks induction: a copying head resting on the start token is labelled induction', () => {
    // A head that puts everything on the start token (first token 1) but scores 0.6 on the induction probe: the
    // attention sink of an induction head on a text with nothing to copy. Another head rests there and copies nothing.
    const run = runOf(ids, [[firstHead(n), firstHead(n)]]);
    const labels = headLabelsOf(run, [[0.6, 0.05]]);
    expect(labels.heads[0][0].scores.firstToken).toBe(1);
    expect(labels.heads[0][0].label).toEqual({ kind: 'induction', score: 0.6 });
    expect(labels.heads[0][1].label).toEqual({ kind: 'firstToken', score: 1 });
    // previous token still outranks induction when it scores higher
    const previous = headLabelsOf(runOf(ids, [[previousHead(n)]]), [[0.6]]);
    expect(previous.heads[0][0].label).toEqual({ kind: 'previousToken', score: 1 });
  });

  it('reads the baseline (every head on) when the run has one, so an ablated head keeps its label', () => {
    const zeros = rows(n, () => ({}));
    const ablated = runOf(ids, [[zeros, zeros]], {
      baseline: runOf(ids, [[previousHead(n), firstHead(n)]]).layers,
    });
    const labels = headLabelsOf(ablated, null);
    expect(labels.heads[0].map((h) => h.label?.kind)).toEqual(['previousToken', 'firstToken']);
  });

  it('gives nothing but nulls for a run of one position', () => {
    const labels = headLabelsOf(runOf([0], [[[[1]]]]), null);
    expect(labels.heads[0][0]).toEqual({ layer: 0, head: 0, scores: { previousToken: null, firstToken: null, sameToken: null, induction: null }, label: null });
    expect(labels.thresholds).toEqual({ previousToken: null, firstToken: null, sameToken: null, induction: null });
  });

  it('labels a real run from its baseline: a golden fixture with heads switched off', () => {
    const fx = loadLmFixture('causal_lm_gelu_tanh_untied.json');
    const model = new CausalLmModel(fx.weights);
    const all = model.runIds(fx.tokenIds);
    const off = model.runIds(fx.tokenIds, { disabledHeads: [{ layer: 0, head: 1 }] });
    expect(off.layers).not.toBe(off.baseline);
    expect(headLabelsOf(off, null)).toEqual(headLabelsOf(all, null));
    for (const row of headLabelsOf(off, null).heads) for (const h of row) for (const s of Object.values(h.scores)) if (s !== null) expect(s).toBeGreaterThanOrEqual(0);
  });
});

describe('the standard probe and its scores alone', () => {
  const tokenizer = createLmTokenizer(buildVocabulary(['the cat sat on the mat', 'a dog ran'], { size: 300 }));
  const base = loadLmFixture('causal_lm_gelu_tanh_untied.json').weights; // 2 layers × 4 heads, context 12
  const weights: CausalLmWeights = { ...base, vocabSize: tokenizer.size, wte: fromRows(Array.from({ length: tokenizer.size }, (_, v) => Array.from({ length: base.embedDim }, (_, e) => Math.sin(v * 7 + e) / 2))), lmHead: fromRows(Array.from({ length: tokenizer.size }, (_, v) => Array.from({ length: base.embedDim }, (_, e) => Math.cos(v + e * 3) / 2))) };
  const model = new CausalLmModel(weights, { tokenizer });

  it('is 64 sequences of 24 tokens from seed 1, cut to the context: ⌊(12 − 1)/2⌋ = 5 here', () => {
    expect(INDUCTION_PROBE).toEqual({ sequences: 64, length: 24, seed: 1 });
    expect(inductionSettingsFor(128)).toEqual(INDUCTION_PROBE);
    expect(inductionSettingsFor(12)).toEqual({ sequences: 64, length: 5, seed: 1 });
  });

  it('gives inductionProbe\'s scores exactly, one sequence per step, none before the last', () => {
    const settings = { ...inductionSettingsFor(model.weights.nPositions), sequences: 6 };
    const scoring = new InductionScoring(model, settings);
    expect(scoring.total).toBe(6);
    for (let k = 0; k < 5; k++) expect(scoring.step()).toBe(true);
    expect(scoring.scores()).toBeNull();
    expect(scoring.done).toBe(5);
    expect(scoring.step()).toBe(true);
    expect(scoring.step()).toBe(false);
    const scores = scoring.scores();
    expect(scores).toEqual(inductionProbe(model, settings).scores);
    expect(inductionScores(model, settings)).toEqual(scores);
    expect(scores).toHaveLength(2);
    expect(scores?.[0]).toHaveLength(4);
  });
});
