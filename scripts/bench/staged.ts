/**
 * The optional extra measurement: what caching the stages buys. After a full forward, a head toggle recomputes only
 * concat · W_oᵀ (stage 3) and a mask change only the attention onward (stages 2 and 3).
 */
import type { WasmKernels } from '../../src/engine/wasm/kernels';
import { fastAttendHeads, fastCombineHeads, fastProjectQkv, prepareMhaParams } from '../../src/engine/wasm/fastAttention';
import { buildMask } from '../../src/engine/masks';
import type { Problem } from './problems';
import { timeTask, type Timing, type TimingBudget } from './timing';

export interface StagedTimings {
  readonly headToggle: Timing;
  readonly maskChange: Timing;
}

export async function timeStagedRecompute(kernels: WasmKernels, problem: Problem, budget: TimingBudget): Promise<StagedTimings> {
  const prepared = prepareMhaParams(kernels, problem.params);
  const projections = fastProjectQkv(prepared, problem.x);
  const heads = fastAttendHeads(projections);
  heads.weights(); // already copied out by the full forward, so not part of a toggle
  const disabled = new Set([0]);
  const causal = buildMask(problem.tokens, problem.tokens, { causal: true });
  try {
    const headToggle = await timeTask(() => fastCombineHeads(heads, disabled), budget);
    const maskChange = await timeTask(() => {
      const masked = fastAttendHeads(projections, { mask: causal });
      try {
        masked.weights();
        return fastCombineHeads(masked);
      } finally {
        masked.dispose();
      }
    }, budget);
    return { headToggle, maskChange };
  } finally {
    heads.dispose();
    projections.dispose();
    prepared.dispose();
  }
}
