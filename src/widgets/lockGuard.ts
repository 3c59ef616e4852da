import type { StoreApi } from 'zustand';
import { settingsOf, useLab, type LabSettings, type LabState } from '../state/labStore';
import type { EmbedControl } from '../shared/embedContract';

/** The lab settings each embed control changes (what a lock keeps fixed). */
export const CONTROL_FIELDS = {
  text: ['text'],
  mask: ['maskMode', 'paddingTokens', 'customMask'],
  heads: ['selectedLayer', 'selectedHead', 'disabledHeads'],
  settings: ['embedDim', 'numHeads', 'numLayers', 'seed', 'positionalEncoding'],
} as const satisfies Record<EmbedControl, readonly (keyof LabSettings)[]>;

type Pinned = Partial<Record<keyof LabSettings, unknown>>;

function pick(settings: LabSettings, locked: readonly EmbedControl[]): Pinned {
  const pinned: Pinned = {};
  for (const control of locked) for (const field of CONTROL_FIELDS[control]) pinned[field] = settings[field];
  return pinned;
}

/**
 * The pinned values as they fit the current model: a locked head selection stays the instructor's as far as an
 * unlocked settings panel leaves the heads in the model (and comes back when the model does).
 */
function fitted(pinned: Pinned, s: LabSettings): Partial<LabSettings> {
  const out: { -readonly [K in keyof LabSettings]?: LabSettings[K] } = { ...(pinned as Partial<LabSettings>) };
  if (typeof out.selectedLayer === 'number') out.selectedLayer = Math.min(out.selectedLayer, s.numLayers - 1);
  if (typeof out.selectedHead === 'number' && out.selectedHead >= s.numHeads) out.selectedHead = 0;
  if (out.disabledHeads) {
    out.disabledHeads = out.disabledHeads.filter(({ layer, head }) => layer < s.numLayers && head < s.numHeads);
  }
  return out;
}

/** Equal values, and list entries (numbers, or pairs such as HeadId and MaskCell) equal field by field. */
function sameEntry(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const fields = Object.keys(a);
  return fields.length === Object.keys(b).length && fields.every((f) => Object.is(Reflect.get(a, f), Reflect.get(b, f)));
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameEntry(x, b[i]));
  return a === b;
}

/**
 * Keeps the settings of locked controls at their current values: any change to them (a widget's own head toggle,
 * a custom-mask cell click, the settings panel's reset, a script) is undone in the same tick, before React paints.
 * The disabled controls are the visible side of a lock; this is the guarantee. `store` is the lab store the view
 * renders from (a custom element's own, or by default the global one). Returns a function that stops it.
 */
export function guardLockedSettings(locked: readonly EmbedControl[], store: StoreApi<LabState> = useLab): () => void {
  if (locked.length === 0) return () => {};
  const pinned = pick(settingsOf(store.getState()), locked);
  const restore = (): void => {
    const settings = settingsOf(store.getState());
    const wanted = fitted(pinned, settings);
    const changed = (Object.keys(wanted) as (keyof LabSettings)[]).some((k) => !same(wanted[k], settings[k]));
    if (changed) store.setState(wanted);
  };
  return store.subscribe(restore);
}
