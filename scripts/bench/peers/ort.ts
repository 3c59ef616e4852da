/**
 * Peer: onnxruntime-web on its WebAssembly backend, one thread, running the ONNX graph from onnxGraph.ts.
 * In Node 20, `import 'onnxruntime-web'` resolves (package exports, "node" condition) to dist/ort.node.min.mjs,
 * which finds its ort-wasm-simd-threaded.wasm next to itself in node_modules; no wasmPaths setting is needed.
 */
import * as ort from 'onnxruntime-web';
import { buildMhaOnnxModel } from '../onnxGraph';
import type { Implementation } from './types';

export function ortWasm(): Implementation {
  return {
    id: 'ort_wasm',
    label: 'onnxruntime-web',
    async init() {
      ort.env.wasm.numThreads = 1;
      ort.env.wasm.proxy = false;
      return `ort: onnxruntime-web ${ort.env.versions.web ?? '?'}, executionProviders ['wasm'], numThreads ${ort.env.wasm.numThreads}, graphOptimizationLevel all`;
    },
    async prepare(problem) {
      const { tokens: l, embedDim: e } = problem;
      const session = await ort.InferenceSession.create(buildMhaOnnxModel(problem.params, l), {
        executionProviders: ['wasm'],
        graphOptimizationLevel: 'all',
      });
      const feeds = { x: new ort.Tensor('float32', problem.x.data, [l, e]) };
      const forward = async (): Promise<Float32Array> => {
        const result = await session.run(feeds);
        return result.y.data as Float32Array;
      };
      return { run: forward, output: forward, dispose: () => session.release() };
    },
  };
}
