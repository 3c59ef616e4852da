/**
 * What the GPT-2 part's cases share (gpt2Bench.ts: load and first run; gpt2Toggle.ts: head toggles): the two
 * prepared implementations, ORT's feeds with their head gate, and the table row of one timing.
 */
import * as ort from 'onnxruntime-web';
import type { CausalLmWeights } from '../../src/engine/lm/causalLmWeights';
import type { CausalLmModel } from '../../src/engine/run/causalLmModel';
import { LM_HEAD_GATE, LM_INPUT, LM_OUTPUT } from './lmOnnxGraph';
import type { Row } from './report';
import type { Timing, TimingBudget } from './timing';

/** Our model and ORT's session over the same weights, at `tokens` ids. */
export interface Gpt2Context {
  readonly weights: CausalLmWeights;
  readonly model: CausalLmModel;
  /** lmOnnxGraph.ts' graph with the head_gate input. */
  readonly session: ort.InferenceSession;
  readonly tokens: number;
  readonly budget: TimingBudget;
}

/** The peer's id in the printed lines. */
export const ORT_ID = 'ort_wasm';

/** [N × H] gates, all 1 (every head on) except `off`: the head_gate input's data. */
export function headGate(weights: CausalLmWeights, off: { layer: number; head: number } | null = null): Float32Array {
  const gate = new Float32Array(weights.numLayers * weights.numHeads).fill(1);
  if (off) gate[off.layer * weights.numHeads + off.head] = 0;
  return gate;
}

/** ORT's inputs: ids [L] int64 and head_gate [N, H] float. */
export function gpt2Feeds(ctx: Gpt2Context, ids: readonly number[], gate: Float32Array): Record<string, ort.Tensor> {
  return {
    [LM_INPUT]: new ort.Tensor('int64', BigInt64Array.from(ids, (id) => BigInt(id)), [ids.length]),
    [LM_HEAD_GATE]: new ort.Tensor('float32', gate, [ctx.weights.numLayers, ctx.weights.numHeads]),
  };
}

/** ORT's logits [L × V] for `feeds`; throws if their shape is not that. */
export async function ortLogits(ctx: Gpt2Context, feeds: Record<string, ort.Tensor>): Promise<Float32Array> {
  const out = (await ctx.session.run(feeds))[LM_OUTPUT];
  const { tokens: l, weights } = ctx;
  if (out.dims.length !== 2 || out.dims[0] !== l || out.dims[1] !== weights.vocabSize) {
    throw new Error(`gpt2 bench: ORT's logits are [${out.dims.join(', ')}], not [${l}, ${weights.vocabSize}]`);
  }
  return out.data as Float32Array;
}

/** One table row: `flops` is the work that side does per call (a toggle recomputes only part of ours). */
export function gpt2Row(ctx: Gpt2Context, label: string, t: Timing, flops: number, maxAbsDiff: number, against: string): Row {
  return {
    label,
    tokens: ctx.tokens,
    embedDim: ctx.weights.embedDim,
    numHeads: ctx.weights.numHeads,
    medianMs: t.medianMs,
    minMs: t.minMs,
    gflops: flops / (t.medianMs * 1e6),
    samples: `${t.samples}×${t.callsPerSample}`,
    maxAbsDiff,
    diffAgainst: against,
  };
}

/** Resident memory now, GB, for the set-up lines (the two implementations hold ~1.5 GB each). */
export function rssGb(): string {
  return (process.memoryUsage().rss / 2 ** 30).toFixed(2);
}
