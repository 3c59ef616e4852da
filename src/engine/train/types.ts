/*
 * The contract of the in-browser trainer (issue 7). The engine side (src/engine/train/) implements it; the worker,
 * the playground page, `npm run train` and `npm run bench:train` only use what is written here.
 *
 * Shapes: a batch is B sequences of T tokens, stored row-major: token t of sequence b is at [b * T + t].
 */

export const TASK_NAMES = ['reversal', 'copy', 'sort', 'induction'] as const;
export type TaskName = (typeof TASK_NAMES)[number];

/** Targets equal to IGNORE_TARGET take no part in the loss or the accuracy (e.g. induction scores one position). */
export const IGNORE_TARGET = -1;

export interface TaskBatch {
  readonly batchSize: number;
  readonly seqLen: number;
  /** [B × T] token ids in [0, vocab). */
  readonly inputs: Int32Array;
  /** [B × T] class ids in [0, vocab) or IGNORE_TARGET. */
  readonly targets: Int32Array;
}

/** The architecture: a post-LN Transformer encoder over token embeddings + sinusoidal positions, then a linear classifier per token. */
export interface TinyModelConfig {
  readonly task: TaskName;
  /** Vocabulary = number of classes (reversal: 10 digits). */
  readonly vocab: number;
  readonly seqLen: number;
  readonly layers: number;
  readonly heads: number;
  /** Model width E; must be divisible by heads. */
  readonly width: number;
  /** Hidden width of the feed-forward network (UvA: 2E). */
  readonly ffnWidth: number;
  /** Causal (look-ahead) mask in every layer; the induction task uses it. */
  readonly causal: boolean;
}

export interface TrainSettings {
  readonly learningRate: number;
  /** Linear warm-up from 0 to learningRate over this many steps, then constant. */
  readonly warmupSteps: number;
  readonly batchSize: number;
  /** Global gradient-norm clip; 0 turns clipping off. */
  readonly clipNorm: number;
  /** Seeds the weights, the training batches and (seed + 1) the held-out set. */
  readonly seed: number;
}

export interface StepResult {
  /** Steps taken so far, counting this one. */
  readonly step: number;
  /** Mean cross-entropy over the scored targets of this batch. */
  readonly loss: number;
  /** Fraction of scored targets of this batch predicted right. */
  readonly accuracy: number;
  /** Global gradient norm before clipping. */
  readonly gradNorm: number;
  readonly learningRate: number;
}

export interface EvalResult {
  readonly step: number;
  readonly loss: number;
  /** Token accuracy on the fixed held-out set (never trained on). */
  readonly accuracy: number;
  /** Fraction of held-out sequences with every scored token right. */
  readonly sequenceAccuracy: number;
}

/** One input run through the model, for the heatmaps. */
export interface SampleView {
  readonly inputs: readonly number[];
  readonly targets: readonly number[];
  readonly predictions: readonly number[];
  /** attention[layer][head] is [T × T] row-major (query rows, key columns); each row sums to 1. */
  readonly attention: readonly (readonly Float32Array[])[];
}

/** The file in public/models/<task>.json and what exportWeights() returns. */
export interface WeightsFile {
  readonly format: 'attention-lab-tiny-transformer';
  readonly version: 1;
  readonly config: TinyModelConfig;
  readonly settings: TrainSettings;
  /** Steps trained, and the held-out accuracy reached. */
  readonly step: number;
  readonly heldOutAccuracy: number;
  /** name → { shape, data: base64 of little-endian float32 }. */
  readonly tensors: Readonly<Record<string, { readonly shape: readonly number[]; readonly data: string }>>;
}

export interface Trainer {
  readonly config: TinyModelConfig;
  readonly settings: TrainSettings;
  readonly stepCount: number;
  /** One Adam step on a fresh batch from the task's seeded stream. */
  step(): StepResult;
  evaluate(): EvalResult;
  /** Default input: held-out sequence 0. */
  sample(inputs?: readonly number[]): SampleView;
  exportWeights(): WeightsFile;
  /** Which heads are switched off, [layer][head] (true = off); null when every head is on. */
  readonly headsOff: readonly (readonly boolean[])[] | null;
  /**
   * Head ablation: a head that is off has its output replaced by zeros before out_proj, in every forward from now
   * on (training, evaluation, samples), so its weights get no gradient. null or all false: every head on. Throws an
   * EngineError when the shape is not layers × heads. Not saved by exportWeights (it is an experiment, not a weight).
   */
  setHeadsOff(off: readonly (readonly boolean[])[] | null): void;
}

/*
 * Implemented in src/engine/train/index.ts:
 *   defaultConfig(task: TaskName): TinyModelConfig          reversal: vocab 10, seqLen 16, 1 layer, 1 head, width 32, ffn 64
 *   defaultSettings(task: TaskName): TrainSettings          lr 1e-3 … (chosen so the playground learns in a minute)
 *   validateConfig(config): void  (throws EngineError with a sentence a student understands)
 *   createTrainer(config, settings): Trainer
 *   trainerFromWeights(file: unknown): Trainer              throws EngineError('invalid-argument', …) naming what is wrong
 *   readModelFile(text, task?): DecodedWeights              a model file's text: size, nesting, JSON, weights, memory, task
 *   (every refusal of a file carries its reason and parameters in EngineError.details: refusalOf, modelFileProblem.ts)
 *   makeBatch(task, batchSize, seqLen, vocab, random): TaskBatch
 */

/*
 * Tensor names and shapes (PyTorch convention: a weight is [out × in]; E = width, F = ffnWidth, V = vocab, i = layer):
 *   embedding                       [V × E]
 *   layers.i.attn.in_proj_weight    [3E × E]   rows 0..E-1 → Q, E..2E-1 → K, 2E..3E-1 → V (fused QKV, as PyTorch)
 *   layers.i.attn.in_proj_bias      [3E]
 *   layers.i.attn.out_proj.weight   [E × E]
 *   layers.i.attn.out_proj.bias     [E]
 *   layers.i.norm1.weight / .bias   [E]
 *   layers.i.ffn.linear1.weight     [F × E],  layers.i.ffn.linear1.bias [F]
 *   layers.i.ffn.linear2.weight     [E × F],  layers.i.ffn.linear2.bias [E]
 *   layers.i.norm2.weight / .bias   [E]
 *   classifier.weight               [V × E],  classifier.bias [V]
 * Forward per sequence: x = embedding[tokens] + PE (sinusoidal, as src/engine/positionalEncoding.ts; no √E scaling);
 * each layer post-LN: x = LN1(x + MHA(x)); x = LN2(x + FFN(x)) with FFN = linear2(ReLU(linear1(x))); logits = classifier(x).
 */
export interface NamedTensor {
  readonly shape: readonly number[];
  readonly data: Float32Array;
}
