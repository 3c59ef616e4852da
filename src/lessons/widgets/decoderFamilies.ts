import { shape } from './HeadSplitShapes';

/**
 * The three Transformer families as data, for the decoder-block widget: which stacks each has, which sub-layers a
 * block of each stack holds (in order), which mask each attention uses, where the normalisation sits, which
 * activation the feed-forward network uses, and the matrix shapes at given sizes.
 */

export const FAMILY_IDS = ['encoder-only', 'decoder-only', 'encoder-decoder'] as const;
export type FamilyId = (typeof FAMILY_IDS)[number];

/** 'self': every query sees every key; 'masked-self': query i sees keys 1…i; 'cross': decoder queries, encoder keys. */
export const SUBLAYER_KINDS = ['self', 'masked-self', 'cross', 'ffn'] as const;
export type SublayerKind = (typeof SUBLAYER_KINDS)[number];

export type StackId = 'encoder' | 'decoder';

export interface Stack {
  readonly id: StackId;
  /**
   * The sub-layers of one block, in the order they run; each is wrapped in a residual connection and a LayerNorm,
   * in the order the family's `norm` gives.
   */
  readonly sublayers: readonly SublayerKind[];
}

/**
 * Where each sub-layer's LayerNorm sits.
 * 'post' (Vaswani et al. 2017): x ← LayerNorm(x + Sublayer(x)), the sum is normalised.
 * 'pre' (GPT-2): x ← x + Sublayer(LayerNorm(x)), the residual path is never normalised, so the stack's output needs
 * one final LayerNorm after the last block.
 */
export type NormPlacement = 'post' | 'pre';

/**
 * The feed-forward network's activation, as the widget names it. GELU's two forms (exact x·Φ(x), and GPT-2's tanh
 * approximation) draw the same block, so they share one value; the widget's text says which model uses which.
 */
export type FfnActivation = 'relu' | 'gelu';

export interface Family {
  readonly stacks: readonly Stack[];
  readonly norm: NormPlacement;
  readonly activation: FfnActivation;
}

/** Each family as the model it is named after really is: that model's stacks, norm placement and activation. */
export const FAMILIES: Readonly<Record<FamilyId, Family>> = {
  // BERT (Devlin et al. 2018): bidirectional self-attention, no causal mask. It keeps the original post-LN order but
  // takes GELU from the first GPT.
  'encoder-only': { stacks: [{ id: 'encoder', sublayers: ['self', 'ffn'] }], norm: 'post', activation: 'gelu' },
  // GPT-2 and this project's trained model: causal self-attention only; no encoder, so nothing to cross-attend to.
  // GPT-2 moved the LayerNorm in front of each sub-layer and added a final one (the first GPT was still post-LN).
  // GPT-2's GELU is the tanh approximation; the lab's model uses the exact one (public/models/lm/README.md).
  'decoder-only': { stacks: [{ id: 'decoder', sublayers: ['masked-self', 'ffn'] }], norm: 'pre', activation: 'gelu' },
  // The original Transformer (Vaswani et al. 2017): the encoder's output is the keys and values of every decoder
  // block's cross-attention; post-LN and ReLU. T5 shares the two stacks but not this drawing: it normalises first
  // (pre-norm, with RMSNorm), so it is not named as drawn.
  'encoder-decoder': {
    stacks: [
      { id: 'encoder', sublayers: ['self', 'ffn'] },
      { id: 'decoder', sublayers: ['masked-self', 'cross', 'ffn'] },
    ],
    norm: 'post',
    activation: 'relu',
  },
};

/** The activation's name as printed in formulas; the same in both languages. */
export function activationName(activation: FfnActivation): 'ReLU' | 'GELU' {
  return activation === 'relu' ? 'ReLU' : 'GELU';
}

/** What one sub-layer is wrapped in, step by step: the LayerNorm, the sub-layer itself, and the residual add. */
export type UnitStep = 'norm' | 'sublayer' | 'add';

/** The order in which one sub-layer's steps run for a norm placement (the add is always right after the sub-layer). */
export function unitSteps(norm: NormPlacement): readonly UnitStep[] {
  return norm === 'pre' ? ['norm', 'sublayer', 'add'] : ['sublayer', 'add', 'norm'];
}

/** Pre-LN leaves the last block's output un-normalised, so a final LayerNorm follows the stack; post-LN needs none. */
export function hasFinalNorm(norm: NormPlacement): boolean {
  return norm === 'pre';
}

export type MaskKind = 'none' | 'causal';

/** The mask an attention sub-layer uses; null for the feed-forward network, which mixes no positions. */
export function maskOf(kind: SublayerKind): MaskKind | null {
  switch (kind) {
    case 'self':
    case 'cross':
      // Cross-attention needs no causal mask: the whole source sentence is known before decoding starts.
      return 'none';
    case 'masked-self':
      return 'causal';
    case 'ffn':
      return null;
  }
}

export interface BlockSizes {
  readonly dModel: number;
  readonly heads: number;
  readonly ffn: number;
}

/** Rows of the sequence a stack reads: the encoder reads the source (S tokens), the decoder the target (T tokens). */
export interface SequenceLengths {
  readonly source: number;
  readonly target: number;
}

export interface ShapeLine {
  /** The tensor, as code ("Q_i", "softmax(…)"). */
  readonly name: string;
  readonly value: string;
}

/** The shapes of one sub-layer of a block of `stack`, per head where a head is involved; `activation` names the FFN's. */
export function sublayerShapes(
  kind: SublayerKind,
  stack: StackId,
  sizes: BlockSizes,
  lengths: SequenceLengths,
  activation: FfnActivation,
): ShapeLine[] {
  const rows = stack === 'encoder' ? lengths.source : lengths.target;
  const dk = sizes.dModel / sizes.heads;
  switch (kind) {
    case 'self':
    case 'masked-self':
      return [
        { name: 'Q_i, K_i, V_i', value: shape(rows, dk) },
        { name: 'softmax(Q_i K_iᵀ/√d_k)', value: shape(rows, rows) },
        { name: 'output', value: shape(rows, sizes.dModel) },
      ];
    case 'cross':
      return [
        { name: 'Q_i', value: shape(lengths.target, dk) },
        { name: 'K_i, V_i', value: shape(lengths.source, dk) },
        { name: 'softmax(Q_i K_iᵀ/√d_k)', value: shape(lengths.target, lengths.source) },
        { name: 'output', value: shape(lengths.target, sizes.dModel) },
      ];
    case 'ffn':
      return [
        { name: `${activationName(activation)}(x W_1 + b_1)`, value: shape(rows, sizes.ffn) },
        { name: 'output', value: shape(rows, sizes.dModel) },
      ];
  }
}

/**
 * Which cells of a small picture of the mask are allowed: rows × cols booleans, `true` = the query may read the key.
 * Cross-attention is drawn rectangular (fewer target rows than source columns) to show it need not be square.
 */
export function maskPicture(kind: SublayerKind, size = 5): boolean[][] | null {
  const mask = maskOf(kind);
  if (mask === null) return null;
  const rows = kind === 'cross' ? size - 2 : size;
  return Array.from({ length: rows }, (_, i) => Array.from({ length: size }, (_, j) => mask === 'none' || j <= i));
}
