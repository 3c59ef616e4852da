import { CausalLmModel, type CausalLmRun, type EncoderRun, type LmRunOptions } from '../../engine';
import type { LabComputation } from '../runResult';

/*
 * The lab's named variants: runs the views compare the lab's run with, asked of the engine here so that views only
 * draw (a lint rule keeps `.run(` and `.runIds(` out of the view layers). Each is kept per lab run (a WeakMap on the
 * run object): every view that asks for it in the same render gets the same object, and a new run drops the old.
 *
 *   labBaselineRun(run)            the trained model as trained: the same tokens, every head on, positions added,
 *                                  its causal mask on, nothing else masked (the predictions' "before")
 *   labRunWithNormFirst(lab, pre)  the same inputs and weights with LayerNorm first or after (the walkthrough)
 */

const baselines = new WeakMap<CausalLmRun, CausalLmRun>();

/**
 * A baseline computed elsewhere: a checkpoint in a Web Worker answers a run and its baseline together
 * (src/models/gpt2/gpt2Runs.ts), since the page holds no weights to run it again.
 */
export function rememberBaselineRun(run: CausalLmRun, baseline: CausalLmRun): void {
  baselines.set(run, baseline);
}

/**
 * Whether a language model's run differs from the model as trained (a head off, its causal mask off, a mask added,
 * no positions): then its next-token predictions have a "before", the baseline.
 */
export function differsFromAsTrained(options: Pick<LmRunOptions, 'disabledHeads' | 'causal' | 'positionalEncoding' | 'mask'>): boolean {
  return (options.disabledHeads?.length ?? 0) > 0 || options.causal === false || options.positionalEncoding === false || (options.mask !== undefined && options.mask.kind !== 'none');
}

/**
 * The baseline the pipeline computed with `run` (a kind with next-token predictions computes it whenever the run
 * differs from the model as trained), or null: a view reads it, never computes it.
 */
export function rememberedBaseline(run: CausalLmRun): CausalLmRun | null {
  return baselines.get(run) ?? null;
}

/**
 * The trained model's run of the same tokens with nothing switched (the "before" of "before → after"). A run of a
 * model held elsewhere without a remembered baseline is its own (nothing was switched).
 */
export function labBaselineRun(run: CausalLmRun): CausalLmRun {
  let baseline = baselines.get(run);
  if (!baseline) {
    if (!(run.model instanceof CausalLmModel)) return run;
    const { text, tokenLimit } = run.inputs;
    baseline = run.model.runIds(run.tokenIds, { tokenLimit }, text);
    baselines.set(run, baseline);
  }
  return baseline;
}

const normFirstRuns = new WeakMap<EncoderRun, EncoderRun>();

/**
 * The lab's run with LayerNorm before (pre-LN) or after (post-LN) each sub-layer: the lab's own when it already is,
 * else the same inputs and weights run again. The trained language model is pre-LN by construction (GPT-2): its run
 * is returned as it is, whatever `normFirst` says.
 */
export function labRunWithNormFirst(lab: LabComputation, normFirst: boolean): EncoderRun | CausalLmRun {
  if (lab.kind === 'causal_lm' || lab.inputs.normFirst === normFirst) return lab;
  let other = normFirstRuns.get(lab);
  if (!other) {
    other = lab.model.run({ ...lab.inputs, normFirst });
    normFirstRuns.set(lab, other);
  }
  return other;
}
