// Our engine's fast path: WebAssembly SIMD kernels, weights prepared (transposed and packed) once per problem.
import { loadWasmKernels, type WasmKernels } from '../../../src/engine/wasm/kernels';
import { fastMultiHeadAttention, prepareMhaParams } from '../../../src/engine/wasm/fastAttention';
import type { Implementation } from './types';

export function oursWasm(): Implementation & { kernels(): WasmKernels } {
  let kernels: WasmKernels | null = null;
  const get = (): WasmKernels => {
    if (!kernels) throw new Error('ours: init() first');
    return kernels;
  };
  return {
    id: 'ours',
    label: 'ours (wasm simd)',
    kernels: get,
    async init() {
      kernels = await loadWasmKernels();
      return 'ours: src/engine/wasm kernels (f32x4 SIMD, 4×8 register-blocked GEMM), one thread; output and all head weights copied out';
    },
    async prepare(problem) {
      const k = get();
      const prepared = prepareMhaParams(k, problem.params);
      const forward = () => fastMultiHeadAttention(k, problem.x, prepared);
      return {
        run: forward,
        output: async () => forward().output.data,
        dispose: () => prepared.dispose(),
      };
    },
  };
}
