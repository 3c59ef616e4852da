import { createStore, type StoreApi } from 'zustand';
import { persist } from 'zustand/middleware';
import { scopedStore } from '../state/scopedStore';

export type Locale = 'en' | 'zh';

/** The browser's first preferred language decides: zh for any Chinese variant, else en. */
export function browserLocale(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]): Locale {
  return languages[0]?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export interface UiState {
  readonly locale: Locale;
  readonly setLocale: (locale: Locale) => void;
}

const uiState = (locale: Locale) => (set: StoreApi<UiState>['setState']): UiState => ({ locale, setLocale: (next) => set({ locale: next }) });

/** A store for one custom element: its language comes from its own attributes, so nothing is remembered. */
export function createUiStore(locale: Locale): StoreApi<UiState> {
  return createStore<UiState>()(uiState(locale));
}

/** The app's interface preferences, remembered in localStorage (not part of a shared view). */
const globalUi = createStore<UiState>()(persist(uiState(browserLocale()), { name: 'attention-lab-ui', version: 1 }));
const ui = scopedStore<UiState, typeof globalUi>(globalUi);

/**
 * `useUi(selector)` reads the nearest <UiStoreProvider>'s store (a custom element's), else the global, persisted one.
 * `useUi.getState / setState / subscribe / persist` are the global store's.
 */
export const useUi = ui.use;
export const useUiStore = ui.useApi;
export const UiStoreProvider = ui.Provider;
