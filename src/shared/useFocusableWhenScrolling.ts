import { useEffect, useRef } from 'react';

/**
 * A box that scrolls sideways (a wide formula on a phone) must be reachable by keyboard to be scrolled; one that
 * fits should not add a tab stop. Sets tabindex="0" only while the content overflows.
 */
export function useFocusableWhenScrolling<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const update = () => {
      if (el.scrollWidth > el.clientWidth + 1) el.setAttribute('tabindex', '0');
      else el.removeAttribute('tabindex');
    };
    const observer = new ResizeObserver(update);
    observer.observe(el);
    update();
    return () => observer.disconnect();
  }, []);
  return ref;
}
