import { createStore, type StoreApi } from 'zustand';
import { scopedStore } from './scopedStore';

/** The steps of one encoder layer, by id; their order depends on where the LayerNorm sits. */
export type WalkthroughStepId =
  | 'tokens'
  | 'embeddings'
  | 'qkv'
  | 'scores'
  | 'scale'
  | 'mask'
  | 'softmax'
  | 'weightedValues'
  | 'concat'
  | 'outputProjection'
  | 'residual1'
  | 'norm1'
  | 'ffn'
  | 'residual2'
  | 'norm2';

const ATTENTION_STEPS: readonly WalkthroughStepId[] = ['qkv', 'scores', 'scale', 'mask', 'softmax', 'weightedValues', 'concat', 'outputProjection'];

/** Post-LN (the original): x = LN₁(x + MHA(x)); x = LN₂(x + FFN(x)). */
export const POST_LN_STEPS: readonly WalkthroughStepId[] = ['tokens', 'embeddings', ...ATTENTION_STEPS, 'residual1', 'norm1', 'ffn', 'residual2', 'norm2'];
/** Pre-LN: x = x + MHA(LN₁(x)); x = x + FFN(LN₂(x)). */
export const PRE_LN_STEPS: readonly WalkthroughStepId[] = ['tokens', 'embeddings', 'norm1', ...ATTENTION_STEPS, 'residual1', 'norm2', 'ffn', 'residual2'];

export function stepOrder(normFirst: boolean): readonly WalkthroughStepId[] {
  return normFirst ? PRE_LN_STEPS : POST_LN_STEPS;
}

/** d_k = 2^exponent in the √d_k experiment: 2 … 512. */
export const DK_EXPONENT_MIN = 1;
export const DK_EXPONENT_MAX = 9;

export interface WalkthroughSettings {
  readonly step: WalkthroughStepId;
  /** Walk through the pre-LN order, computed by the walkthrough itself (the lab runs post-LN). Default false. */
  readonly normFirst: boolean;
  /** On the softmax step, show the selected head's weights without the 1/√d_k next to the real ones. Default false. */
  readonly compareUnscaled: boolean;
  /** The √d_k experiment's width as a power of two, DK_EXPONENT_MIN … DK_EXPONENT_MAX (default 6: d_k = 64). */
  readonly dkExponent: number;
  /** Layers in the residual experiment, 1 … 24 (default 12). */
  readonly collapseDepth: number;
  /** Autoplay running (never started under prefers-reduced-motion). */
  readonly playing: boolean;
}

export interface WalkthroughActions {
  readonly set: (patch: Partial<WalkthroughSettings>) => void;
  /** One step on, in the order of `normFirst` (the model's own order when it has one; default: the switch's). */
  readonly next: (normFirst?: boolean) => void;
  readonly back: (normFirst?: boolean) => void;
  readonly reset: () => void;
}

export const DEFAULT_WALKTHROUGH: WalkthroughSettings = {
  step: 'tokens',
  normFirst: false,
  compareUnscaled: false,
  dkExponent: 6,
  collapseDepth: 12,
  playing: false,
};

export type WalkthroughState = WalkthroughSettings & WalkthroughActions;

function moved(s: WalkthroughSettings, by: number, normFirst: boolean = s.normFirst): Partial<WalkthroughSettings> {
  const order = stepOrder(normFirst);
  const index = Math.min(order.length - 1, Math.max(0, order.indexOf(s.step) + by));
  const atEnd = index === order.length - 1;
  return { step: order[index], playing: s.playing && !atEnd };
}

/** A walkthrough store from the defaults with `initial` over them (the app's global one, or one per custom element). */
export function createWalkthroughStore(initial: Partial<WalkthroughSettings> = {}): StoreApi<WalkthroughState> {
  return createStore<WalkthroughState>()((set) => ({
    ...DEFAULT_WALKTHROUGH,
    ...initial,
    set: (patch) => set(patch),
    next: (normFirst) => set((s) => moved(s, 1, normFirst)),
    back: (normFirst) => set((s) => moved(s, -1, normFirst)),
    reset: () => set(DEFAULT_WALKTHROUGH),
  }));
}

const walkthrough = scopedStore<WalkthroughState>(createWalkthroughStore());

/** Like useLab: the nearest <WalkthroughStoreProvider>'s store, else the global one; the static API is the global one. */
export const useWalkthrough = walkthrough.use;
export const useWalkthroughStore = walkthrough.useApi;
export const WalkthroughStoreProvider = walkthrough.Provider;
