import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { LessonSlug } from './types';
import { validatedPersistStorage } from '../state/storage/validatedPersistStorage';
import { isLessonSlug } from '../shared/route';

/** The key a question's answer is stored under: "<lesson slug>/<question id>". */
export const questionKey = (slug: LessonSlug, questionId: string): string => `${slug}/${questionId}`;

export interface ProgressData {
  /** Lessons opened at least once, in the order first visited. */
  readonly visited: readonly LessonSlug[];
  /** questionKey → the id of the choice the student committed to (the latest one when answered again). */
  readonly answers: Readonly<Record<string, string>>;
}

interface ProgressActions {
  readonly visit: (slug: LessonSlug) => void;
  readonly answer: (slug: LessonSlug, questionId: string, choiceId: string) => void;
  /** Forgets one answer so the question can be predicted again. */
  readonly retry: (slug: LessonSlug, questionId: string) => void;
  readonly resetProgress: () => void;
}

export const PROGRESS_STORAGE_KEY = 'attention-lab-progress';
const PROGRESS_STORAGE_VERSION = 1;
const EMPTY: ProgressData = { visited: [], answers: {} };

/**
 * Whatever localStorage held, as valid progress: unknown lessons, non-string answers and any other shape are dropped
 * (the storage is the student's, and may come from an older version or be edited by hand).
 */
export function sanitizeProgress(raw: unknown): ProgressData {
  if (typeof raw !== 'object' || raw === null) return EMPTY;
  const { visited, answers } = raw as { visited?: unknown; answers?: unknown };
  const slugs = Array.isArray(visited) ? visited.filter((v): v is LessonSlug => typeof v === 'string' && isLessonSlug(v)) : [];
  const kept: Record<string, string> = {};
  if (typeof answers === 'object' && answers !== null && !Array.isArray(answers)) {
    for (const [key, value] of Object.entries(answers)) {
      const slug = key.split('/')[0] ?? '';
      if (typeof value === 'string' && isLessonSlug(slug)) kept[key] = value;
    }
  }
  return { visited: Array.from(new Set(slugs)), answers: kept };
}

export type ProgressState = ProgressData & ProgressActions;

/** Lessons visited and questions answered, remembered in this browser (never part of a shared link). */
export const useProgress = create<ProgressState>()(
  persist(
    (set) => ({
      ...EMPTY,
      visit: (slug) => set((s) => (s.visited.includes(slug) ? s : { visited: [...s.visited, slug] })),
      answer: (slug, questionId, choiceId) => set((s) => ({ answers: { ...s.answers, [questionKey(slug, questionId)]: choiceId } })),
      retry: (slug, questionId) =>
        set((s) => {
          const { [questionKey(slug, questionId)]: dropped, ...answers } = s.answers;
          return dropped === undefined ? s : { answers };
        }),
      resetProgress: () => set(EMPTY),
    }),
    {
      name: PROGRESS_STORAGE_KEY,
      version: PROGRESS_STORAGE_VERSION,
      storage: validatedPersistStorage({ version: PROGRESS_STORAGE_VERSION, sanitize: sanitizeProgress }),
      partialize: (s): ProgressData => ({ visited: s.visited, answers: s.answers }),
      merge: (persisted, current) => ({ ...current, ...sanitizeProgress(persisted) }),
    },
  ),
);
