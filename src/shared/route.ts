import { useSyncExternalStore } from 'react';
import { LESSON_SLUGS, type LessonSlug } from './lessonSlugs';

/*
 * Lessons live in the hash, so every lesson has its own link (…/#/lessons/masking) that works from any static host
 * and sub-path without a server rewrite rule, and the query string stays the lab's settings:
 *
 *   #/lessons            the lesson map
 *   #/lessons/<slug>     one lesson
 *   #/guide              the instructor guide (embedding widgets)
 *   #/playground[?…]     the training playground; the query after '?' is its settings (src/playground/playgroundUrl.ts)
 *   anything else        the lab (or walkthrough, by ?page=)
 */
export type Route =
  | { readonly kind: 'lab' }
  | { readonly kind: 'lesson-map'; readonly unknownSlug?: string }
  | { readonly kind: 'lesson'; readonly slug: LessonSlug }
  | { readonly kind: 'guide' }
  | { readonly kind: 'playground'; readonly query: string };

const PREFIX = '#/lessons';
const GUIDE = '#/guide';
const PLAYGROUND = '#/playground';

export function isLessonSlug(value: string): value is LessonSlug {
  return (LESSON_SLUGS as readonly string[]).includes(value);
}

export function parseRoute(hash: string): Route {
  if (hash === GUIDE || hash === `${GUIDE}/`) return { kind: 'guide' };
  if (hash === PLAYGROUND || hash.startsWith(`${PLAYGROUND}?`) || hash.startsWith(`${PLAYGROUND}/`)) {
    const at = hash.indexOf('?');
    return { kind: 'playground', query: at < 0 ? '' : hash.slice(at + 1) };
  }
  if (hash !== PREFIX && !hash.startsWith(`${PREFIX}/`)) return { kind: 'lab' };
  let rest = hash.slice(PREFIX.length).replace(/^\/+|\/+$/g, '');
  try {
    rest = decodeURIComponent(rest);
  } catch {
    // A malformed escape is just an unknown lesson name.
  }
  if (rest === '') return { kind: 'lesson-map' };
  return isLessonSlug(rest) ? { kind: 'lesson', slug: rest } : { kind: 'lesson-map', unknownSlug: rest };
}

export function routeHash(route: Route): string {
  if (route.kind === 'lab') return '';
  if (route.kind === 'lesson-map') return PREFIX;
  if (route.kind === 'guide') return GUIDE;
  if (route.kind === 'playground') return route.query === '' ? PLAYGROUND : `${PLAYGROUND}?${route.query}`;
  return `${PREFIX}/${route.slug}`;
}

export const lessonHref = (slug: LessonSlug): string => routeHash({ kind: 'lesson', slug });
export const LESSON_MAP_HREF = PREFIX;
export const GUIDE_HREF = GUIDE;
export const PLAYGROUND_HREF = PLAYGROUND;

// Navigation that removes the hash fires no hashchange; this event tells the subscribers instead.
const ROUTE_EVENT = 'attention-lab:route';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('popstate', onChange);
  window.addEventListener(ROUTE_EVENT, onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(ROUTE_EVENT, onChange);
  };
}

const currentHash = (): string => window.location.hash;

/** The route for the current location, re-rendering on navigation. */
export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, currentHash, () => '');
  return parseRoute(hash);
}

/** Goes to a route as a new history entry (Back returns), keeping the query string (the lab's settings). */
export function navigate(route: Route, win: Window = window): void {
  const hash = routeHash(route);
  if (win.location.hash === hash) return;
  win.history.pushState(win.history.state, '', `${win.location.pathname}${win.location.search}${hash}`);
  win.dispatchEvent(new Event(ROUTE_EVENT));
}
