import { encoderLayer, type EncoderLayerParams, type EncoderLayerTrace } from '../encoderLayer';
import type { BlockedMask } from '../masks';
import type { Matrix } from '../matrix';
import type { RunBackend } from './backend';

/** What every layer of one run shares. `owner` is the model (the backend keeps its packed weights). */
export interface LayerContext {
  readonly weights: readonly EncoderLayerParams[];
  readonly mask: BlockedMask | null;
  readonly normFirst: boolean;
  readonly backend: RunBackend;
  readonly owner: object;
}

function runLayer(x: Matrix, layer: EncoderLayerParams, context: LayerContext, disabledHeads?: ReadonlySet<number>): EncoderLayerTrace {
  const { mask, normFirst, backend, owner } = context;
  return encoderLayer(x, layer, {
    mask,
    normFirst,
    disabledHeads,
    computeAttention: (input) => backend.selfAttention(input, layer.attention, mask, owner),
    ops: backend.layerOps(owner),
  });
}

/** Stage 3: every layer with all heads on. Depends on the input, the mask, normFirst and the backend. */
export function allHeadsStage(input: Matrix, context: LayerContext): EncoderLayerTrace[] {
  const traces: EncoderLayerTrace[] = [];
  let current = input;
  for (const layer of context.weights) {
    const trace = runLayer(current, layer, context);
    traces.push(trace);
    current = trace.output;
  }
  return traces;
}

/**
 * Stage 4: the stack with heads ablated, from the all-heads baseline. Until the first ablated layer nothing changes
 * (its traces are the baseline's own objects); in that layer only concat · W_o onward is recomputed, since its input
 * and so every head's weights are the baseline's; later layers read a changed input and run in full.
 */
export function ablatedStage(baseline: readonly EncoderLayerTrace[], disabledHeads: readonly ReadonlySet<number>[], context: LayerContext): EncoderLayerTrace[] {
  const traces: EncoderLayerTrace[] = [];
  let sameInputAsBaseline = true;
  context.weights.forEach((layer, i) => {
    const disabled = disabledHeads[i];
    let trace: EncoderLayerTrace;
    if (!sameInputAsBaseline) trace = runLayer(traces[i - 1].output, layer, context, disabled);
    else if (disabled.size === 0) trace = baseline[i];
    else {
      const { mask, normFirst, backend, owner } = context;
      trace = encoderLayer(baseline[i].input, layer, { mask, normFirst, disabledHeads: disabled, reuseAttention: baseline[i].attention, ops: backend.layerOps(owner) });
      sameInputAsBaseline = false;
    }
    traces.push(trace);
  });
  return traces;
}
