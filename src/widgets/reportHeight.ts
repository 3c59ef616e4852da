import { HEIGHT_MESSAGE, type HeightMessage } from '../shared/embedContract';

/** The document's content height in whole CSS pixels (rounded up, so the frame never needs a scrollbar for a fraction). */
function contentHeight(doc: Document): number {
  return Math.max(1, Math.ceil(doc.documentElement.getBoundingClientRect().height));
}

/**
 * Tells the parent page the embed's height whenever it changes (and once at the start), so the parent can size
 * the iframe to fit: { type: HEIGHT_MESSAGE, height } and nothing else, to any origin (a height is no secret).
 * Does nothing outside a frame. Returns a function that stops it.
 */
export function reportHeight(win: Window = window): () => void {
  if (win.parent === win || typeof ResizeObserver === 'undefined') return () => {};
  const doc = win.document;
  let last = 0;
  const send = (): void => {
    const height = contentHeight(doc);
    if (height === last) return;
    last = height;
    const message: HeightMessage = { type: HEIGHT_MESSAGE, height };
    win.parent.postMessage(message, '*');
  };
  // The first observation comes right after observe(): that is the message "after the first render".
  const observer = new ResizeObserver(send);
  observer.observe(doc.documentElement);
  return () => observer.disconnect();
}
