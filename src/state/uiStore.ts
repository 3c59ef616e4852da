import { createStore, type StoreApi } from 'zustand';
import { persist } from 'zustand/middleware';
import { browserLocale, isLocale, type Locale } from './locale';
import { scopedStore } from './scopedStore';
import { createMemoryStorage } from './storage/safeStorage';
import { validatedPersistStorage } from './storage/validatedPersistStorage';

export { browserLocale, type Locale } from './locale';

export const UI_STORAGE_KEY = 'attention-lab-ui';
const UI_STORAGE_VERSION = 1;

/** The saved preferences that can be used: only a known locale (anything else, e.g. "xx" or "__proto__", is dropped). */
export function sanitizeUiPreferences(raw: unknown): Pick<UiState, 'locale'> | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const locale = (raw as { locale?: unknown }).locale;
  return isLocale(locale) ? { locale } : null;
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
const globalUi = createStore<UiState>()(
  persist(uiState(browserLocale()), {
    name: UI_STORAGE_KEY,
    version: UI_STORAGE_VERSION,
    storage: validatedPersistStorage({ version: UI_STORAGE_VERSION, sanitize: sanitizeUiPreferences }),
    partialize: (s): Pick<UiState, 'locale'> => ({ locale: s.locale }),
    // Only the sanitised fields are taken; the actions are always the store's own.
    merge: (saved, current) => ({ ...current, ...sanitizeUiPreferences(saved) }),
  }),
);
/**
 * From now on the language is remembered for this page only. An embed calls it: a language chosen by an embed link
 * is for that frame, and must not become the reader's saved preference for the lab (same origin, same key).
 */
export function keepUiPreferencesInMemory(): void {
  globalUi.persist.setOptions({
    storage: validatedPersistStorage({ version: UI_STORAGE_VERSION, sanitize: sanitizeUiPreferences, storage: createMemoryStorage() }),
  });
}

const ui = scopedStore<UiState, typeof globalUi>(globalUi);

/**
 * `useUi(selector)` reads the nearest <UiStoreProvider>'s store (a custom element's), else the global, persisted one.
 * `useUi.getState / setState / subscribe / persist` are the global store's.
 */
export const useUi = ui.use;
export const useUiStore = ui.useApi;
export const UiStoreProvider = ui.Provider;
