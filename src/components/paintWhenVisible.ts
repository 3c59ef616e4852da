/*
 * Canvas painting for what is on screen. A keystroke on the trained model changes eleven heatmaps and the head
 * view's lines; painting the ones scrolled out of sight cost about a third of the keystroke's main-thread time
 * (`npm run bench:ui`). A canvas asks to be painted with paintWhenVisible: on or near the screen (or before the
 * first observation) it paints at once; out of sight its latest paint waits until it scrolls into view.
 *
 *   const cancel = paintWhenVisible(canvas, () => draw(canvas));   // in an effect; cancel drops a waiting paint
 *   stopWatching(canvas)                                          // on unmount
 *
 * Without IntersectionObserver (jsdom, very old browsers) every paint runs at once. Printing flushes every waiting
 * paint first, so a printed page has all its maps.
 */

/**
 * Canvases this close to the screen still paint at once. Small on purpose: a canvas keeps its last drawing, so one
 * that scrolls in shows its old numbers for a frame at most, never a blank (its first paint is always at once).
 */
const MARGIN = '64px';

const visible = new WeakMap<Element, boolean>();
const waiting = new Map<Element, () => void>();
let observer: IntersectionObserver | null = null;

function watcher(): IntersectionObserver | null {
  if (observer) return observer;
  if (typeof IntersectionObserver === 'undefined') return null;
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        visible.set(entry.target, entry.isIntersecting);
        if (!entry.isIntersecting) continue;
        const paint = waiting.get(entry.target);
        if (paint) {
          waiting.delete(entry.target);
          paint();
        }
      }
    },
    { rootMargin: MARGIN },
  );
  if (typeof window !== 'undefined') window.addEventListener('beforeprint', flushWaitingPaints);
  return observer;
}

/** Runs every paint that is waiting for its canvas to come into view. */
export function flushWaitingPaints(): void {
  const paints = [...waiting.values()];
  waiting.clear();
  for (const paint of paints) paint();
}

/**
 * Paints `el` now if it is on screen (or not yet observed), else when it next comes into view. Returns a function
 * that drops the paint if it is still waiting (an effect's cleanup: newer numbers replace it).
 */
export function paintWhenVisible(el: Element, paint: () => void): () => void {
  const io = watcher();
  if (!io) {
    paint();
    return () => {};
  }
  if (!visible.has(el)) {
    io.observe(el);
    visible.set(el, true); // unknown until the first observation: paint now rather than show a blank canvas
  }
  if (visible.get(el)) {
    waiting.delete(el);
    paint();
    return () => {};
  }
  waiting.set(el, paint);
  return () => {
    if (waiting.get(el) === paint) waiting.delete(el);
  };
}

/** Stops watching `el` (its component unmounted). */
export function stopWatching(el: Element): void {
  waiting.delete(el);
  visible.delete(el);
  observer?.unobserve(el);
}
