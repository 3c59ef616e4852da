import { shape } from './HeadSplitShapes';

/**
 * The three Transformer families as data, for the decoder-block widget: which stacks each has, which sub-layers a
 * block of each stack holds (in order), which mask each attention uses, and the matrix shapes at given sizes.
 */

export const FAMILY_IDS = ['encoder-only', 'decoder-only', 'encoder-decoder'] as const;
export type FamilyId = (typeof FAMILY_IDS)[number];

/** 'self': every query sees every key; 'masked-self': query i sees keys 1…i; 'cross': decoder queries, encoder keys. */
export const SUBLAYER_KINDS = ['self', 'masked-self', 'cross', 'ffn'] as const;
export type SublayerKind = (typeof SUBLAYER_KINDS)[number];

export type StackId = 'encoder' | 'decoder';

export interface Stack {
  readonly id: StackId;
  /** The sub-layers of one block, in the order they run; each is wrapped in a residual connection and a LayerNorm. */
  readonly sublayers: readonly SublayerKind[];
}

export const FAMILIES: Readonly<Record<FamilyId, readonly Stack[]>> = {
  // BERT: bidirectional self-attention, no causal mask.
  'encoder-only': [{ id: 'encoder', sublayers: ['self', 'ffn'] }],
  // GPT (and this project's trained model): causal self-attention only; no encoder, so nothing to cross-attend to.
  'decoder-only': [{ id: 'decoder', sublayers: ['masked-self', 'ffn'] }],
  // The original Transformer, T5: the encoder's output is the keys and values of every decoder block's cross-attention.
  'encoder-decoder': [
    { id: 'encoder', sublayers: ['self', 'ffn'] },
    { id: 'decoder', sublayers: ['masked-self', 'cross', 'ffn'] },
  ],
};

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

/** The shapes of one sub-layer of a block of `stack`, per head where a head is involved. */
export function sublayerShapes(kind: SublayerKind, stack: StackId, sizes: BlockSizes, lengths: SequenceLengths): ShapeLine[] {
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
        { name: 'ReLU(x W_1 + b_1)', value: shape(rows, sizes.ffn) },
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
