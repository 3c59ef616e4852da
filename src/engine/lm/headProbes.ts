import { nextTokenDistribution } from './predictions';
import type { HeadId } from '../choices';
import { EngineError } from '../errors';
import type { Matrix } from '../matrix';
import { mulberry32 } from '../random';
import type { CausalLmModel } from '../run/causalLmModel';
import { RESERVED_TOKENS } from './vocabulary';

/*
 * What a head does, measured on its attention weights: the previous-token, first-token and same-token scores of a
 * run, and the induction probe (random tokens repeated twice). Used by `npm run lm -- eval` and by head labels.
 * A score grid is [layer][head], both 0-based.
 */

/** What the scores read from a run (a CausalLmRun is one): every head's weights [L × L], query i, key j. */
export interface AttentionMaps {
  readonly tokenIds: readonly number[];
  readonly layers: readonly { readonly attention: { readonly heads: readonly { readonly weights: Matrix }[] } }[];
}

/** Sums for pooling runs: sum[l][h] adds one score per query that qualifies; `count` queries (the same for every head). */
export interface HeadScoreSums {
  readonly sum: number[][];
  readonly count: number;
}

export interface BestHead extends HeadId {
  readonly score: number;
}

/**
 * Per-head sums over queries i of the weight on keys `targets(i)` (those keys' weights added); a query with no
 * targets is skipped and not counted.
 */
function headSums(maps: AttentionMaps, targets: (i: number) => readonly number[]): HeadScoreSums {
  const n = maps.tokenIds.length;
  const keys = Array.from({ length: n }, (_, i) => targets(i));
  const count = keys.filter((k) => k.length > 0).length;
  const sum = maps.layers.map((layer) =>
    layer.attention.heads.map(({ weights }) => {
      let total = 0;
      keys.forEach((ks, i) => {
        for (const j of ks) total += weights.data[i * weights.cols + j];
      });
      return total;
    }),
  );
  return { sum, count };
}

/** The mean per head of sums pooled over runs (so over every qualifying query of every run); null when none qualified. */
export function pooledMean(parts: Iterable<HeadScoreSums>): number[][] | null {
  let sum: number[][] | null = null;
  let count = 0;
  for (const part of parts) {
    sum = sum ? sum.map((row, l) => row.map((v, h) => v + part.sum[l][h])) : part.sum.map((row) => [...row]);
    count += part.count;
  }
  return sum && count > 0 ? sum.map((row) => row.map((v) => v / count)) : null;
}

const NONE: readonly number[] = [];

/** Weight from position i to i − 1, summed over i ≥ 1. */
export const previousTokenSums = (maps: AttentionMaps): HeadScoreSums => headSums(maps, (i) => (i >= 1 ? [i - 1] : NONE));

/** Weight from position i to position 0, summed over i ≥ 1. */
export const firstTokenSums = (maps: AttentionMaps): HeadScoreSums => headSums(maps, (i) => (i >= 1 ? [0] : NONE));

/** Total weight from position i to the earlier positions holding the same id, summed over the i that have one. */
export function sameTokenSums(maps: AttentionMaps): HeadScoreSums {
  const ids = maps.tokenIds;
  return headSums(maps, (i) => {
    const earlier: number[] = [];
    for (let j = 0; j < i; j++) if (ids[j] === ids[i]) earlier.push(j);
    return earlier;
  });
}

/** Mean weight from i to i − 1 over i ≥ 1, per head, each in [0, 1]; null for a run of one token. */
export const previousTokenScores = (maps: AttentionMaps): number[][] | null => pooledMean([previousTokenSums(maps)]);

/** Mean weight from i to position 0 over i ≥ 1; null for a run of one token. */
export const firstTokenScores = (maps: AttentionMaps): number[][] | null => pooledMean([firstTokenSums(maps)]);

/** Mean over positions whose id occurred earlier of the weight on those earlier occurrences; null when no id repeats. */
export const sameTokenScores = (maps: AttentionMaps): number[][] | null => pooledMean([sameTokenSums(maps)]);

/** The head with the highest score (the first such in layer, then head order). */
export function bestHead(scores: readonly (readonly number[])[]): BestHead {
  let best: BestHead = { layer: 0, head: 0, score: -Infinity };
  scores.forEach((row, layer) => row.forEach((score, head) => {
    if (score > best.score) best = { layer, head, score };
  }));
  return best;
}

