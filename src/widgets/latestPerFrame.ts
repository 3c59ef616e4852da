/** Asks for a callback at the next frame; returns a function that cancels the request. */
export type RequestFrame = (callback: () => void) => () => void;

/** How long a request waits for an animation frame before the timeout runs it instead. */
export const FRAME_FALLBACK_MS = 100;

/**
 * The window's next frame: requestAnimationFrame, raced by a timeout, because a hidden iframe (display:none, or a
 * cross-origin frame scrolled out of view, which Chromium stops painting) gets no animation frames at all.
 * Whichever comes first runs the callback, once, and cancels the other.
 */
export function nextFrame(win: Window, fallbackMs: number = FRAME_FALLBACK_MS): RequestFrame {
  return (callback) => {
    let done = false;
    let frame: number | null = null;
    let timer: number | null = null;
    const cancel = (): void => {
      done = true;
      if (frame !== null) win.cancelAnimationFrame(frame);
      if (timer !== null) win.clearTimeout(timer);
    };
    const run = (): void => {
      if (done) return;
      cancel();
      callback();
    };
    if (typeof win.requestAnimationFrame === 'function') frame = win.requestAnimationFrame(run);
    timer = win.setTimeout(run, fallbackMs);
    return cancel;
  };
}

export interface LatestPerFrame<T> {
  /** Keeps `value` as the one to apply, replacing any not applied yet, and asks for a frame if none is asked for. */
  readonly push: (value: T) => void;
  /** Drops what is pending and the frame asked for. */
  readonly cancel: () => void;
}

/**
 * Coalesces a burst: of all the values pushed before the next frame only the last is applied, at that frame. A
 * page that sends thousands of values in one go costs one `apply` per frame, not one per value, and the last value
 * always wins.
 */
export function latestPerFrame<T>(apply: (value: T) => void, requestFrame: RequestFrame): LatestPerFrame<T> {
  // Boxed: `undefined` may be a value to apply.
  let pending: { readonly value: T } | null = null;
  let cancelFrame: (() => void) | null = null;
  const flush = (): void => {
    cancelFrame = null;
    const next = pending;
    pending = null;
    if (next) apply(next.value);
  };
  return {
    push: (value) => {
      pending = { value };
      cancelFrame ??= requestFrame(flush);
    },
    cancel: () => {
      cancelFrame?.();
      cancelFrame = null;
      pending = null;
    },
  };
}
