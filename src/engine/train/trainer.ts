import { EngineError } from '../errors';
import { headsDivide } from '../multiHead';
import { hashString, mulberry32, type Random } from '../random';
import { adamStep, clipGlobalNorm, createAdam, warmupLearningRate } from './adam';
import { exportTensors, importTensors } from './parameters';
import { makeBatch, TASK_DEFAULTS, writeTargets } from './tasks';
import { backward, createTinyTransformer, createWorkspace, forward, forwardSample, type TinyTransformer, type Workspace } from './tinyTransformer';
import {
  IGNORE_TARGET,
  type EvalResult,
  type SampleView,
  type StepResult,
  type TaskBatch,
  type TaskName,
  type TinyModelConfig,
  type Trainer,
  type TrainSettings,
  type WeightsFile,
} from './types';
import { quoteValue } from './modelFileProblem';
import { checkTrainingMemory, EVAL_CHUNK, HELD_OUT_SEQUENCES } from './trainingMemory';
import { CONFIG_LIMITS, decodeWeightsFile, encodeWeightsFile, SETTINGS_LIMITS, type DecodedWeights } from './weightsFile';

export { HELD_OUT_SEQUENCES };

export function defaultConfig(task: TaskName): TinyModelConfig {
  const d = TASK_DEFAULTS[task];
  return { task, vocab: d.vocab, seqLen: d.seqLen, layers: d.layers, heads: d.heads, width: d.width, ffnWidth: d.ffnWidth, causal: d.causal };
}

export function defaultSettings(task: TaskName): TrainSettings {
  const d = TASK_DEFAULTS[task];
  return { learningRate: d.learningRate, warmupSteps: d.warmupSteps, batchSize: d.batchSize, clipNorm: d.clipNorm, seed: 1 };
}

function requireWhole(value: number, what: string, min: number, max: number): void {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new EngineError('invalid-argument', `The ${what} must be a whole number, but it is ${quoteValue(value)}.`);
  }
  if (value < min || value > max) {
    throw new EngineError('invalid-argument', `The ${what} must be between ${min} and ${max}, but it is ${value}.`);
  }
}

/** Throws an EngineError with a sentence a student understands when the architecture cannot be built. */
export function validateConfig(config: TinyModelConfig): void {
  if (!(config.task in TASK_DEFAULTS)) {
    throw new EngineError('invalid-argument', `There is no task called ${quoteValue(config.task)}.`);
  }
  requireWhole(config.vocab, 'vocabulary size', 2, CONFIG_LIMITS.vocab);
  requireWhole(config.seqLen, 'sequence length', config.task === 'induction' ? 2 : 1, CONFIG_LIMITS.seqLen);
  requireWhole(config.layers, 'number of layers', 1, CONFIG_LIMITS.layers);
  requireWhole(config.heads, 'number of heads', 1, CONFIG_LIMITS.heads);
  requireWhole(config.width, 'width', 1, CONFIG_LIMITS.width);
  requireWhole(config.ffnWidth, 'feed-forward width', 1, CONFIG_LIMITS.ffnWidth);
  if (!headsDivide(config.width, config.heads)) {
    throw new EngineError(
      'heads-do-not-divide',
      `${config.heads} heads do not divide the width ${config.width}: each head needs an equal whole share of the ${config.width} features.`,
      { width: config.width, heads: config.heads },
    );
  }
  if (typeof config.causal !== 'boolean') throw new EngineError('invalid-argument', 'The causal setting must be true or false.');
}

function validateSettings(settings: TrainSettings): void {
  const { learningRate, warmupSteps, batchSize, clipNorm, seed } = settings;
  if (!Number.isFinite(learningRate) || learningRate < 0) {
    throw new EngineError('invalid-argument', `The learning rate must be a number ≥ 0, but it is ${quoteValue(learningRate)}.`);
  }
  requireWhole(warmupSteps, 'number of warm-up steps', 0, Number.MAX_SAFE_INTEGER);
  requireWhole(batchSize, 'batch size', 1, SETTINGS_LIMITS.batchSize);
  if (!Number.isFinite(clipNorm) || clipNorm < 0) {
    throw new EngineError('invalid-argument', `The clipping norm must be a number ≥ 0 (0 = off), but it is ${quoteValue(clipNorm)}.`);
  }
  requireWhole(seed, 'seed', 0, 0xffffffff);
}

