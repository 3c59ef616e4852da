import {
  buildMask,
  createModel,
  EngineError,
  embedTokens,
  encoderLayer,
  addPositionalEncoding,
  MAX_TOKENS,
  tokenize,
  type EncoderLayerParams,
  type EncoderLayerTrace,
  type Matrix,
  type BlockedMask,
  type Token,
} from '../engine';
import { fastAttentionEnabled, fastSelfAttention } from './fastAttention';
import type { LabSettings } from './labStore';
import { disabledHeadSets, maskSpecFor } from './labMask';


/** The settings that change the numbers (not which head is looked at). */
export type LabInputs = Pick<
  LabSettings,
  'text' | 'embedDim' | 'numHeads' | 'numLayers' | 'seed' | 'positionalEncoding' | 'maskMode' | 'paddingTokens' | 'customMask' | 'disabledHeads'
>;

export interface LabComputation {
  readonly ok: true;
  readonly tokens: readonly Token[];
  readonly totalTokens: number;
  readonly truncated: boolean;
  /** The most tokens this computation was allowed (MAX_TOKENS in the lab; an embed may set fewer). */
  readonly tokenLimit: number;
  /** What layer 1 reads, [tokens × E]. */
  readonly input: Matrix;
  /** With the ablated heads removed. */
  readonly layers: readonly EncoderLayerTrace[];
  /** The same input and mask with every head on, for the output-difference view; === layers when nothing is ablated. */
  readonly baseline: readonly EncoderLayerTrace[];
  /** Disabled heads per layer, as sets of head indices. */
  readonly disabledHeads: readonly ReadonlySet<number>[];
}

export interface LabFailure {
  readonly ok: false;
  readonly error: EngineError;
}

export type LabResult = LabComputation | LabFailure;

// One-entry memo per stage: typing changes the text, a toggle changes only later stages.
let modelMemo: { key: string; layers: EncoderLayerParams[] } | null = null;
type Baseline = Omit<LabComputation, 'layers' | 'disabledHeads'> & { readonly mask: BlockedMask | null };
let baselineMemo: { key: string; result: Baseline } | null = null;

function modelFor(inputs: LabInputs): EncoderLayerParams[] {
  const key = `${inputs.embedDim}/${inputs.numHeads}/${inputs.numLayers}/${inputs.seed}`;
  if (modelMemo?.key !== key) {
    modelMemo = { key, layers: createModel({ embedDim: inputs.embedDim, numHeads: inputs.numHeads, numLayers: inputs.numLayers, seed: inputs.seed }) };
  }
  return modelMemo.layers;
}

function baselineFor(inputs: LabInputs, layers: EncoderLayerParams[], tokenLimit: number): Baseline {
  const key = JSON.stringify([fastAttentionEnabled(), tokenLimit, inputs.text, inputs.embedDim, inputs.numHeads, inputs.numLayers, inputs.seed, inputs.positionalEncoding, inputs.maskMode, inputs.paddingTokens, inputs.customMask]);
  if (baselineMemo?.key === key) return baselineMemo.result;
  const { tokens, totalTokens, truncated } = tokenize(inputs.text, { maxTokens: tokenLimit, overflow: 'truncate' });
  if (tokens.length === 0) throw new EngineError('empty-input', 'The text is empty: type a sentence to see its attention.');
  const embeddings = embedTokens(tokens.map((t) => t.text), inputs.embedDim, inputs.seed);
  const input = inputs.positionalEncoding ? addPositionalEncoding(embeddings) : embeddings;
  const mask = buildMask(tokens.length, tokens.length, maskSpecFor(inputs, tokens.length));
  const baseline: EncoderLayerTrace[] = [];
  let current = input;
  for (const layer of layers) {
    const trace = encoderLayer(current, layer, { mask, reuseAttention: fastSelfAttention(current, layers, layer, mask) ?? undefined });
    baseline.push(trace);
    current = trace.output;
  }
  const result = { ok: true as const, tokens, totalTokens, truncated, tokenLimit, input, baseline, mask };
  baselineMemo = { key, result };
  return result;
}

/**
 * Settings → every trace the lab draws. Ablation reuses the baseline: until the first ablated layer nothing
 * changes, and in that layer only concat · W_o is recomputed; later layers see a new input and run in full.
 */
export function computeLab(inputs: LabInputs, tokenLimit: number = MAX_TOKENS): LabResult {
  const limit = Math.max(1, Math.min(MAX_TOKENS, Math.floor(tokenLimit)));
  const key = JSON.stringify([inputs, fastAttentionEnabled(), limit]);
  if (resultMemo?.key !== key) resultMemo = { key, result: computeUncached(inputs, limit) };
  return resultMemo.result;
}

// Several components read the same result in one render: the last one is kept.
let resultMemo: { key: string; result: LabResult } | null = null;

function computeUncached(inputs: LabInputs, tokenLimit: number): LabResult {
  try {
    const params = modelFor(inputs);
    const { mask, ...base } = baselineFor(inputs, params, tokenLimit);
    const disabledHeads = disabledHeadSets(inputs.disabledHeads, inputs.numLayers, inputs.numHeads);
    if (disabledHeads.every((s) => s.size === 0)) return { ...base, layers: base.baseline, disabledHeads };
    const layers: EncoderLayerTrace[] = [];
    let current = base.input;
    let sameInputAsBaseline = true;
    params.forEach((layer, i) => {
      const reuseAttention = sameInputAsBaseline ? base.baseline[i].attention : (fastSelfAttention(current, params, layer, mask) ?? undefined);
      const trace = disabledHeads[i].size === 0 && sameInputAsBaseline ? base.baseline[i] : encoderLayer(current, layer, { mask, disabledHeads: disabledHeads[i], reuseAttention });
      if (trace !== base.baseline[i]) sameInputAsBaseline = false;
      layers.push(trace);
      current = trace.output;
    });
    return { ...base, layers, disabledHeads };
  } catch (err) {
    if (err instanceof EngineError) return { ok: false, error: err };
    throw err;
  }
}
