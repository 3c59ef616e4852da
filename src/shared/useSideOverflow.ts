import { useEffect, useState } from 'react';

/** Which sides of a box that scrolls sideways hide content right now. */
export interface SideOverflow {
  /** Content is hidden to the left (the box is scrolled away from its start). */
  readonly left: boolean;
  /** Content is hidden to the right. */
  readonly right: boolean;
}

export const NO_SIDE_OVERFLOW: SideOverflow = { left: false, right: false };

/** Pixels of slack, so sub-pixel rounding of scrollWidth never reads as overflow. */
const SLACK = 1;

/** The sides of `el` that hide content, from its scroll position and sizes; both false when everything fits. */
export function sideOverflowOf(el: Pick<HTMLElement, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>): SideOverflow {
  const hidden = el.scrollWidth - el.clientWidth;
  if (hidden <= SLACK) return NO_SIDE_OVERFLOW;
  return { left: el.scrollLeft > SLACK, right: el.scrollLeft < hidden - SLACK };
}

/**
 * Kept current as `el` scrolls or it or its children resize (a wider matrix, a narrower screen). Both false while
 * `el` is null, before the first layout and where there is no ResizeObserver (jsdom): no hint is better than a wrong one.
 */
export function useSideOverflow(el: HTMLElement | null): SideOverflow {
  const [overflow, setOverflow] = useState<SideOverflow>(NO_SIDE_OVERFLOW);
  useEffect(() => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    const update = () => {
      const next = sideOverflowOf(el);
      setOverflow((prev) => (prev.left === next.left && prev.right === next.right ? prev : next));
    };
    const observer = new ResizeObserver(update);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    el.addEventListener('scroll', update, { passive: true });
    update();
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', update);
      setOverflow(NO_SIDE_OVERFLOW);
    };
  }, [el]);
  return el ? overflow : NO_SIDE_OVERFLOW;
}
