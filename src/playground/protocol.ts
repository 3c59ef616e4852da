import { parseModelFileProblem } from '../engine/train/modelFileProblem';
import { isTaskName } from '../engine/train/tasks';
import type { EvalResult, SampleView, StepResult, TinyModelConfig, TrainSettings, WeightsFile } from '../engine/train/types';
import { parseModelConfig, parseTrainSettings } from '../engine/train/weightsFile';
import type { PlaygroundCommand, PlaygroundEvent } from './types';

/*
 * The checks on both ends of the worker channel. Whatever arrives (a garbled message, another script's
 * postMessage, a value of the wrong type) is turned into a clean copy of a PlaygroundCommand / PlaygroundEvent or
 * into null; nothing here throws. Copies keep only the known fields, so an extra field never travels further.
 */

type Dict = Record<string, unknown>;

function isDict(value: unknown): value is Dict {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isFraction = (value: unknown): value is number => isFiniteNumber(value) && value >= 0 && value <= 1;

function config(value: unknown): TinyModelConfig | null {
  try {
    return parseModelConfig(value);
  } catch {
    return null;
  }
}

function settings(value: unknown): TrainSettings | null {
  try {
    return parseTrainSettings(value);
  } catch {
    return null;
  }
}

export function parseCommand(data: unknown): PlaygroundCommand | null {
  if (!isDict(data)) return null;
  switch (data.type) {
    case 'init': {
      const c = config(data.config);
      const s = settings(data.settings);
      return c && s ? { type: 'init', config: c, settings: s } : null;
    }
    case 'load': {
      // The text is checked by readModelFile in the session, which names what is wrong with it.
      if (typeof data.text !== 'string') return null;
      if (data.task === undefined) return { type: 'load', text: data.text };
      return isTaskName(data.task) ? { type: 'load', text: data.text, task: data.task } : null;
    }
    case 'start':
    case 'pause':
    case 'step':
    case 'export':
      return { type: data.type };
    case 'ablate': {
      if (data.off === null) return { type: 'ablate', off: null };
      if (!Array.isArray(data.off) || data.off.length === 0) return null;
      const off: boolean[][] = [];
      for (const row of data.off as unknown[]) {
        if (!Array.isArray(row) || row.length === 0 || !row.every((v) => typeof v === 'boolean')) return null;
        off.push((row as boolean[]).slice());
      }
      return { type: 'ablate', off };
    }
    case 'sample': {
      if (data.inputs === null) return { type: 'sample', inputs: null };
      const inputs = tokenList(data.inputs, null);
      return inputs !== null && inputs.length > 0 ? { type: 'sample', inputs } : null;
    }
    default:
      return null;
  }
}

function stepResult(value: unknown): StepResult | null {
  if (!isDict(value)) return null;
  const { step, loss, accuracy, gradNorm, learningRate } = value;
  if (!isCount(step) || !isFiniteNumber(loss) || !isFraction(accuracy) || !isFiniteNumber(gradNorm) || !isFiniteNumber(learningRate)) return null;
  return { step, loss, accuracy, gradNorm, learningRate };
}

function evalResult(value: unknown): EvalResult | null {
  if (!isDict(value)) return null;
  const { step, loss, accuracy, sequenceAccuracy } = value;
  if (!isCount(step) || !isFiniteNumber(loss) || !isFraction(accuracy) || !isFraction(sequenceAccuracy)) return null;
  return { step, loss, accuracy, sequenceAccuracy };
}

function tokenList(value: unknown, length: number | null): number[] | null {
  if (!Array.isArray(value) || (length !== null && value.length !== length)) return null;
  return value.every((v) => typeof v === 'number' && Number.isSafeInteger(v)) ? (value as number[]).slice() : null;
}

/** A sample whose attention matrices are T×T of finite numbers; with `shape`, exactly layers × heads of them. */
function sampleView(value: unknown, shape: { layers: number; heads: number } | null): SampleView | null {
  if (!isDict(value)) return null;
  const inputs = tokenList(value.inputs, null);
  if (inputs === null || inputs.length === 0) return null;
  const t = inputs.length;
  const targets = tokenList(value.targets, t);
  const predictions = tokenList(value.predictions, t);
  if (targets === null || predictions === null || !Array.isArray(value.attention)) return null;
  if (shape !== null && value.attention.length !== shape.layers) return null;
  const attention: Float32Array[][] = [];
  for (const layer of value.attention as unknown[]) {
    if (!Array.isArray(layer) || layer.length === 0 || (shape !== null && layer.length !== shape.heads)) return null;
    const heads: Float32Array[] = [];
    for (const head of layer as unknown[]) {
      if (!(head instanceof Float32Array) || head.length !== t * t) return null;
      for (let i = 0; i < head.length; i++) if (!Number.isFinite(head[i])) return null;
      heads.push(head);
    }
    attention.push(heads);
  }
  return { inputs, targets, predictions, attention };
}

/** The shape of a weights file (its tensors are decoded, and checked, only when it is loaded back). */
function weightsFile(value: unknown): WeightsFile | null {
  if (!isDict(value) || value.format !== 'attention-lab-tiny-transformer' || value.version !== 1) return null;
  const c = config(value.config);
  const s = settings(value.settings);
  if (!c || !s || !isCount(value.step) || !isFraction(value.heldOutAccuracy) || !isDict(value.tensors)) return null;
  const tensors: Record<string, { shape: number[]; data: string }> = {};
  for (const [name, tensor] of Object.entries(value.tensors)) {
    if (!isDict(tensor) || typeof tensor.data !== 'string') return null;
    const shape = tokenList(tensor.shape, null);
    if (shape === null) return null;
    tensors[name] = { shape, data: tensor.data };
  }
  return { format: value.format, version: value.version, config: c, settings: s, step: value.step, heldOutAccuracy: value.heldOutAccuracy, tensors };
}

const ERROR_CODES = ['bad-command', 'engine', 'no-model'] as const;

export function parseEvent(data: unknown): PlaygroundEvent | null {
  if (!isDict(data)) return null;
  switch (data.type) {
    case 'ready': {
      const c = config(data.config);
      const s = settings(data.settings);
      const heldOut = evalResult(data.heldOut);
      const sample = c && sampleView(data.sample, c);
      if (!c || !s || !heldOut || !sample || !isCount(data.step)) return null;
      if (data.source !== 'fresh' && data.source !== 'file') return null;
      return { type: 'ready', config: c, settings: s, step: data.step, heldOut, sample, source: data.source };
    }
    case 'progress': {
      if (!Array.isArray(data.steps) || !isFiniteNumber(data.stepsPerSecond) || data.stepsPerSecond < 0) return null;
      if (typeof data.running !== 'boolean') return null;
      const steps: StepResult[] = [];
      for (const item of data.steps as unknown[]) {
        const step = stepResult(item);
        if (step === null) return null;
        steps.push(step);
      }
      const heldOut = data.heldOut === undefined ? undefined : evalResult(data.heldOut);
      const sample = data.sample === undefined ? undefined : sampleView(data.sample, null);
      if (heldOut === null || sample === null) return null;
      return {
        type: 'progress',
        steps,
        ...(heldOut ? { heldOut } : {}),
        ...(sample ? { sample } : {}),
        stepsPerSecond: data.stepsPerSecond,
        running: data.running,
      };
    }
    case 'paused':
      return isCount(data.step) ? { type: 'paused', step: data.step } : null;
    case 'sample': {
      const sample = sampleView(data.sample, null);
      const heldOut = data.heldOut === undefined ? undefined : evalResult(data.heldOut);
      if (!sample || heldOut === null) return null;
      return heldOut ? { type: 'sample', sample, heldOut } : { type: 'sample', sample };
    }
    case 'weights': {
      const file = weightsFile(data.file);
      return file ? { type: 'weights', file } : null;
    }
    case 'error': {
      const code = ERROR_CODES.find((c) => c === data.code);
      if (!code || typeof data.message !== 'string') return null;
      if (data.replyTo === undefined) return { type: 'error', code, message: data.message };
      if (data.replyTo === 'init') return { type: 'error', code, message: data.message, replyTo: 'init' };
      if (data.replyTo !== 'load') return null;
      // A malformed problem is dropped, not the event: the answer to the load must still arrive (the English message says why).
      const problem = parseModelFileProblem(data.problem);
      return { type: 'error', code, message: data.message, replyTo: 'load', ...(problem ? { problem } : {}) };
    }
    default:
      return null;
  }
}
