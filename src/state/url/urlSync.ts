import { useLayoutEffect, useMemo } from 'react';
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useUi, type Locale } from '../uiStore';
import { sentenceForLink } from '../defaultSentence';
import { modelKinds } from '../../models/registry';
import { DEFAULT_SETTINGS, settingsOf, useLab, type LabSettings } from '../labStore';
import { followLanguageWithSentence } from '../sentenceFollowsLanguage';
import { URL_BUDGET } from './urlBudget';
import { parseQuery, settingsToQuery, unknownLabParams, type UrlNotice } from './urlState';

/**
 * How long the URL waits after the last change before it is rewritten: typing changes the text per key, and each
 * history.replaceState costs Chromium a same-document navigation that refetches and re-parses the favicon (about
 * 8 ms of main-thread work, traced on a mask click at 64 tokens). Clicking through heads or masks in quick
 * succession therefore writes once, when the student pauses; a hidden page flushes at once (pagehide).
 */
export const URL_WRITE_DELAY_MS = 400;

interface UrlNoticeState {
  /** What the last link read refused; shown by <UrlNotices>. */
  readonly notices: readonly UrlNotice[];
  readonly dismiss: (index: number) => void;
  readonly dismissAll: () => void;
}

/** The notices from reading the URL. Not part of the lab settings, so kept out of useLab. */
export const useUrlNotices = create<UrlNoticeState>()((set) => ({
  notices: [],
  dismiss: (index) => set((s) => ({ notices: s.notices.filter((_, i) => i !== index) })),
  dismissAll: () => set({ notices: [] }),
}));

/**
 * The query string for the current stores: '' or '?…', at most URL_BUDGET.maxQueryLength characters after the '?'.
 * Parameters that are not the lab's are not kept: nothing on the page reads them (see unknownLabParams).
 */
export function searchForStores(): string {
  return searchFor(settingsOf(useLab.getState()), useUi.getState().locale);
}

function searchFor(settings: LabSettings, locale: Locale): string {
  const query = settingsToQuery(settings, locale);
  return query === '' ? '' : `?${query}`;
}

/** searchForStores() for a link in a component, re-rendering when the settings or the language change. */
export function useStoresSearch(): string {
  const settings = useLab(useShallow(settingsOf));
  const locale = useUi((s) => s.locale);
  return useMemo(() => searchFor(settings, locale), [settings, locale]);
}

/** The hash a shared link carries: the page's own, unless it is longer than any the app writes (a pasted one). */
export function hashForLink(hash: string): string {
  return hash.length <= URL_BUDGET.maxHashLength ? hash : '';
}

/** The absolute URL that reproduces the current view (what the share button copies). */
export function currentShareUrl(loc: Location = window.location): string {
  return `${loc.origin}${loc.pathname}${searchForStores()}${hashForLink(loc.hash)}`;
}

/**
 * Reads a query string into the stores: the locale is switched when the link names one, every setting the link
 * does not set goes back to its default, the text as sentenceForLink says (a link that sets nothing opens on the
 * sentence of the interface language), and the notices (refused values, then parameters that are not the lab's)
 * replace the previous ones.
 */
export function applyQuery(search: string): readonly UrlNotice[] {
  const parsed = parseQuery(search);
  // The language first: the link's settings, text included, are then set over whatever switching it changed.
  if (parsed.locale && parsed.locale !== useUi.getState().locale) useUi.getState().setLocale(parsed.locale);
  const { text: linkText, ...others } = parsed.settings;
  const text = sentenceForLink(linkText, Object.keys(others).length > 0, useUi.getState().locale);
  useLab.getState().set({ ...DEFAULT_SETTINGS, ...parsed.settings, text });
  // model=<a checkpoint on this site>: its kind is chosen above; its files load now.
  for (const kind of modelKinds()) kind.link?.openFromQuery(search);
  const notices = [...parsed.notices, ...unknownLabParams(search)];
  useUrlNotices.setState({ notices });
  return notices;
}

export interface UrlSyncOptions {
  /** Defaults to URL_WRITE_DELAY_MS. */
  readonly delayMs?: number;
  /** Defaults to the global window (tests may pass jsdom's). */
  readonly win?: Window;
}

/**
 * Starts the two-way sync: reads window.location.search into the stores now, then rewrites the URL with
 * history.replaceState (debounced, only when the query changes) after every store change, and reads it again on
 * popstate (back / forward). Returns a function that stops it. The pending write is flushed when the page is
 * hidden, so a reload right after typing keeps the text.
 */
export function initUrlSync(options: UrlSyncOptions = {}): () => void {
  const win = options.win ?? window;
  const delay = options.delayMs ?? URL_WRITE_DELAY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The query this sync last read or wrote. A popstate with the same query is a hash-only move (a lesson link):
  // the stores already hold the newer settings, possibly with a write still pending, so nothing is re-read.
  let knownSearch = win.location.search;

  const write = (): void => {
    timer = undefined;
    const search = searchForStores();
    knownSearch = search;
    if (search === win.location.search) return;
    const url = `${win.location.pathname}${search}${win.location.hash}`;
    try {
      win.history.replaceState(win.history.state, '', url);
    } catch {
      // Safari refuses more than 100 replaceState calls in 30 s; the next change writes again.
    }
  };
  const schedule = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(write, delay);
  };
  const flush = (): void => {
    if (timer === undefined) return;
    clearTimeout(timer);
    write();
  };
  const onPopState = (): void => {
    if (win.location.search === knownSearch) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    knownSearch = win.location.search;
    applyQuery(win.location.search);
  };

  applyQuery(win.location.search);
  const stopSentence = followLanguageWithSentence(useLab, useUi);
  const stopLab = useLab.subscribe(schedule);
  const stopUi = useUi.subscribe(schedule);
  win.addEventListener('popstate', onPopState);
  win.addEventListener('pagehide', flush);
  // Write the canonical form once: refused values, unknown and default-valued parameters leave the address bar.
  schedule();

  return () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    stopSentence();
    stopLab();
    stopUi();
    win.removeEventListener('popstate', onPopState);
    win.removeEventListener('pagehide', flush);
  };
}

/** Keeps the lab and the URL in step while the calling component is mounted (call once, in the app root). */
export function useUrlSync(options?: UrlSyncOptions): void {
  const delayMs = options?.delayMs;
  const win = options?.win;
  // A layout effect: the link's settings are in the store before the first paint, so the defaults never flash.
  useLayoutEffect(() => initUrlSync({ delayMs, win }), [delayMs, win]);
}
