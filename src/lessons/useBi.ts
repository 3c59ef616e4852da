import { useUi } from '../state/uiStore';
import type { Bi } from './types';

/** Picks the current interface language's side of lesson text. */
export function useBi(): (text: Bi) => string {
  const locale = useUi((s) => s.locale);
  return (text) => text[locale];
}
