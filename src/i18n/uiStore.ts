import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export type Locale = 'en' | 'zh';

/** The browser's first preferred language decides: zh for any Chinese variant, else en. */
export function browserLocale(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]): Locale {
  return languages[0]?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

interface UiState {
  readonly locale: Locale;
  readonly setLocale: (locale: Locale) => void;
}

/** Interface preferences, remembered in localStorage (not part of a shared view). */
export const useUi = create<UiState>()(
  persist((set) => ({ locale: browserLocale(), setLocale: (locale) => set({ locale }) }), { name: 'attention-lab-ui', version: 1 }),
);
