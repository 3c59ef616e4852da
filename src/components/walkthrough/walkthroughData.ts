import { useMemo } from 'react';
import { sliceCols, type AttentionTrace, type BlockedMask, type EncoderLayerTrace, type Matrix } from '../../engine';
import { traitsOfRun } from '../../models/registry';
import { useLab } from '../../state/labStore';
import { useRunWithNormFirst } from '../../run/useRunVariant';
import { useLabComputation } from '../../run/useLabComputation';
import { useWalkthrough } from '../../state/walkthroughStore';

/** Everything the steps draw, for the selected layer and head. All matrices come from the engine's run. */
export interface WalkthroughData {
  readonly tokens: readonly string[];
  readonly layerIndex: number;
  readonly headIndex: number;
  readonly numHeads: number;
  readonly dk: number;
  readonly normFirst: boolean;
  /** The trained language model (learned positions, GELU, pre-LN, causal), not the untrained encoder. */
  readonly languageModel: boolean;
  /** The language model is a GPT-2 checkpoint the student opened (not the project's trained model). */
  readonly checkpoint: boolean;
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

export function useWalkthroughData(): WalkthroughData | null {
  const lab = useLabComputation();
  const selectedLayer = useLab((s) => s.selectedLayer);
  const selectedHead = useLab((s) => s.selectedHead);
  const normFirst = useWalkthrough((s) => s.normFirst);
  // The lab's run (post-LN), or the state layer's pre-LN variant of it; the trained model is shown as it is.
  const run = useRunWithNormFirst(lab, normFirst);
  const words = useMemo(() => run?.tokens.map((t) => t.text) ?? [], [run]);
  return useMemo(() => {
    if (!run || !lab.ok || run.layers.length === 0) return null;
    const layerIndex = Math.min(Math.max(0, selectedLayer), run.layers.length - 1);
    const layer = run.layers[layerIndex];
    const numHeads = layer.attention.heads.length;
    const headIndex = typeof selectedHead === 'number' ? Math.min(Math.max(0, selectedHead), numHeads - 1) : 0;
    const dk = layer.attention.q.cols / numHeads;
    const traits = traitsOfRun(lab);
    return {
      tokens: words,
      layerIndex,
      headIndex,
      numHeads,
      dk,
      normFirst: traits.normOrder === 'pre-LN' ? true : normFirst,
      languageModel: traits.causal,
      checkpoint: traits.openedShape !== null,
      embeddings: run.embeddings,
      positional: run.positional,
      layer,
      q: sliceCols(layer.attention.q, headIndex * dk, dk),
      k: sliceCols(layer.attention.k, headIndex * dk, dk),
      v: sliceCols(layer.attention.v, headIndex * dk, dk),
      head: layer.attention.heads[headIndex],
      mask: run.mask,
    };
  }, [lab, run, words, selectedLayer, selectedHead, normFirst]);
}
