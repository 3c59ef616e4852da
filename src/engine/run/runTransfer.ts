import { attentionTraceFromWeights, type AttentionTrace } from '../attention';
import type { EncoderLayerTrace } from '../encoderLayer';
import type { BlockedMask } from '../masks';
import type { Matrix } from '../matrix';
import type { CausalLmRun, LmRunModel } from './lmTypes';

/*
 * A language-model run sent between threads (a GPT-2 checkpoint runs in a Web Worker: src/state/gpt2). postMessage
 * copies plain data only, so on the way out the model is left behind and the lazy logits are computed into a plain
 * matrix; on the way in, each head's trace gets back the getters that compute scores / scaled / masked from q and k
 * when a view first reads them (attention.ts), and the run names the page's stand-in for the model.
 */

/** A CausalLmRun without its model, every array plain: what postMessage can copy. */
export type DetachedLmRun = Omit<CausalLmRun, 'model'>;

function plainMatrix(m: Matrix): Matrix {
  return { rows: m.rows, cols: m.cols, data: m.data };
}

/** The run as plain data: logits computed (all rows, [L × V]) and copied out of their lazy wrapper. */
export function detachLmRun(run: CausalLmRun): DetachedLmRun {
  const { model: _model, logits, ...rest } = run;
  return { ...rest, logits: plainMatrix(logits) };
}

/** The fields a head's trace keeps that postMessage copies (attention.ts's Trace: q, k and mask are its own fields). */
interface CopiedTrace {
  readonly q: Matrix;
  readonly k: Matrix;
  readonly mask: BlockedMask | null;
  readonly weights: Matrix;
  readonly output: Matrix;
  readonly fullyMaskedRows: readonly number[];
  readonly scaleFactor: number;
}

function isCopiedTrace(head: AttentionTrace | CopiedTrace): head is CopiedTrace {
  return 'q' in head && 'k' in head;
}

function attachHead(head: AttentionTrace | CopiedTrace): AttentionTrace {
  if (!isCopiedTrace(head)) return head; // already whole (a run that never left its thread)
  return attentionTraceFromWeights(head.q, head.k, head.mask, head.weights, head.output, head.fullyMaskedRows, head.scaleFactor);
}

/**
 * The run as the page's views read it, naming `model`. Layer traces that the copy shares (the baseline is the run's
 * own layers when nothing is switched off) stay shared.
 */
export function attachLmRun(detached: DetachedLmRun, model: LmRunModel): CausalLmRun {
  const done = new Map<EncoderLayerTrace, EncoderLayerTrace>();
  const attachLayer = (layer: EncoderLayerTrace): EncoderLayerTrace => {
    let whole = done.get(layer);
    if (!whole) {
      whole = { ...layer, attention: { ...layer.attention, heads: layer.attention.heads.map(attachHead) } };
      done.set(layer, whole);
    }
    return whole;
  };
  const layers = detached.layers.map(attachLayer);
  const baseline = detached.baseline === detached.layers ? layers : detached.baseline.map(attachLayer);
  return { ...detached, model, layers, baseline };
}