/**
 * The random streams of a run, so that other engines (the benchmark) can draw exactly the same data:
 * the weights from hash("weights " + seed), the training batches from mulberry32(seed) (one makeBatch per step),
 * the held-out set from mulberry32(seed + 1).
 */
export function weightsRandom(settings: TrainSettings): Random {
  return mulberry32(hashString(`weights ${settings.seed}`));
}

export function trainingRandom(settings: TrainSettings): Random {
  return mulberry32(settings.seed);
}

export function heldOutBatch(config: TinyModelConfig, settings: TrainSettings): TaskBatch {
  return makeBatch(config.task, HELD_OUT_SEQUENCES, config.seqLen, config.vocab, mulberry32((settings.seed + 1) >>> 0));
}

class TinyTrainer implements Trainer {
  readonly config: TinyModelConfig;
  readonly settings: TrainSettings;
  #steps: number;
  readonly #model: TinyTransformer;
  readonly #adam;
  readonly #workspace: Workspace;
  readonly #data: Random;
  readonly #heldOut: TaskBatch;
  #evalWorkspace: Workspace | null = null;
  #sampleWorkspace: Workspace | null = null;
  #lastHeldOutAccuracy = 0;

  constructor(config: TinyModelConfig, settings: TrainSettings, model: TinyTransformer, steps: number) {
    this.config = config;
    this.settings = settings;
    this.#model = model;
    this.#steps = steps;
    this.#adam = createAdam(model.params.length);
    this.#workspace = createWorkspace(config, settings.batchSize);
    this.#data = trainingRandom(settings);
    this.#heldOut = heldOutBatch(config, settings);
  }

  get stepCount(): number {
    return this.#steps;
  }

  get headsOff(): readonly (readonly boolean[])[] | null {
    const off = this.#model.headsOff;
    if (off === null) return null;
    const { layers, heads } = this.config;
    return Array.from({ length: layers }, (_, l) => Array.from({ length: heads }, (_, h) => off[l * heads + h] === 1));
  }

  setHeadsOff(off: readonly (readonly boolean[])[] | null): void {
    const { layers, heads } = this.config;
    if (off === null) {
      this.#model.headsOff = null;
      return;
    }
    if (!isHeadGrid(this.config, off)) {
      throw new EngineError('shape-mismatch', `Switching heads off needs ${layers} × ${heads} true/false values (layers × heads).`);
    }
    const flat = Uint8Array.from(off.flat(), (v) => (v ? 1 : 0));
    this.#model.headsOff = flat.includes(1) ? flat : null;
  }

