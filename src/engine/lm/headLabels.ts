import type { HeadId } from '../choices';
import type { BlockedMask } from '../masks';
import { firstTokenScores, INDUCTION_PROBE, inductionUniformScore, previousTokenScores, sameTokenScores, type AttentionMaps } from './headProbes';

/*
 * Head labels: what each head of a run mostly does, in a word and a number ("previous token 0.92"). Three kinds are
 * measured on the run itself (the student's text), one on the standard probe (the model, not the text):
 *
 *   previousToken  mean weight from each position i ≥ 1 to i − 1                       (headProbes.previousTokenScores)
 *   firstToken     mean weight from each position i ≥ 1 to position 0, the start token (headProbes.firstTokenScores)
 *   sameToken      mean weight from each position whose token occurred before to those earlier copies; no score
 *                  when no token of the text repeats                                     (headProbes.sameTokenScores)
 *   induction      the induction probe's score: random tokens repeated twice, the weight from each position of the
 *                  second copy to the token after the current token's first occurrence  (headProbes.inductionScores)
 *
 * Every score is a mean attention weight, in [0, 1]. A head is labelled with the kind of highest score among those
 * that clear their threshold, and is left unlabelled when none does, with one exception: first token never outranks
 * induction. An induction head with nothing to copy rests its attention on the start token (the "attention sink"
 * pattern), so on a text that barely repeats its first-token score is high while it is still the head that copies;
 * the shipped model's induction head scores 0.79 first token against 0.77 induction on a plain sentence.
 *
 * Thresholds. A head that spreads its weight evenly over the keys it may read already scores something: under the
 * causal mask query i reads i + 1 keys, so it puts 1/(i + 1) on i − 1 and on 0, and its previous- and first-token
 * scores are the mean of 1/(i + 1) over i = 1 … L − 1, that is (H_L − 1)/(L − 1) with H_L the L-th harmonic number:
 * 0.50 for L = 2, 0.21 for L = 10, 0.13 for L = 21 (the lab's default sentence with its start token), 0.10 for
 * L = 30, 0.035 for L = 128 (the context). Its same-token score grows with how often the text repeats itself (a text
 * of one token repeated tends to 1), and its induction score on the probe (2 × 24 + 1 tokens, queries t = 25 … 48)
 * is the mean of 1/(t + 1), 0.028. `uniform` holds that even spread's score of each kind, computed for this run: its
 * length, its mask (causal, padding, custom cells) and its repeats.
 * A kind's threshold is max(0.3, 3 × uniform): at least 0.3, so a label means the head gives on average about a third
 * of its attention or more to that one place, and at least three times the even spread, so that on a short text —
 * where any head puts a large share on the few keys it can read — no head is labelled for what spreading evenly
 * would give. For previous and first token the bar is 3 × uniform up to L = 31 (0.40 for the default sentence, 0.64
 * for L = 10) and 0.3 from L = 32 on; for L ≤ 4 (three tokens of text) it exceeds 1 and no text-level label is given.
 *
 * A run with heads switched off is labelled from its baseline (the same text with every head on): a label says what
 * the head does in the model, so switching it, or a head before it, off does not change any label.
 */

export type HeadLabelKind = 'previousToken' | 'firstToken' | 'sameToken' | 'induction';

/** The kinds in order of precedence when two scores are equal. */
export const HEAD_LABEL_KINDS: readonly HeadLabelKind[] = ['previousToken', 'firstToken', 'sameToken', 'induction'];

/** One number per kind; null where the kind has no score (no repeated token, one position, no probe). */
export type HeadKindScores = Readonly<Record<HeadLabelKind, number | null>>;

export interface HeadLabel {
  readonly kind: HeadLabelKind;
  readonly score: number;
}

export interface HeadLabelling extends HeadId {
  readonly scores: HeadKindScores;
  /** The kind of highest score among those that clear their threshold; null when none does. */
  readonly label: HeadLabel | null;
}

export interface HeadLabels {
  /** [layer][head], both 0-based. */
  readonly heads: readonly (readonly HeadLabelling[])[];
  /** What a head spreading its weight evenly over the keys each query may read scores, per kind. */
  readonly uniform: HeadKindScores;
  /** The score a label needs, per kind: max(minScore, uniformFactor × uniform); null where uniform is. */
  readonly thresholds: HeadKindScores;
  /** Positions of the run (the start token included). */
  readonly positions: number;
}

export interface HeadLabelOptions {
  /** The least score that earns a label. Default 0.3 (HEAD_LABEL_MIN_SCORE). */
  readonly minScore?: number;
  /** How many times the even spread's score a label needs. Default 3 (HEAD_LABEL_UNIFORM_FACTOR). */
  readonly uniformFactor?: number;
  /** Tokens per copy of the probe the induction scores came from, for its even-spread score. Default 24. */
  readonly inductionLength?: number;
}

