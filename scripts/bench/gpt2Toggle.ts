/**
 * The GPT-2 part's head-toggle case for one layer: the same ids, one head of `layer` off. Ours recomputes from the
 * cached all-heads baseline: concat · W_o of that layer onward, the later blocks, LN_f and every logits row (read
 * with `.data`, as ORT computes them all); ORT reruns the whole graph with that head's gate at 0.
 *
 * Each call switches off a different head of the layer (TOGGLE_HEADS, cycled): the engine keeps the last 2
 * ablations and the last 2 logits, so alternating between a head off and on would time cache hits after the first
 * pair (switching back on reuses the baseline's layers, and its logits while they are among the last 2).
 */
import { maxAbsDifference, type Matrix } from '../../src/engine/matrix';
import { gpt2Feeds, gpt2Row, headGate, ORT_ID, ortLogits, type Gpt2Context } from './gpt2Shared';
import { LOGITS_TOLERANCE, lmFlops } from './lmBench';
import { caseMedianLine, caseRatioLine, formatMs, type Row } from './report';
import { timeInterleaved } from './timing';

/** Heads switched off in turn; more than the engine's 2 cached ablations, so every call recomputes. */
export const TOGGLE_HEADS: readonly number[] = [3, 7, 11];

export interface ToggleResult {
  readonly rows: Row[];
  readonly checks: string[];
  readonly ratio: string;
  readonly median: string;
}

/** What ours recomputes for a head of `layer`: its W_o and feed-forward, every later block, the logits. */
function toggleFlops(ctx: Gpt2Context, layer: number): number {
  const { tokens: l, weights: w } = ctx;
  const { embedDim: e, ffnDim: f } = w;
  const block = 8 * l * e * e + 4 * l * l * e + 4 * l * e * f;
  return 2 * l * e * e + 4 * l * e * f + (w.numLayers - 1 - layer) * block + 2 * l * e * w.vocabSize;
}

export async function benchHeadToggle(ctx: Gpt2Context, ids: readonly number[], layer: number): Promise<ToggleResult> {
  const { model, weights, tokens: l } = ctx;
  const name = `gpt2_toggle_layer${layer}`;
  const states = TOGGLE_HEADS.map((head) => ({ disabledHeads: [{ layer, head }] }));
  const feeds = TOGGLE_HEADS.map((head) => gpt2Feeds(ctx, ids, headGate(weights, { layer, head })));
  const base = model.runIds(ids); // all heads on: its layers stay cached, as in the lab before a click
  const baseline = { rows: l, cols: weights.vocabSize, data: base.logits.data }; // read now: later toggles evict it
  const asMatrix = (data: Float32Array): Matrix => ({ rows: l, cols: weights.vocabSize, data });

  // The same computation with each head off, checked before timing; and the head really matters.
  let worst = 0;
  let effect = Infinity;
  const first = model.runIds(ids, states[0]).logits;
  for (let i = 0; i < states.length; i++) {
    const ours = i === 0 ? first : model.runIds(ids, states[i]).logits;
    worst = Math.max(worst, maxAbsDifference(ours, asMatrix(await ortLogits(ctx, feeds[i]))));
    effect = Math.min(effect, maxAbsDifference(ours, baseline));
  }
  const heads = TOGGLE_HEADS.join(', ');
  const checks = [
    `check GPT-2 toggle layer ${layer}: onnxruntime-web (head_gate) vs ours max|Δ| logits ${worst.toExponential(2)} with head ${heads} off in turn (tolerance ${LOGITS_TOLERANCE}); ` +
      `a head off moves the logits by ≥ ${effect.toExponential(2)}`,
  ];
  if (!(worst <= LOGITS_TOLERANCE)) {
    throw new Error(`gpt2 bench: with a head of layer ${layer} off ORT's logits differ from ours by ${worst.toExponential(3)} (> ${LOGITS_TOLERANCE}): the gate is not the engine's ablation, so nothing is timed.`);
  }
  if (!(effect > LOGITS_TOLERANCE)) throw new Error(`gpt2 bench: switching a head of layer ${layer} off changes no logit by more than ${LOGITS_TOLERANCE}; the toggle check proves nothing`);
  // The cycle recomputes: the last state again is a cache hit, the first one after the cycle is not.
  const last = states[states.length - 1];
  if (model.runIds(ids, last).logits !== model.runIds(ids, last).logits) throw new Error('gpt2 bench: the model no longer caches ablations; the recompute check needs updating');
  const again = model.runIds(ids, states[0]);
  if (again.logits === first) throw new Error(`gpt2 bench: a cycle of ${states.length} switch states was served from the cache; the timed calls would not recompute`);
  if (again.baseline !== base.baseline) throw new Error('gpt2 bench: the all-heads layers were not kept; a toggle would recompute every layer');

  let oursNext = 0;
  let ortNext = 0;
  const [ours, theirs] = await timeInterleaved(
    [
      () => model.runIds(ids, states[oursNext++ % states.length]).logits.data, // every row, as ORT computes them
      () => ortLogits(ctx, feeds[ortNext++ % feeds.length]),
    ],
    ctx.budget,
  );
  console.log(`  timed GPT-2 toggle layer ${layer}: ours ${formatMs(ours.medianMs)} ms, onnxruntime-web ${formatMs(theirs.medianMs)} ms (medians)`);
  return {
    rows: [
      gpt2Row(ctx, `ours GPT-2 toggle layer ${layer}`, ours, toggleFlops(ctx, layer), worst, 'ort'),
      gpt2Row(ctx, `onnxruntime-web GPT-2 toggle layer ${layer}`, theirs, lmFlops(weights, l), worst, 'ours'),
    ],
    checks,
    ratio: caseRatioLine(name, ORT_ID, l, ours.medianMs, theirs.medianMs),
    median: caseMedianLine(name, ORT_ID, l, ours.medianMs, theirs.medianMs),
  };
}
