import { attentionTraceFromWeights, type AttentionTrace } from '../attention';
import type { EncoderLayerTrace } from '../encoderLayer';
import { EngineError } from '../errors';
import type { BlockedMask } from '../masks';
import type { Matrix } from '../matrix';
import type { EncoderModel } from './encoderModel';
import type { CausalLmRun, LmRunModel } from './lmTypes';
import type { EncoderRun } from './types';

/*
 * A run sent between threads (a GPT-2 checkpoint runs in a Web Worker, src/models/gpt2; so does the untrained
 * encoder on a long text, src/models/untrained). postMessage
 * copies plain data only, so on the way out the model is left behind and the lazy logits are computed into a plain
 * matrix; on the way in, each head's trace gets back the getters that compute scores / scaled / masked from q and k
 * when a view first reads them (attention.ts), and the run names the page's stand-in for the model.
 */

/**
 * A CausalLmRun without its model, every array plain: what postMessage can copy. `layerIds` / `baselineIds`: a number
 * per layer trace, the same for the same trace object on the sending side (a stage the model's cache reused), so the
 * receiver can keep the trace it already has: views memoised on a layer's identity then skip the unchanged layers. A
 * layer is null where the receiver said it already has that trace (its id in `have`): it is not sent again.
 */
export type DetachedLmRun = Omit<CausalLmRun, 'model' | 'layers' | 'baseline'> & DetachedLayers;

/** Stable numbers for layer trace objects, for detachLmRun: one per sending side, kept as long as the traces live. */
export class LayerTraceIds {
  readonly #ids = new WeakMap<EncoderLayerTrace, number>();
  #next = 1;

  of(layer: EncoderLayerTrace): number {
    let id = this.#ids.get(layer);
    if (id === undefined) {
      id = this.#next++;
      this.#ids.set(layer, id);
    }
    return id;
  }
}

function plainMatrix(m: Matrix): Matrix {
  return { rows: m.rows, cols: m.cols, data: m.data };
}

/**
 * The run as plain data: logits computed (all rows, [L × V]) and copied out of their lazy wrapper; with `ids`, each
 * layer numbered, and the layers whose numbers are in `have` left out (null).
 */
export function detachLmRun(run: CausalLmRun, ids: LayerTraceIds | null = null, have: ReadonlySet<number> = NONE): DetachedLmRun {
  const { model: _model, logits, layers, baseline, ...rest } = run;
  return { ...rest, ...leaveOutKnown({ layers, baseline }, ids, have), logits: plainMatrix(logits) };
}

const NONE: ReadonlySet<number> = new Set();

/** The layers and baseline numbered, those in `have` replaced by null; the baseline stays the layers' array when it is. */
function leaveOutKnown(run: Pick<EncoderRun, 'layers' | 'baseline'>, ids: LayerTraceIds | null, have: ReadonlySet<number>): DetachedLayers {
  const numbers = layerNumbers(run, ids);
  const leaveOut = (list: readonly EncoderLayerTrace[], listIds: readonly number[] | undefined) => list.map((l, i) => (listIds !== undefined && have.has(listIds[i]) ? null : l));
  const layers = leaveOut(run.layers, numbers.layerIds);
  return { ...numbers, layers, baseline: run.baseline === run.layers ? layers : leaveOut(run.baseline, numbers.baselineIds) };
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

/** A detached run's layers, numbered (see DetachedLmRun); a null layer is one the receiver said it has (found by its id). */
export interface DetachedLayers {
  readonly layers: readonly (EncoderLayerTrace | null)[];
  readonly baseline: readonly (EncoderLayerTrace | null)[];
  readonly layerIds?: readonly number[];
  readonly baselineIds?: readonly number[];
}

/**
 * The layers and baseline as the page's views read them. Layer traces that the copy shares (the baseline is the run's
 * own layers when nothing is switched off) stay shared. `known`: traces received before, by layer id; a layer whose
 * id is there is that object, not the new copy, and every new one is added.
 */
function attachLayers(detached: DetachedLayers, known: Map<number, EncoderLayerTrace> | null): { layers: EncoderLayerTrace[]; baseline: EncoderLayerTrace[] } {
  const done = new Map<EncoderLayerTrace, EncoderLayerTrace>();
  const attachLayer = (layer: EncoderLayerTrace | null, id: number | undefined): EncoderLayerTrace => {
    if (layer === null) {
      const kept = id === undefined ? undefined : known?.get(id);
      if (!kept) throw new EngineError('invalid-argument', `Layer trace ${id ?? '?'} was left out of the run as one this page has, but it has not.`);
      return kept;
    }
    let whole = done.get(layer) ?? (id === undefined ? undefined : known?.get(id));
    if (!whole) {
      whole = { ...layer, attention: { ...layer.attention, heads: layer.attention.heads.map(attachHead) } };
      if (id !== undefined) known?.set(id, whole);
    }
    done.set(layer, whole);
    return whole;
  };
  const layers = detached.layers.map((l, i) => attachLayer(l, detached.layerIds?.[i]));
  const baseline = detached.baseline === detached.layers ? layers : detached.baseline.map((l, i) => attachLayer(l, detached.baselineIds?.[i]));
  return { layers, baseline };
}

function layerNumbers(run: Pick<EncoderRun, 'layers' | 'baseline'>, ids: LayerTraceIds | null): { layerIds?: number[]; baselineIds?: number[] } {
  return ids ? { layerIds: run.layers.map((l) => ids.of(l)), baselineIds: run.baseline.map((l) => ids.of(l)) } : {};
}

/** The run as the page's views read it, naming `model`; `known` keeps the layers received before (attachLayers). */
export function attachLmRun(detached: DetachedLmRun, model: LmRunModel, known: Map<number, EncoderLayerTrace> | null = null): CausalLmRun {
  const { layerIds: _layerIds, baselineIds: _baselineIds, ...run } = detached;
  return { ...run, model, ...attachLayers(detached, known) };
}

/**
 * An EncoderRun without its model, every array plain, its layers numbered as in DetachedLmRun. A layer is null where
 * the receiver said it already has that trace (its id in `have`): a head toggle on a 512-token text sends only the
 * layers it changed, not every layer's maps again.
 */
export type DetachedEncoderRun = Omit<EncoderRun, 'model' | 'layers' | 'baseline'> & DetachedLayers;

/** The encoder's run as plain data (the model is left behind: the receiver has the same one from the same config). */
export function detachEncoderRun(run: EncoderRun, ids: LayerTraceIds | null = null, have: ReadonlySet<number> = NONE): DetachedEncoderRun {
  const { model: _model, layers, baseline, ...rest } = run;
  return { ...rest, ...leaveOutKnown({ layers, baseline }, ids, have) };
}

/** The encoder's run as the page's views read it, naming the page's `model` (built from the same config). */
export function attachEncoderRun(detached: DetachedEncoderRun, model: EncoderModel, known: Map<number, EncoderLayerTrace> | null = null): EncoderRun {
  const { layerIds: _layerIds, baselineIds: _baselineIds, ...run } = detached;
  return { ...run, model, ...attachLayers(detached, known) };
}
