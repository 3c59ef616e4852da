import type { StoreApi } from 'zustand';
import { sentenceAfterLanguageSwitch } from './defaultSentence';
import type { LabState } from './labStore';
import type { UiState } from './uiStore';

/**
 * While installed, switching the interface language swaps the lab's text to the new language's example sentence
 * when it is still the previous language's (a typed or linked text stays). Returns a function that stops it.
 * Only the app installs it (with its URL sync): an embed or element shows the text its link or attributes set.
 */
export function followLanguageWithSentence(lab: StoreApi<LabState>, ui: StoreApi<UiState>): () => void {
  return ui.subscribe((next, previous) => {
    const text = lab.getState().text;
    const swapped = sentenceAfterLanguageSwitch(text, previous.locale, next.locale);
    if (swapped !== text) lab.getState().set({ text: swapped });
  });
}