/** ln softmax(logits[row])[id], computed stably (the predictions' softmax: the row's max is subtracted before exp). */
export function tokenLogProb(logits: Matrix, row: number, id: number): number {
  return nextTokenDistribution(logits, row).logProbability(id);
}

/** An induction probe's size: `sequences` sequences of `length` random tokens repeated twice, drawn from `seed`. */
export interface InductionSettings {
  readonly sequences: number;
  readonly length: number;
  readonly seed: number;
}

/**
 * The standard probe, for `npm run lm -- eval` and the lab's head labels alike: 64 sequences of 24 random ordinary
 * tokens, drawn by mulberry32 from seed 1 (any fixed number would do; the trainer's probe in train.py draws with
 * numpy, so its sequences differ but not the measure).
 */
export const INDUCTION_PROBE: InductionSettings = { sequences: 64, length: 24, seed: 1 };

/** `settings` with `length` cut to ⌊(C − 1) / 2⌋ for a model whose context C cannot hold 2 × length + 1 tokens. */
export function inductionSettingsFor(contextLength: number, settings: InductionSettings = INDUCTION_PROBE): InductionSettings {
  return { ...settings, length: Math.min(settings.length, Math.floor((contextLength - 1) / 2)) };
}

export interface InductionProbeOptions {
  /** Number of sequences. Default 64 (INDUCTION_PROBE). */
  readonly sequences?: number;
  /** Random tokens per copy. Default 24, INDUCTION_PROBE (a sequence is 2·length + 1 tokens). */
  readonly length?: number;
  /** Seed of the generator (mulberry32) that draws the tokens: the same seed gives the same sequences. */
  readonly seed: number;
  readonly disabledHeads?: readonly HeadId[];
}

export interface InductionProbeResult {
  /** Per head: mean weight from each position t of the second copy to t − length + 1, in [0, 1]. */
  readonly scores: number[][];
  /** Mean next-token loss (nats) on the first copy minus that on the second, each copy's first token left out. */
  readonly iclGainNats: number;
  readonly firstCopyLossNats: number;
  readonly secondCopyLossNats: number;
  readonly best: BestHead;
}

/** Ids a probe may draw: neither special nor byte tokens (ids RESERVED_TOKENS.. without a tokenizer). */
function ordinaryIds(model: CausalLmModel): { start: number; ordinary: number[] } {
  const { tokenizer, vocabSize } = model;
  const ordinary: number[] = [];
  for (let id = 0; id < vocabSize; id++) {
    const ordinaryId = tokenizer ? id !== tokenizer.endOfText && !tokenizer.isByte(id) : id >= RESERVED_TOKENS;
    if (ordinaryId) ordinary.push(id);
  }
  return { start: tokenizer ? tokenizer.endOfText : 0, ordinary };
}

function checkedSizes(model: CausalLmModel, options: Pick<InductionProbeOptions, 'sequences' | 'length'>): { sequences: number; length: number } {
  const sequences = options.sequences ?? INDUCTION_PROBE.sequences;
  const length = options.length ?? INDUCTION_PROBE.length;
  if (!Number.isInteger(sequences) || sequences < 1) throw new EngineError('invalid-argument', `The induction probe needs at least one sequence, got ${sequences}.`);
  if (!Number.isInteger(length) || length < 2) throw new EngineError('invalid-argument', `The induction probe needs at least 2 tokens per copy, got ${length}.`);
  const context = model.weights.nPositions;
  if (2 * length + 1 > context) {
    throw new EngineError('too-many-tokens', `The induction probe's sequences are ${2 * length + 1} tokens (2 × ${length} + 1) but the model reads at most ${context}.`, {
      tokens: 2 * length + 1,
      context,
    });
  }
  return { sequences, length };
}

/** The probe's sequences: [start, a1..a_length, a1..a_length], a_k drawn uniformly from the ordinary ids. */
export function inductionSequences(model: CausalLmModel, options: Omit<InductionProbeOptions, 'disabledHeads'>): number[][] {
  const { sequences, length } = checkedSizes(model, options);
  const { start, ordinary } = ordinaryIds(model);
  if (ordinary.length === 0) throw new EngineError('invalid-argument', 'The model\'s vocabulary has no ordinary tokens (only special and byte tokens) for the induction probe.');
  const random = mulberry32(options.seed);
  return Array.from({ length: sequences }, () => {
    const half = Array.from({ length }, () => ordinary[Math.floor(random() * ordinary.length)]);
    return [start, ...half, ...half];
  });
}

