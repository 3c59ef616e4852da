// The readable TypeScript reference engine (src/engine/multiHead.ts), for context: what the app runs without wasm.
import { multiHeadAttention } from '../../../src/engine/multiHead';
import type { Implementation } from './types';

export function tsReference(): Implementation {
  return {
    id: 'ts_reference',
    label: 'ts reference',
    async init() {
      return 'ts reference: multiHeadAttention from src/engine (plain loops, float64 accumulation in matmul)';
    },
    async prepare(problem) {
      const forward = () => multiHeadAttention(problem.x, problem.params);
      return { run: forward, output: async () => forward().output.data, dispose: () => {} };
    },
  };
}
