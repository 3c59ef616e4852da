import { create } from 'zustand';

/** What the student has chosen. Attention traces are derived from these, never stored here. */
export interface LabSettings {
  readonly text: string;
  readonly embedDim: number;
  readonly numHeads: number;
  readonly numLayers: number;
  readonly seed: number;
  readonly positionalEncoding: boolean;
  readonly causal: boolean;
  /** Which layer's heads are shown. */
  readonly layer: number;
}

export interface LabActions {
  readonly set: (patch: Partial<LabSettings>) => void;
  readonly reset: () => void;
}

export const DEFAULT_SETTINGS: LabSettings = {
  text: 'The animal did not cross the street because it was too tired.',
  embedDim: 32,
  numHeads: 4,
  numLayers: 2,
  seed: 7,
  positionalEncoding: true,
  causal: false,
  layer: 0,
};

export const useLab = create<LabSettings & LabActions>()((set) => ({
  ...DEFAULT_SETTINGS,
  set: (patch) => set(patch),
  reset: () => set(DEFAULT_SETTINGS),
}));