/**
 * Random ordinary tokens repeated twice: an induction head at position t of the second copy looks at the token that
 * followed the current token's first occurrence (t − length + 1), and the model predicts the second copy better.
 */
export function inductionProbe(model: CausalLmModel, options: InductionProbeOptions): InductionProbeResult {
  const { length } = checkedSizes(model, options);
  const seqs = inductionSequences(model, options);
  const sums = model.weights.layers.map(() => new Array<number>(model.numHeads).fill(0));
  let first = 0;
  let second = 0;
  for (const ids of seqs) {
    const run = model.runIds(ids, { disabledHeads: options.disabledHeads ?? [] });
    addInductionWeights(run, length, sums);
    // Loss of the token at p is read from logits row p − 1; each copy's first token (1, length + 1) is unpredictable.
    for (let p = 2; p <= length; p++) first -= tokenLogProb(run.logits, p - 1, ids[p]);
    for (let p = length + 2; p <= 2 * length; p++) second -= tokenLogProb(run.logits, p - 1, ids[p]);
  }
  const queries = seqs.length * length;
  const scores = sums.map((row) => row.map((v) => v / queries));
  const perCopy = seqs.length * (length - 1);
  const firstCopyLossNats = first / perCopy;
  const secondCopyLossNats = second / perCopy;
  return { scores, iclGainNats: firstCopyLossNats - secondCopyLossNats, firstCopyLossNats, secondCopyLossNats, best: bestHead(scores) };
}

/** Adds to sums[l][h] each head's weight from every position t of the second copy to t − length + 1. */
function addInductionWeights(maps: AttentionMaps, length: number, sums: number[][]): void {
  maps.layers.forEach((layer, l) =>
    layer.attention.heads.forEach(({ weights }, h) => {
      for (let t = length + 1; t <= 2 * length; t++) sums[l][h] += weights.data[t * weights.cols + t - length + 1];
    }),
  );
}

/**
 * The probe's per-head scores alone (inductionProbe's `scores`, the same floats), one sequence per `step()`, so a
 * view can spread the work over several tasks. No logits are read: with lazy logits a sequence costs its layers only.
 */
export class InductionScoring {
  readonly total: number;
  private readonly length: number;
  private readonly sequences: number[][];
  private readonly sums: number[][];
  private next = 0;

  constructor(
    private readonly model: CausalLmModel,
    private readonly options: InductionProbeOptions,
  ) {
    this.length = checkedSizes(model, options).length;
    this.sequences = inductionSequences(model, options);
    this.total = this.sequences.length;
    this.sums = model.weights.layers.map(() => new Array<number>(model.numHeads).fill(0));
  }

  /** Sequences run so far. */
  get done(): number {
    return this.next;
  }

  /** Runs the next sequence; false once every sequence has run (and nothing is left to do). */
  step(): boolean {
    if (this.next >= this.total) return false;
    const run = this.model.runIds(this.sequences[this.next], { disabledHeads: this.options.disabledHeads ?? [] });
    addInductionWeights(run, this.length, this.sums);
    this.next++;
    return true;
  }

  /** Per head, the mean weight over every query of every sequence; null until every sequence has run. */
  scores(): number[][] | null {
    if (this.next < this.total) return null;
    const queries = this.total * this.length;
    return this.sums.map((row) => row.map((v) => v / queries));
  }
}

/** InductionScoring run to the end: the probe's scores without its losses. */
export function inductionScores(model: CausalLmModel, options: InductionProbeOptions): number[][] {
  const scoring = new InductionScoring(model, options);
  while (scoring.step());
  return scoring.scores() ?? [];
}

/**
 * What a head that spreads its weight evenly over keys 0..t scores on the probe: the mean over the second copy's
 * positions t = length + 1 … 2·length of 1/(t + 1). About 0.028 for length 24.
 */
export function inductionUniformScore(length: number): number {
  let total = 0;
  for (let t = length + 1; t <= 2 * length; t++) total += 1 / (t + 1);
  return total / length;
}
