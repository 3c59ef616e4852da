import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  buildMask,
  createModel,
  embedTokens,
  encoderLayer,
  sinusoidalPositionalEncoding,
  sliceCols,
  type AttentionTrace,
  type BlockedMask,
  type EncoderLayerTrace,
  type Matrix,
} from '../../engine';
import type { LabComputation } from '../../state/computeLab';
import { disabledHeadSets, maskSpecFor } from '../../state/labMask';
import { useLab, type LabState } from '../../state/labStore';
import { useLabComputation } from '../../state/useLabComputation';
import { useWalkthrough } from '../../state/walkthroughStore';

/** Everything the steps draw, for the selected layer and head. All matrices come from the engine. */
export interface WalkthroughData {
  readonly tokens: readonly string[];
  readonly layerIndex: number;
  readonly headIndex: number;
  readonly numHeads: number;
  readonly dk: number;
  readonly normFirst: boolean;
  /** Token embeddings before positional encoding, [tokens × E] (layer 1's view). */
  readonly embeddings: Matrix;
  readonly positional: Matrix;
  readonly layer: EncoderLayerTrace;
  /** The selected head's slices of Q, K, V, each [tokens × d_k]. */
  readonly q: Matrix;
  readonly k: Matrix;
  readonly v: Matrix;
  readonly head: AttentionTrace;
  readonly mask: BlockedMask | null;
}

type Inputs = Pick<LabState, 'embedDim' | 'numHeads' | 'numLayers' | 'seed' | 'maskMode' | 'paddingTokens' | 'customMask' | 'disabledHeads'>;

const selectInputs = (s: LabState): Inputs => ({
  embedDim: s.embedDim,
  numHeads: s.numHeads,
  numLayers: s.numLayers,
  seed: s.seed,
  maskMode: s.maskMode,
  paddingTokens: s.paddingTokens,
  customMask: s.customMask,
  disabledHeads: s.disabledHeads,
});

/** The lab's post-LN traces, or the same weights and input run pre-LN by the engine's normFirst option. */
export function walkthroughLayers(lab: LabComputation, inputs: Inputs, normFirst: boolean): { layers: readonly EncoderLayerTrace[]; mask: BlockedMask | null } {
  const count = lab.tokens.length;
  const mask = buildMask(count, count, maskSpecFor(inputs, count));
  if (!normFirst) return { layers: lab.layers, mask };
  const params = createModel({ embedDim: inputs.embedDim, numHeads: inputs.numHeads, numLayers: inputs.numLayers, seed: inputs.seed });
  const disabled = disabledHeadSets(inputs.disabledHeads, inputs.numLayers, inputs.numHeads);
  const layers: EncoderLayerTrace[] = [];
  let current = lab.input;
  params.forEach((p, i) => {
    const trace = encoderLayer(current, p, { normFirst: true, mask, disabledHeads: disabled[i] });
    layers.push(trace);
    current = trace.output;
  });
  return { layers, mask };
}

export function useWalkthroughData(): WalkthroughData | null {
  const lab = useLabComputation();
  const inputs = useLab(useShallow(selectInputs));
  const selectedLayer = useLab((s) => s.selectedLayer);
  const selectedHead = useLab((s) => s.selectedHead);
  const normFirst = useWalkthrough((s) => s.normFirst);
  const run = useMemo(() => (lab.ok ? walkthroughLayers(lab, inputs, normFirst) : null), [lab, inputs, normFirst]);
  const base = useMemo(() => {
    if (!lab.ok) return null;
    const words = lab.tokens.map((t) => t.text);
    return { words, embeddings: embedTokens(words, inputs.embedDim, inputs.seed), positional: sinusoidalPositionalEncoding(words.length, inputs.embedDim) };
  }, [lab, inputs.embedDim, inputs.seed]);
  return useMemo(() => {
    if (!run || !base || run.layers.length === 0) return null;
    const layerIndex = Math.min(Math.max(0, selectedLayer), run.layers.length - 1);
    const layer = run.layers[layerIndex];
    const numHeads = layer.attention.heads.length;
    const headIndex = typeof selectedHead === 'number' ? Math.min(Math.max(0, selectedHead), numHeads - 1) : 0;
    const dk = layer.attention.q.cols / numHeads;
    return {
      tokens: base.words,
      layerIndex,
      headIndex,
      numHeads,
      dk,
      normFirst,
      embeddings: base.embeddings,
      positional: base.positional,
      layer,
      q: sliceCols(layer.attention.q, headIndex * dk, dk),
      k: sliceCols(layer.attention.k, headIndex * dk, dk),
      v: sliceCols(layer.attention.v, headIndex * dk, dk),
      head: layer.attention.heads[headIndex],
      mask: run.mask,
    };
  }, [run, base, selectedLayer, selectedHead, normFirst]);
}
