/**
 * Peer: TensorFlow.js on its WebAssembly backend (XNNPACK inside), written as a web developer would with tfjs ops.
 * In Node the backend loads its .wasm files from node_modules via setWasmPaths, and runs one thread (tfjs disables
 * wasm threads under Node; the flag is also set false here so the single-threaded SIMD binary is the one loaded).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { transpose, type Matrix } from '../../../src/engine/matrix';
import type { Implementation } from './types';

export function tfjsWasm(): Implementation {
  return {
    id: 'tfjs_wasm',
    label: 'tfjs-backend-wasm',
    async init() {
      const require = createRequire(import.meta.url);
      const dist = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + path.sep;
      setWasmPaths(dist);
      tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
      if (!(await tf.setBackend('wasm'))) throw new Error('tfjs: the wasm backend did not initialise');
      await tf.ready();
      const simd = await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT');
      return `tfjs: @tensorflow/tfjs-core + tfjs-backend-wasm ${tf.version_core}, backend ${tf.getBackend()}, simd ${simd}, one thread`;
    },
    async prepare(problem) {
      const { tokens: l, embedDim: e, numHeads: h, params } = problem;
      const d = e / h;
      const weight = (w: Matrix) => tf.tensor2d(transpose(w).data, [e, e]); // in × out, for x · W
      const [wq, wk, wv, wo] = [params.wQ, params.wK, params.wV, params.wO].map(weight);
      const [bq, bk, bv, bo] = [params.bQ, params.bK, params.bV, params.bO].map((b) => tf.tensor1d(b));
      const x = tf.tensor2d(problem.x.data, [l, e]);
      const forward = (): tf.Tensor =>
        tf.tidy(() => {
          const heads = (w: tf.Tensor2D, b: tf.Tensor1D) => tf.transpose(tf.reshape(tf.add(tf.matMul(x, w), b), [l, h, d]), [1, 0, 2]);
          const q = heads(wq, bq); // [H, L, D]
          const k = heads(wk, bk);
          const v = heads(wv, bv);
          const weights = tf.softmax(tf.div(tf.matMul(q, k, false, true), Math.sqrt(d))); // [H, L, L]
          const concat = tf.reshape(tf.transpose(tf.matMul(weights, v), [1, 0, 2]), [l, e]); // [L, E]
          return tf.add(tf.matMul(concat, wo), bo);
        });
      return {
        run: () => {
          const y = forward();
          y.dataSync(); // the result in JS, as ours returns it
          y.dispose();
        },
        output: async () => {
          const y = forward();
          const data = (await y.data()) as Float32Array;
          y.dispose();
          return data;
        },
        dispose: () => tf.dispose([wq, wk, wv, wo, bq, bk, bv, bo, x]),
      };
    },
  };
}
