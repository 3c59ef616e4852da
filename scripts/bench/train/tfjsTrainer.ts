/**
 * The bench's peer: the same tiny post-LN Transformer as src/engine/train (types.ts spells out the forward pass),
 * written in TensorFlow.js ops as a web developer would, trained with tf.train.adam's algorithm plus a global-norm
 * clip and the same linear warm-up. It starts from the weights our trainer exported and is fed the same batches,
 * so the two runs differ only in the engine (and in float32 rounding).
 *
 * Differences worth knowing: tfjs computes in float32 throughout; the embedding lookup is a one-hot matmul because
 * the wasm backend has no UnsortedSegmentSum kernel (gather's gradient); the causal mask adds −1e9 instead of −∞.
 */
import { createRequire, register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { sinusoidalPositionalEncoding } from '../../../src/engine/positionalEncoding';
import { warmupLearningRate } from '../../../src/engine/train/adam';
import { IGNORE_TARGET, type NamedTensor, type TaskBatch, type TinyModelConfig, type TrainSettings } from '../../../src/engine/train/types';

/** LayerNorm's ε, as PyTorch's default and the engine's defaultLayerNorm. */
const LAYER_NORM_EPS = 1e-5;

/**
 * tfjs-core's Node build registers no gradient functions (the union package @tensorflow/tfjs does it); its ES-module
 * build has them in register_all_gradients.js. tfjs keeps its engine and registries on the global object, so
 * registering them from the ES-module copy serves the Node build too. A tiny resolve hook works around one folder
 * import that Node's ES-module loader refuses (see tfjsGradientsHook.mjs).
 */
async function registerGradients(): Promise<void> {
  register('./tfjsGradientsHook.mjs', import.meta.url);
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve('@tensorflow/tfjs-core/package.json')), 'dist', 'register_all_gradients.js');
  await import(pathToFileURL(file).href);
}

/** Loads the wasm backend (one thread, as under Node tfjs has no wasm threads); the cpu backend only if that fails. */
export async function initTfjs(): Promise<string> {
  await registerGradients();
  try {
    const require = createRequire(import.meta.url);
    setWasmPaths(path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + path.sep);
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    if (!(await tf.setBackend('wasm'))) throw new Error('setBackend("wasm") returned false');
    await tf.ready();
    const simd = await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT');
    return `tfjs ${tf.version_core}, backend wasm (XNNPACK), simd ${simd}, one thread`;
  } catch (error) {
    await import('@tensorflow/tfjs-backend-cpu');
    if (!(await tf.setBackend('cpu'))) throw new Error('tfjs: neither the wasm nor the cpu backend initialised', { cause: error });
    await tf.ready();
    return `tfjs ${tf.version_core}, backend cpu — THE WASM BACKEND FAILED (${String(error)}), so tfjs times are not the wasm figures`;
  }
}

/** tf.train.adam whose learning rate can change between steps (tfjs keeps it in a protected field). */
class WarmupAdam extends tf.AdamOptimizer {
  setLearningRate(lr: number): void {
    this.learningRate = lr;
  }
}

export interface TfjsTrainer {
  /** One step on `batch`; returns the mean cross-entropy over the scored targets (read back, as ours returns it). */
  step(batch: TaskBatch): number;
  /** Token accuracy and whole-sequence accuracy over the scored targets of `batch`. */
  evaluate(batch: TaskBatch): { accuracy: number; sequenceAccuracy: number };
  dispose(): void;
}

