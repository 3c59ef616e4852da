import { createStore, type StoreApi } from 'zustand';
import { sameCell, sameHead, type HeadId, type MaskCell } from '../engine';
import { defaultSentence, LINK_DEFAULT_SENTENCE } from './defaultSentence';
import type { ModelChoice } from './modelChoice';
import { scopedStore } from './scopedStore';
import { useUi } from './uiStore';

export type MaskMode = 'none' | 'causal' | 'padding' | 'custom';
/** A head index, or the average over the layer's active heads. */
export type HeadChoice = number | 'average';
/** What the selected head's large heatmap shows: softmax weights, raw scores QKᵀ, or scaled scores QKᵀ/√d_k. */
export type MatrixView = 'weights' | 'scores' | 'scaled';
export const MATRIX_VIEWS: readonly MatrixView[] = ['weights', 'scores', 'scaled'];
/** Which view of the same settings is open: the lab (heatmaps, head view) or the stepwise walkthrough. */
export type LabPage = 'lab' | 'walkthrough';
export const LAB_PAGES: readonly LabPage[] = ['lab', 'walkthrough'];

/** What the student has chosen. Everything shown is derived from these; nothing computed is stored here. */
export interface LabSettings {
  /** The trained language model, or the encoder with random weights (whose width, heads, layers and seed follow). */
  readonly model: ModelChoice;
  readonly text: string;
  readonly embedDim: number;
  readonly numHeads: number;
  readonly numLayers: number;
  readonly seed: number;
  readonly positionalEncoding: boolean;
  readonly maskMode: MaskMode;
  /** Token indices marked as padding (used when maskMode is 'padding'). */
  readonly paddingTokens: readonly number[];
  /** Blocked query → key cells (used when maskMode is 'custom'); a link writes them "query-key", e.g. cells=2-5. */
  readonly customMask: readonly MaskCell[];
  /** Ablated heads; a link writes them "layer-head", e.g. off=0-3. */
  readonly disabledHeads: readonly HeadId[];
  /** The trained model's own causal mask (query i reads keys 0…i); off lets every position read the future. */
  readonly causal: boolean;
  /** The position whose next-token predictions are shown (0-based); null: the last. */
  readonly predictAt: number | null;
  readonly selectedLayer: number;
  readonly selectedHead: HeadChoice;
  readonly matrixView: MatrixView;
  readonly page: LabPage;
}

export interface LabActions {
  readonly set: (patch: Partial<LabSettings>) => void;
  readonly toggleHead: (layer: number, head: number) => void;
  /** Only `head` of `layer` on (of the run's `numHeads`); other layers keep their switches. */
  readonly onlyHead: (layer: number, head: number, numHeads: number) => void;
  /** Every head of `layer` back on; every head of every layer when `layer` is omitted. */
  readonly allHeadsOn: (layer?: number) => void;
  readonly togglePadding: (token: number) => void;
  readonly toggleCustomCell: (query: number, key: number) => void;
  readonly reset: () => void;
}

export const DEFAULT_SETTINGS: LabSettings = {
  model: 'trained',
  // English; the app opens on the interface language's sentence (src/state/defaultSentence.ts).
  text: LINK_DEFAULT_SENTENCE,
  embedDim: 32,
  numHeads: 4,
  numLayers: 2,
  seed: 7,
  positionalEncoding: true,
  maskMode: 'none',
  paddingTokens: [],
  customMask: [],
  disabledHeads: [],
  causal: true,
  predictAt: null,
  selectedLayer: 0,
  selectedHead: 0,
  matrixView: 'weights',
  page: 'lab',
};

/** `list` without `item` when it holds an equal one (by `same`), else with `item` added at the end. */
function toggled<T>(list: readonly T[], item: T, same: (a: T, b: T) => boolean = Object.is): T[] {
  return list.some((x) => same(x, item)) ? list.filter((x) => !same(x, item)) : [...list, item];
}

export type LabState = LabSettings & LabActions;

/**
 * A lab store starting from the defaults with `initial` over them (the app's global one, or one per custom element).
 * `resetTo`: what reset() sets, read when it is called.
 */
export function createLabStore(initial: Partial<LabSettings> = {}, resetTo: () => LabSettings = () => DEFAULT_SETTINGS): StoreApi<LabState> {
  return createStore<LabState>()((set) => ({
    ...DEFAULT_SETTINGS,
    ...initial,
    set: (patch) => set(patch),
    toggleHead: (layer, head) => set((s) => ({ disabledHeads: toggled(s.disabledHeads, { layer, head }, sameHead) })),
    onlyHead: (layer, head, numHeads) =>
      set((s) => ({
        disabledHeads: [
          ...s.disabledHeads.filter((h) => h.layer !== layer),
          ...Array.from({ length: numHeads }, (_, h) => h)
            .filter((h) => h !== head)
            .map((h) => ({ layer, head: h })),
        ],
      })),
    allHeadsOn: (layer) => set((s) => ({ disabledHeads: layer === undefined ? [] : s.disabledHeads.filter((h) => h.layer !== layer) })),
    togglePadding: (token) => set((s) => ({ paddingTokens: toggled(s.paddingTokens, token).sort((a, b) => a - b) })),
    toggleCustomCell: (query, key) => set((s) => ({ customMask: toggled(s.customMask, { query, key }, sameCell) })),
    reset: () => set(resetTo()),
  }));
}

// The app's Reset also clears a typed sentence, so it returns to the example sentence of the interface language.
const lab = scopedStore<LabState>(createLabStore({}, () => ({ ...DEFAULT_SETTINGS, text: defaultSentence(useUi.getState().locale) })));

/**
 * `useLab(selector)` reads the nearest <LabStoreProvider>'s store (a custom element's), else the global one.
 * `useLab.getState / setState / subscribe` are the global store's: for non-React code (URL sync, presets, tests).
 * Inside a component, use `useLabStore().getState()` so an element acts on its own store.
 */
export const useLab = lab.use;
export const useLabStore = lab.useApi;
export const LabStoreProvider = lab.Provider;

/** Only the settings, for URL sync and tests. */
export function settingsOf(state: LabState): LabSettings {
  const { set, toggleHead, onlyHead, allHeadsOn, togglePadding, toggleCustomCell, reset, ...settings } = state;
  return settings;
}