export const HEAD_LABEL_MIN_SCORE = 0.3;
export const HEAD_LABEL_UNIFORM_FACTOR = 3;

/**
 * What headLabelsOf reads: a CausalLmRun is one. `baseline`: the all-heads-on layers, read instead of `layers` when
 * present. `mask`: the keys each query may not read (the run's: causal plus the student's; null when nothing is
 * blocked), for the even spread; absent, the causal mask (query i reads keys 0 … i).
 */
export interface LabelledRun extends AttentionMaps {
  readonly baseline?: AttentionMaps['layers'];
  readonly mask?: BlockedMask | null;
}

/**
 * Labels every head of a run. `induction`: the probe's scores [layer][head] (inductionScores on the run's model),
 * or null to label from the text alone.
 */
export function headLabelsOf(run: LabelledRun, induction: readonly (readonly number[])[] | null, options: HeadLabelOptions = {}): HeadLabels {
  const minScore = options.minScore ?? HEAD_LABEL_MIN_SCORE;
  const factor = options.uniformFactor ?? HEAD_LABEL_UNIFORM_FACTOR;
  const maps: AttentionMaps = { tokenIds: run.tokenIds, layers: run.baseline ?? run.layers };
  const previous = previousTokenScores(maps);
  const first = firstTokenScores(maps);
  const same = sameTokenScores(maps);
  const uniform: HeadKindScores = { ...uniformTextScores(run.tokenIds, run.mask), induction: induction ? inductionUniformScore(options.inductionLength ?? INDUCTION_PROBE.length) : null };
  const thresholds = mapKinds((kind) => {
    const u = uniform[kind];
    return u === null ? null : Math.max(minScore, factor * u);
  });
  const heads = maps.layers.map((layer, l) =>
    layer.attention.heads.map((_, h): HeadLabelling => {
      const scores: HeadKindScores = {
        previousToken: finiteOrNull(previous?.[l]?.[h]),
        firstToken: finiteOrNull(first?.[l]?.[h]),
        sameToken: finiteOrNull(same?.[l]?.[h]),
        induction: finiteOrNull(induction?.[l]?.[h]),
      };
      return { layer: l, head: h, scores, label: pickLabel(scores, thresholds) };
    }),
  );
  return { heads, uniform, thresholds, positions: run.tokenIds.length };
}

function mapKinds(f: (kind: HeadLabelKind) => number | null): HeadKindScores {
  return { previousToken: f('previousToken'), firstToken: f('firstToken'), sameToken: f('sameToken'), induction: f('induction') };
}

const finiteOrNull = (x: number | undefined): number | null => (x !== undefined && Number.isFinite(x) ? x : null);

/** The highest score that clears its threshold (first token not against induction); on a tie, the kind first in HEAD_LABEL_KINDS. */
function pickLabel(scores: HeadKindScores, thresholds: HeadKindScores): HeadLabel | null {
  const clears = (kind: HeadLabelKind): boolean => {
    const score = scores[kind];
    const bar = thresholds[kind];
    return score !== null && bar !== null && score >= bar;
  };
  let best: HeadLabel | null = null;
  for (const kind of HEAD_LABEL_KINDS) {
    const score = scores[kind];
    if (score === null || !clears(kind)) continue;
    if (kind === 'firstToken' && clears('induction')) continue;
    if (!best || score > best.score) best = { kind, score };
  }
  return best;
}

/**
 * The previous-, first- and same-token scores of a head that spreads each query's weight evenly over the keys the
 * mask lets it read (none: a fully blocked query puts weight nowhere), pooled exactly as the scores are.
 */
export function uniformTextScores(tokenIds: readonly number[], mask?: BlockedMask | null): Pick<HeadKindScores, 'previousToken' | 'firstToken' | 'sameToken'> {
  const n = tokenIds.length;
  const reads = (i: number, j: number): boolean => (mask === undefined ? j <= i : mask === null || mask.blocked[i * mask.keys + j] === 0);
  let previous = 0;
  let first = 0;
  let same = 0;
  let sameCount = 0;
  for (let i = 1; i < n; i++) {
    let visible = 0;
    for (let j = 0; j < n; j++) if (reads(i, j)) visible++;
    const share = visible > 0 ? 1 / visible : 0;
    if (reads(i, i - 1)) previous += share;
    if (reads(i, 0)) first += share;
    let repeats = false;
    for (let j = 0; j < i; j++) {
      if (tokenIds[j] !== tokenIds[i]) continue;
      repeats = true;
      if (reads(i, j)) same += share;
    }
    if (repeats) sameCount++;
  }
  return {
    previousToken: n > 1 ? previous / (n - 1) : null,
    firstToken: n > 1 ? first / (n - 1) : null,
    sameToken: sameCount > 0 ? same / sameCount : null,
  };
}