export function createTfjsTrainer(config: TinyModelConfig, settings: TrainSettings, initial: ReadonlyMap<string, NamedTensor>): TfjsTrainer {
  const { vocab: V, seqLen: T, width: E, heads: H } = config;
  const d = E / H;
  const variables = new Map<string, tf.Variable>();
  for (const [name, tensor] of initial) variables.set(name, tf.variable(tf.tensor(tensor.data, [...tensor.shape]), true, `bench_${name}`));
  const w = (name: string): tf.Tensor => {
    const v = variables.get(name);
    if (!v) throw new Error(`tfjs model: no weight ${name}`);
    return v;
  };
  const pe = tf.tensor2d(sinusoidalPositionalEncoding(T, E).data, [T, E]);
  const causalBias = config.causal ? tf.tensor2d(Float32Array.from({ length: T * T }, (_, i) => (i % T > Math.floor(i / T) ? -1e9 : 0)), [T, T]) : null;
  const optimizer = new WarmupAdam(settings.learningRate, 0.9, 0.999, 1e-8);
  let stepCount = 0;

  /** x W^T + b for x [N × in] and a PyTorch weight [out × in]. */
  const linear = (x: tf.Tensor, prefix: string): tf.Tensor => tf.add(tf.matMul(x, w(`${prefix}weight`), false, true), w(`${prefix}bias`));

  const layerNorm = (x: tf.Tensor, prefix: string): tf.Tensor => {
    const mean = tf.mean(x, -1, true);
    const centred = tf.sub(x, mean);
    const variance = tf.mean(tf.square(centred), -1, true);
    return tf.add(tf.mul(tf.mul(centred, tf.rsqrt(tf.add(variance, LAYER_NORM_EPS))), w(`${prefix}weight`)), w(`${prefix}bias`));
  };

  /** [B·T × E] → [B·T × E]: fused QKV projection, H heads of scaled dot-product attention, output projection. */
  const attention = (x: tf.Tensor, batch: number, prefix: string): tf.Tensor => {
    const qkv = tf.add(tf.matMul(x, w(`${prefix}in_proj_weight`), false, true), w(`${prefix}in_proj_bias`)); // [BT × 3E]
    const heads = (part: number): tf.Tensor =>
      tf.reshape(tf.transpose(tf.reshape(tf.slice(qkv, [0, part * E], [-1, E]), [batch, T, H, d]), [0, 2, 1, 3]), [batch * H, T, d]);
    let scores = tf.div(tf.matMul(heads(0), heads(1), false, true), Math.sqrt(d)); // [BH × T × T]
    if (causalBias) scores = tf.add(scores, causalBias);
    const mixed = tf.matMul(tf.softmax(scores), heads(2)); // [BH × T × d]
    const concat = tf.reshape(tf.transpose(tf.reshape(mixed, [batch, H, T, d]), [0, 2, 1, 3]), [batch * T, E]);
    return linear(concat, `${prefix}out_proj.`);
  };

  /** Logits [B·T × V] for the batch's inputs. */
  const forward = (inputs: tf.Tensor1D, batch: number): tf.Tensor => {
    const embedded = tf.matMul(tf.oneHot(inputs, V), w('embedding')); // [BT × E]
    let x = tf.reshape(tf.add(tf.reshape(embedded, [batch, T, E]), pe), [batch * T, E]);
    for (let i = 0; i < config.layers; i++) {
      const p = `layers.${i}.`;
      x = layerNorm(tf.add(x, attention(x, batch, `${p}attn.`)), `${p}norm1.`);
      const hidden = tf.relu(linear(x, `${p}ffn.linear1.`));
      x = layerNorm(tf.add(x, linear(hidden, `${p}ffn.linear2.`)), `${p}norm2.`);
    }
    return linear(x, 'classifier.');
  };

  return {
    step(batch) {
      stepCount += 1;
      optimizer.setLearningRate(warmupLearningRate(stepCount, settings));
      const scored = batch.targets.map((t) => (t === IGNORE_TARGET ? 0 : 1));
      const count = scored.reduce((a, b) => a + b, 0);
      const loss = tf.tidy(() => {
        const inputs = tf.tensor1d(batch.inputs, 'int32');
        const targets = tf.mul(tf.oneHot(tf.tensor1d(batch.targets.map((t) => Math.max(t, 0)), 'int32'), V), tf.tensor2d(scored, [scored.length, 1], 'float32'));
        const { value, grads } = tf.variableGrads(() => tf.div(tf.neg(tf.sum(tf.mul(targets, tf.logSoftmax(forward(inputs, batch.batchSize))))), count) as tf.Scalar);
        let named: tf.NamedTensorMap = grads;
        if (settings.clipNorm > 0) {
          // clip_grad_norm_: factor clip / (‖g‖ + 1e-6), applied only when below 1.
          const norm = tf.sqrt(tf.addN(Object.values(grads).map((g) => tf.sum(tf.square(g)))));
          const factor = tf.minimum(1, tf.div(settings.clipNorm, tf.add(norm, 1e-6)));
          named = Object.fromEntries(Object.entries(grads).map(([name, g]) => [name, tf.mul(g, factor)]));
        }
        // applyGradients only reads the tensors; its NamedVariableMap type is stricter than it needs to be.
        optimizer.applyGradients(named as tf.NamedTensorMap as Parameters<typeof optimizer.applyGradients>[0]);
        return tf.keep(value);
      });
      const result = loss.dataSync()[0];
      loss.dispose();
      return result;
    },
    evaluate(batch) {
      const predicted = tf.tidy(() => tf.argMax(forward(tf.tensor1d(batch.inputs, 'int32'), batch.batchSize), -1));
      const predictions = predicted.dataSync();
      predicted.dispose();
      let right = 0;
      let scored = 0;
      let wholeRight = 0;
      for (let b = 0; b < batch.batchSize; b++) {
        let allRight = true;
        for (let t = 0; t < T; t++) {
          const target = batch.targets[b * T + t];
          if (target === IGNORE_TARGET) continue;
          scored += 1;
          if (predictions[b * T + t] === target) right += 1;
          else allRight = false;
        }
        if (allRight) wholeRight += 1;
      }
      return { accuracy: right / scored, sequenceAccuracy: wholeRight / batch.batchSize };
    },
    dispose() {
      optimizer.dispose();
      tf.dispose([...variables.values(), pe, ...(causalBias ? [causalBias] : [])]);
    },
  };
}
