/*
 * What a model kind says about itself while the stand-in runs in its place: loading with progress, a note, or why it
 * failed. One line in the interface draws every kind's (components/model/ModelStatusLine.tsx).
 */

/** A sentence of the interface, by message key, whose placeholders may be sentences too; or the engine's own sentence. */
export type KindText =
  | { readonly key: string; readonly params?: Readonly<Record<string, string | number | KindText>> }
  | { readonly plain: string };

/**
 * Where the line is: the lab (everything), an embed page (the kinds a link opens: a checkpoint; the trained model's
 * file stays quiet there, as the widget works on the stand-in meanwhile), or above a custom element on another site
 * (only the trained file's failure, in words an instructor can act on; the embed view inside says the rest).
 */
export type StatusPlace = 'lab' | 'embed' | 'element';

export type ModelStatus =
  /** Nothing to say: it runs, or it is not loading. */
  | { readonly phase: 'quiet' }
  /** Loading: its sentences and, when the size is known, how far. */
  | { readonly phase: 'loading'; readonly texts: readonly KindText[]; readonly progress: { readonly received: number; readonly total: number } | null }
  /** Why the stand-in runs (nothing opened yet). */
  | { readonly phase: 'note'; readonly texts: readonly KindText[] }
  /** It failed: why, and whether trying again (ensureLoaded) can help. */
  | { readonly phase: 'failed'; readonly texts: readonly KindText[]; readonly retry: boolean };

export const QUIET: ModelStatus = { phase: 'quiet' };

/** "42 %": how much of a download or a file has been read, never over 100 (a body may outgrow its Content-Length). */
export function percentRead(received: number, total: number): string {
  return `${Math.min(100, Math.round((100 * received) / total))} %`;
}

/**
 * `status` memoised on the store state it reads, what else it depends on (`also`: whether this page can start a
 * worker …) and the place: the same object until one of them changes, as useSyncExternalStore needs.
 */
export function statusOnState<S>(read: () => S, status: (state: S, place: StatusPlace) => ModelStatus, also: () => unknown = () => null): (place: StatusPlace) => ModelStatus {
  const last: Partial<Record<StatusPlace, { readonly state: S; readonly other: unknown; readonly value: ModelStatus }>> = {};
  return (place) => {
    const state = read();
    const other = also();
    const kept = last[place];
    if (kept && kept.state === state && Object.is(kept.other, other)) return kept.value;
    const value = status(state, place);
    last[place] = { state, other, value };
    return value;
  };
}
