import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { validatedPersistStorage } from './storage/validatedPersistStorage';

/*
 * Whether the lab's "New here? Start with lesson 1" entry was dismissed (closed, or its link followed), remembered
 * in localStorage like the interface preferences (src/state/uiStore.ts): through the never-throwing, validating
 * storage, so a blocked or full storage only means it is remembered for this page, and a corrupt saved value
 * means it shows again. Shape on disk:
 *
 *   attention-lab-first-visit = { "state": { "dismissed": true }, "version": 1 }
 */

export const FIRST_VISIT_STORAGE_KEY = 'attention-lab-first-visit';
const FIRST_VISIT_STORAGE_VERSION = 1;

interface FirstVisitSaved {
  readonly dismissed: boolean;
}

export interface FirstVisitState extends FirstVisitSaved {
  readonly dismiss: () => void;
}

/** The saved state that can be used: `dismissed` as a boolean, nothing else. */
export function sanitizeFirstVisit(raw: unknown): FirstVisitSaved | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const dismissed = (raw as { dismissed?: unknown }).dismissed;
  return typeof dismissed === 'boolean' ? { dismissed } : null;
}

export const useFirstVisit = create<FirstVisitState>()(
  persist((set) => ({ dismissed: false, dismiss: () => set({ dismissed: true }) }), {
    name: FIRST_VISIT_STORAGE_KEY,
    version: FIRST_VISIT_STORAGE_VERSION,
    storage: validatedPersistStorage({ version: FIRST_VISIT_STORAGE_VERSION, sanitize: sanitizeFirstVisit }),
    partialize: (s): FirstVisitSaved => ({ dismissed: s.dismissed }),
    // Only the sanitised field is taken; the action is always the store's own.
    merge: (saved, current) => ({ ...current, ...sanitizeFirstVisit(saved) }),
  }),
);
