import { EngineError } from '../errors';
import type { Random } from '../random';
import { IGNORE_TARGET, TASK_NAMES, type TaskBatch, type TaskName, type TinyModelConfig, type TrainSettings } from './types';

/**
 * The four toy tasks the playground trains on. Every task draws its inputs uniformly from [0, vocab) with the
 * random generator passed in (one draw per token, sequence by sequence, left to right), so the same seed gives the
 * same batches in the browser, in `npm run train` and in both engines of `npm run bench:train`.
 *
 *   reversal   target[t] = input[T − 1 − t]         (UvA DL tutorial 6)
 *   copy       target[t] = input[t]                  (the residual stream alone can solve it)
 *   sort       target    = input sorted ascending    (needs to count how many tokens are smaller)
 *   induction  target[t] = the token that followed the LAST earlier occurrence of input[t];
 *              IGNORE_TARGET where input[t] has not appeared before (nothing to recall)
 */

/** The architecture and training settings a task starts from (the playground's defaults, the seed aside). */
export type TaskDefaults = Omit<TinyModelConfig, 'task'> & Omit<TrainSettings, 'seed'>;

/*
 * Why these numbers:
 * - reversal is UvA tutorial 6's model (16 digits, 1 layer, 1 head, width 32, FFN 2E). The benchmark trains it
 *   with batch 128 and Adam lr 1e-2; the playground uses batch 64, which halves the time per step (the browser
 *   shows more steps per second and the heatmap changes more smoothly) and still learns in well under a minute.
 * - copy and sort keep reversal's data (16 digits) so the heatmaps compare; sort needs a second layer.
 * - induction is causal with 2 layers (a previous-token head feeding an induction head). vocab 10 < seqLen 16
 *   means, by pigeonhole, every sequence repeats at least T − V = 6 tokens, so every sequence has at least 6 scored
 *   positions (about 7.9 on average: Σ_t 1 − (9/10)^t), and chance is 1 in 10.
 * - warm-up over the first steps keeps Adam's first, badly scaled updates small; clipping at 1 guards the large
 *   learning rate against the odd exploding step of a post-LN model.
 */
export const TASK_DEFAULTS: Readonly<Record<TaskName, TaskDefaults>> = {
  reversal: {
    vocab: 10, seqLen: 16, layers: 1, heads: 1, width: 32, ffnWidth: 64, causal: false,
    learningRate: 1e-2, warmupSteps: 10, batchSize: 64, clipNorm: 1,
  },
  copy: {
    vocab: 10, seqLen: 16, layers: 1, heads: 1, width: 32, ffnWidth: 64, causal: false,
    learningRate: 1e-2, warmupSteps: 10, batchSize: 64, clipNorm: 1,
  },
  sort: {
    vocab: 10, seqLen: 16, layers: 2, heads: 2, width: 32, ffnWidth: 64, causal: false,
    learningRate: 5e-3, warmupSteps: 20, batchSize: 64, clipNorm: 1,
  },
  induction: {
    vocab: 10, seqLen: 16, layers: 2, heads: 1, width: 32, ffnWidth: 64, causal: true,
    learningRate: 5e-3, warmupSteps: 20, batchSize: 64, clipNorm: 1,
  },
};

/** Guards against a typo allocating gigabytes: 2^24 tokens per batch is far beyond any sensible toy batch. */
const MAX_BATCH_TOKENS = 1 << 24;

export function isTaskName(value: unknown): value is TaskName {
  return typeof value === 'string' && (TASK_NAMES as readonly string[]).includes(value);
}

function requireInteger(value: number, name: string, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new EngineError('invalid-argument', `The ${name} must be a whole number of at least ${min}, but it is ${value}.`, { [name]: value });
  }
}

/** B sequences of T tokens for `task`, row-major ([b * T + t]); see the table at the top of this file. */
export function makeBatch(task: TaskName, batchSize: number, seqLen: number, vocab: number, random: Random): TaskBatch {
  if (!isTaskName(task)) {
    throw new EngineError('invalid-argument', `There is no task called "${String(task)}"; the tasks are ${TASK_NAMES.join(', ')}.`);
  }
  requireInteger(batchSize, 'batch size', 1);
  requireInteger(seqLen, 'sequence length', task === 'induction' ? 2 : 1);
  requireInteger(vocab, 'vocabulary size', 2);
  if (batchSize * seqLen > MAX_BATCH_TOKENS) {
    throw new EngineError('invalid-argument', `A batch of ${batchSize} × ${seqLen} tokens is too large (at most ${MAX_BATCH_TOKENS}).`);
  }
  const inputs = new Int32Array(batchSize * seqLen);
  const targets = new Int32Array(batchSize * seqLen);
  for (let b = 0; b < batchSize; b++) {
    const tokens = inputs.subarray(b * seqLen, (b + 1) * seqLen);
    for (let t = 0; t < seqLen; t++) tokens[t] = Math.floor(random() * vocab);
    if (task === 'induction') ensureRepeat(tokens, random);
    writeTargets(task, tokens, vocab, targets.subarray(b * seqLen, (b + 1) * seqLen));
  }
  return { batchSize, seqLen, inputs, targets };
}

/**
 * A sequence without any repeat (possible only when T ≤ V) would score nothing on the induction task, so its last
 * token is overwritten with a copy of a random earlier one: every sequence has at least one scored position.
 */
function ensureRepeat(tokens: Int32Array, random: Random): void {
  const n = tokens.length;
  if (new Set(tokens).size === n) tokens[n - 1] = tokens[Math.floor(random() * (n - 1))];
}

/**
 * Writes the task's targets for one sequence into `out` (the rules of the table above; draws nothing, so the
 * trainer's sample of any input uses it too). Induction is one left-to-right pass remembering where every token
 * was last seen.
 */
export function writeTargets(task: TaskName, tokens: Int32Array, vocab: number, out: Int32Array): void {
  const n = tokens.length;
  if (task === 'reversal') for (let t = 0; t < n; t++) out[t] = tokens[n - 1 - t];
  else if (task === 'copy') out.set(tokens);
  else if (task === 'sort') out.set(tokens.slice().sort());
  else {
    const lastSeen = new Int32Array(vocab).fill(-1);
    for (let t = 0; t < n; t++) {
      const previous = lastSeen[tokens[t]];
      out[t] = previous < 0 ? IGNORE_TARGET : tokens[previous + 1];
      lastSeen[tokens[t]] = t;
    }
  }
}
