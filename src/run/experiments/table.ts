import { computeCross } from './crossAttention';
import { permutationRun } from './permutation';
import { headScoreMaps } from './scoreMaps';
import {
  attend,
  dotProductStatsOf,
  engineSoftmax,
  entropyCurveOf,
  headAverage,
  kvCacheDemo,
  normsOf,
  positionalTable,
  qkvAttention,
  rankCollapseOf,
  softmaxEntropyOf,
  unscaledAttention,
} from './small';

/**
 * One lesson widget's own small experiment: an engine computation of plain params (numbers, strings, arrays of
 * them, matrices; structured-clonable, so a Web Worker can take them) that returns plain data.
 * `offPage`: it takes more than a frame (~16 ms), so useExperiment computes it after the first paint (through
 * computeOffPage, the one seam to a worker) and the widget shows a pending state meanwhile; otherwise it is computed
 * during render, memoised. `ms` is the time measured in Node for the widget's largest params
 * (`npx tsx scripts/bench/experiments.ts`, on the 2-core development machine, median of 5 after a warm-up).
 */
interface Experiment<P, R> {
  readonly run: (params: P) => R;
  readonly offPage: boolean;
}

function experiment<P, R>(run: (params: P) => R, offPage: boolean): Experiment<P, R> {
  return { run, offPage };
}

export const EXPERIMENTS = {
  // Lesson 1, vector-drag: softmax of 4 dot products.
  'vector-drag': experiment(attend, false),
  // Lesson 2, qkv-editor: attention of 3 typed tokens, d_k = 2.
  'qkv-attention': experiment(qkvAttention, false),
  // Walkthrough and lesson 3, sqrt-dk: entropy against d_k (9 widths × 200 rows), Var(q·k) (4,000 pairs), one point.
  'entropy-curve': experiment(entropyCurveOf, true),
  'dot-product-stats': experiment(dotProductStatsOf, true),
  'softmax-entropy': experiment(softmaxEntropyOf, true),
  // Walkthrough and lesson 3, scaling-compare: the selected head without ÷√d_k.
  'unscaled-attention': experiment(unscaledAttention, true),
  // Lesson 4, mask-lab: the average of the active heads.
  'head-average': experiment(headAverage, false),
  // Lesson 4, fully-masked-row: the engine's masked softmax of one row.
  'engine-softmax-row': experiment(engineSoftmax, false),
  // Lesson 7, encoder-block / rank-collapse and the walkthrough: a stack of 1–24 random layers, residuals on and off.
  'rank-collapse': experiment(rankCollapseOf, true),
  // Lesson 7, norm-compare: LayerNorm and BatchNorm of a 5 × 5 matrix at most.
  'norms': experiment(normsOf, false),
  // Lesson 8, score-compare: seven score functions of one head.
  'score-maps': experiment(headScoreMaps, true),
  // Lesson 8, cross-attention: two one-head attentions of layer 1 (48 tokens at most).
  'cross-attention': experiment(computeCross, true),
  // Lesson 9, pe-heatmap: the sinusoidal table.
  'positional-table': experiment(positionalTable, false),
  // Lesson 9, permutation: two full runs of the lab's encoder (48 tokens at most).
  'permutation': experiment(permutationRun, true),
  // Lesson 12, kv-cache: 16 tokens through a width-8 one-head layer with a KV cache.
  'kv-cache': experiment(kvCacheDemo, false),
} as const;

export type ExperimentName = keyof typeof EXPERIMENTS;
export type ExperimentParams<N extends ExperimentName> = Parameters<(typeof EXPERIMENTS)[N]['run']>[0];
export type ExperimentResult<N extends ExperimentName> = ReturnType<(typeof EXPERIMENTS)[N]['run']>;

/** Runs the experiment `name` on `params`, where it is called (the page or a worker). */
export function runExperiment<N extends ExperimentName>(name: N, params: ExperimentParams<N>): ExperimentResult<N> {
  const run = EXPERIMENTS[name].run as (params: ExperimentParams<N>) => ExperimentResult<N>;
  return run(params);
}
