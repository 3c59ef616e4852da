/**
 * The job file of the bench's PyTorch peer (torchTrainer.py reads it): `job.json` says what to train and where
 * each array lies in `job.bin`, which holds the arrays' raw little-endian bytes one after another (4-byte values,
 * so every offset is aligned). Arrays, by name:
 *   every initial weight             names and shapes of types.ts (a weight is [out × in]), float32
 *   positions                        [T × E] float32, sinusoidalPositionalEncoding (the constant our engine adds)
 *   train.inputs / train.targets     [S × B × T] int32: batch k is our trainer's k-th step's batch
 *   heldOut.inputs / heldOut.targets [N × T] int32
 * Settings the peer must share with our engine (Adam's β1, β2, ε; LayerNorm's ε; IGNORE_TARGET) are read from the
 * engine's own code here rather than written twice.
 */
import { writeFileSync } from 'node:fs';
import { endianness } from 'node:os';
import path from 'node:path';
import { sinusoidalPositionalEncoding } from '../../../src/engine/positionalEncoding';
import { createAdam } from '../../../src/engine/train/adam';
import { LAYER_NORM_EPS } from '../../../src/engine/train/tinyTransformer';
import { IGNORE_TARGET, type NamedTensor, type TaskBatch, type TinyModelConfig, type TrainSettings } from '../../../src/engine/train/types';

export interface TorchJob {
  readonly config: TinyModelConfig;
  readonly settings: TrainSettings;
  /** Our trainer's exportWeights() at step 0, decoded. */
  readonly initial: ReadonlyMap<string, NamedTensor>;
  /** One batch per step the peer may take (maxSteps of them). */
  readonly batches: readonly TaskBatch[];
  readonly heldOut: TaskBatch;
  readonly evaluateEvery: number;
  readonly maxSteps: number;
  readonly targetAccuracy: number;
}

interface ArrayEntry {
  readonly name: string;
  readonly dtype: 'float32' | 'int32';
  readonly shape: readonly number[];
  /** Bytes from the start of job.bin. */
  readonly offset: number;
}

/** [S × B × T] int32: the batches' inputs or targets laid end to end. */
function stack(batches: readonly TaskBatch[], pick: (b: TaskBatch) => Int32Array): Int32Array {
  const size = batches.reduce((n, b) => n + pick(b).length, 0);
  const out = new Int32Array(size);
  let at = 0;
  for (const b of batches) {
    out.set(pick(b), at);
    at += pick(b).length;
  }
  return out;
}

/** Writes job.json and job.bin into `dir`; returns the path of job.json (job.bin sits beside it). */
export function writeTorchJob(dir: string, job: TorchJob): string {
  // Typed arrays hold platform-order bytes; the file promises little-endian, so refuse the (rare) other case.
  if (endianness() !== 'LE') throw new Error('torchJob: this machine is big-endian; job.bin must be little-endian');
  const { config, settings, batches, heldOut } = job;
  if (batches.length < job.maxSteps) throw new Error(`torchJob: ${batches.length} batches for up to ${job.maxSteps} steps`);
  const { seqLen: t, width: e } = config;
  const arrays: [string, Float32Array | Int32Array, readonly number[]][] = [];
  for (const [name, tensor] of job.initial) arrays.push([name, tensor.data, tensor.shape]);
  arrays.push(['positions', Float32Array.from(sinusoidalPositionalEncoding(t, e).data), [t, e]]);
  const trainShape = [batches.length, settings.batchSize, t];
  arrays.push(['train.inputs', stack(batches, (b) => b.inputs), trainShape]);
  arrays.push(['train.targets', stack(batches, (b) => b.targets), trainShape]);
  arrays.push(['heldOut.inputs', heldOut.inputs, [heldOut.batchSize, t]]);
  arrays.push(['heldOut.targets', heldOut.targets, [heldOut.batchSize, t]]);

  const manifest: ArrayEntry[] = [];
  const chunks: Uint8Array[] = [];
  let offset = 0;
  for (const [name, data, shape] of arrays) {
    if (data.length !== shape.reduce((n, d) => n * d, 1)) throw new Error(`torchJob: ${name} has ${data.length} values for shape [${shape.join(', ')}]`);
    manifest.push({ name, dtype: data instanceof Float32Array ? 'float32' : 'int32', shape: [...shape], offset });
    chunks.push(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    offset += data.byteLength;
  }
  const adam = createAdam(0);
  const description = {
    config,
    settings,
    adam: { beta1: adam.beta1, beta2: adam.beta2, epsilon: adam.epsilon },
    layerNormEps: LAYER_NORM_EPS,
    ignoreTarget: IGNORE_TARGET,
    evaluateEvery: job.evaluateEvery,
    maxSteps: job.maxSteps,
    targetAccuracy: job.targetAccuracy,
    binary: 'job.bin',
    arrays: manifest,
  };
  const jsonPath = path.join(dir, 'job.json');
  writeFileSync(path.join(dir, 'job.bin'), Buffer.concat(chunks));
  writeFileSync(jsonPath, JSON.stringify(description));
  return jsonPath;
}