  step(): StepResult {
    const { task, seqLen, vocab } = this.config;
    const { batchSize } = this.settings;
    const batch = makeBatch(task, batchSize, seqLen, vocab, this.#data);
    const result = forward(this.#model, this.#workspace, batch.inputs, batch.targets, batchSize);
    backward(this.#model, this.#workspace, batch.inputs, batch.targets, batchSize, result.scored);
    const gradNorm = clipGlobalNorm(this.#model.grads, this.settings.clipNorm);
    this.#steps += 1;
    const learningRate = warmupLearningRate(this.#steps, this.settings);
    adamStep(this.#adam, this.#model.params, this.#model.grads, learningRate);
    return { step: this.#steps, loss: result.loss, accuracy: result.scored === 0 ? 0 : result.correct / result.scored, gradNorm, learningRate };
  }

  evaluate(): EvalResult {
    const { seqLen: t } = this.config;
    const chunk = Math.min(EVAL_CHUNK, HELD_OUT_SEQUENCES);
    this.#evalWorkspace ??= createWorkspace(this.config, chunk);
    const ws = this.#evalWorkspace;
    const { inputs, targets } = this.#heldOut;
    let lossSum = 0;
    let correct = 0;
    let scored = 0;
    let sequencesRight = 0;
    for (let start = 0; start < HELD_OUT_SEQUENCES; start += chunk) {
      const count = Math.min(chunk, HELD_OUT_SEQUENCES - start);
      const chunkInputs = inputs.subarray(start * t, (start + count) * t);
      const chunkTargets = targets.subarray(start * t, (start + count) * t);
      const r = forward(this.#model, ws, chunkInputs, chunkTargets, count);
      lossSum += r.loss * r.scored;
      correct += r.correct;
      scored += r.scored;
      for (let b = 0; b < count; b++) {
        let allRight = true;
        for (let i = b * t; i < (b + 1) * t; i++) {
          if (chunkTargets[i] !== IGNORE_TARGET && ws.predictions[i] !== chunkTargets[i]) {
            allRight = false;
            break;
          }
        }
        if (allRight) sequencesRight += 1;
      }
    }
    const accuracy = scored === 0 ? 0 : correct / scored;
    this.#lastHeldOutAccuracy = accuracy;
    return { step: this.#steps, loss: scored === 0 ? 0 : lossSum / scored, accuracy, sequenceAccuracy: sequencesRight / HELD_OUT_SEQUENCES };
  }

  sample(inputs?: readonly number[]): SampleView {
    const { seqLen: t, vocab } = this.config;
    let tokens: Int32Array;
    let targets: Int32Array;
    if (inputs === undefined) {
      tokens = this.#heldOut.inputs.slice(0, t);
      targets = this.#heldOut.targets.slice(0, t);
    } else {
      if (!isModelInput(this.config, inputs)) {
        throw new EngineError('invalid-argument', `A sample needs ${t} tokens, each a whole number from 0 to ${vocab - 1}.`);
      }
      tokens = Int32Array.from(inputs);
      targets = sampleTargets(this.config, tokens);
    }
    this.#sampleWorkspace ??= createWorkspace(this.config, 1);
    const out = forwardSample(this.#model, tokens, targets, this.#sampleWorkspace);
    return { inputs: Array.from(tokens), targets: Array.from(targets), predictions: Array.from(out.predictions), attention: out.attention };
  }

  exportWeights(): WeightsFile {
    return encodeWeightsFile({
      config: this.config,
      settings: this.settings,
      step: this.#steps,
      heldOutAccuracy: this.#lastHeldOutAccuracy,
      tensors: exportTensors(this.#model.params, this.#model.layout),
    });
  }
}

/** True when `inputs` is one sequence the model reads: seqLen tokens, each a whole number from 0 to vocab − 1. */
export function isModelInput(config: TinyModelConfig, inputs: readonly number[]): boolean {
  return inputs.length === config.seqLen && inputs.every((v) => Number.isInteger(v) && v >= 0 && v < config.vocab);
}

/** True when `off` holds one true/false value per head: config.layers rows of config.heads. */
export function isHeadGrid(config: TinyModelConfig, off: readonly (readonly unknown[])[]): boolean {
  return off.length === config.layers && off.every((row) => Array.isArray(row) && row.length === config.heads && row.every((v) => typeof v === 'boolean'));
}

/** The task's targets for a given input (the rule makeBatch uses, without drawing anything). */
function sampleTargets(config: TinyModelConfig, tokens: Int32Array): Int32Array {
  const out = new Int32Array(tokens.length);
  writeTargets(config.task, tokens, config.vocab, out);
  return out;
}

/** A fresh model (step 0). Throws an EngineError for a config or settings that cannot be built or would not fit in memory. */
export function createTrainer(config: TinyModelConfig, settings: TrainSettings): Trainer {
  validateConfig(config);
  validateSettings(settings);
  checkTrainingMemory(config, settings);
  const model = createTinyTransformer(config, weightsRandom(settings));
  return new TinyTrainer({ ...config }, { ...settings }, model, 0);
}

/**
 * A trainer starting from decoded weights. It continues with fresh Adam moments and the data stream from its
 * start; the step counter continues from the file's.
 */
export function trainerFromDecoded(decoded: DecodedWeights): Trainer {
  validateConfig(decoded.config);
  validateSettings(decoded.settings);
  checkTrainingMemory(decoded.config, decoded.settings);
  const model = createTinyTransformer(decoded.config, null);
  importTensors(model.params, model.layout, decoded.tensors);
  return new TinyTrainer(decoded.config, decoded.settings, model, decoded.step);
}

/** A trainer from a weights file (parsed JSON, untrusted); a bad file throws the refusal of decodeWeightsFile. */
export function trainerFromWeights(file: unknown): Trainer {
  return trainerFromDecoded(decodeWeightsFile(file));
}
