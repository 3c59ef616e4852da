import { useShallow } from 'zustand/react/shallow';
import { useLab, type LabState } from './labStore';

/**
 * The named fields of the nearest lab store (settings or actions). The pick is compared shallowly, so the component
 * re-renders only when one of these fields changes, not on every change to the store.
 */
export function useLabFields<K extends keyof LabState>(...keys: readonly K[]): Pick<LabState, K> {
  return useLab(useShallow((s) => Object.fromEntries(keys.map((k) => [k, s[k]])) as Pick<LabState, K>));
}
