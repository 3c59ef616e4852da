// Page-side probes of npm run bench:ui, kept as source text: tsx would wrap named functions in a helper the page
// does not have. `activityProbeScript` runs before the app (addInitScript): it flags every DOM change and every
// canvas draw, and records long tasks. The action probes then watch the frames after the action: a setTimeout
// queued from requestAnimationFrame runs just after that frame's paint, so "activity flagged since the previous
// frame" means this frame painted it. The action's time is the last such frame, once 250 ms passed with none.

/** What one action cost, ms from the action: its first and last painted change, and its longest main-thread task. */
export interface ActionTiming {
  readonly firstPaintMs: number;
  readonly toPaintMs: number;
  /** Longest 'longtask' entry (tasks over 50 ms) that started after the action; 0 when there was none. */
  readonly longestTaskMs: number;
}

export const activityProbeScript = `(() => {
  const ui = (window.__ui = { active: false, longtasks: [] });
  const flag = () => { ui.active = true; };
  const proto = CanvasRenderingContext2D.prototype;
  for (const name of ['putImageData', 'drawImage', 'stroke', 'fill', 'fillRect', 'clearRect', 'fillText']) {
    const original = proto[name];
    proto[name] = function (...args) { ui.active = true; return original.apply(this, args); };
  }
  new MutationObserver(flag).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) ui.longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask' });
  } catch (e) { /* no long-task timing in this browser: reported as 0 */ }
})()`;

// (act) => Promise<ActionTiming>: runs act() and follows the frames until the page has been quiet for 250 ms.
const FOLLOW_FRAMES = `(act) => new Promise((resolve) => {
  const ui = window.__ui;
  const taskCount = ui.longtasks.length;
  let first = 0;
  let last = 0;
  let quietSince = 0;
  const t0 = performance.now();
  quietSince = t0;
  ui.active = false;
  const done = () => setTimeout(() => {
    const tasks = ui.longtasks.slice(taskCount).filter((e) => e.start >= t0 - 1);
    resolve({ firstPaintMs: first ? first - t0 : 0, toPaintMs: last ? last - t0 : 0, longestTaskMs: Math.max(0, ...tasks.map((e) => e.duration)) });
  }, 60);
  const frame = () => requestAnimationFrame(() => setTimeout(() => {
    const now = performance.now();
    if (ui.active) {
      ui.active = false;
      if (!first) first = now;
      last = now;
      quietSince = now;
    }
    const status = document.querySelector('.lab-status');
    const pending = status !== null && status.dataset.labPending === 'true';
    if ((!pending && now - quietSince > 250) || now - t0 > 5000) done();
    else frame();
  }, 0));
  act();
  frame();
})`;

/** (selector) => Promise<ActionTiming>: a click on the element. */
export const CLICK_TO_PAINT = `(sel) => (${FOLLOW_FRAMES})(() => document.querySelector(sel).click())`;

/** () => Promise<ActionTiming>: one more character in the sentence box (native setter + input event, as React listens). */
export const KEYSTROKE_TO_PAINT = `() => (${FOLLOW_FRAMES})(() => {
  const box = document.querySelector('textarea');
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set;
  setter.call(box, box.value + (box.value.endsWith(' x') ? ' y' : ' x'));
  box.dispatchEvent(new Event('input', { bubbles: true }));
})`;

/** What a paste cost: ms until the token chips show all of its tokens, and until the views have drawn them. */
export interface PasteTiming {
  readonly chipsMs: number;
  readonly mapsMs: number;
  readonly longestTaskMs: number;
}

/**
 * (text, tokens) => Promise<PasteTiming>: replaces the sentence with `text` at once (a paste) and follows the frames:
 * the chips' time is the first frame after which the token list has `tokens` items; the maps' time, the first frame
 * after which the lab is no longer pending and the first map on the page (the selected head's) names that many tokens.
 */
export const PASTE_TO_PAINT = `(text, tokens) => new Promise((resolve) => {
  const ui = window.__ui;
  const taskCount = ui.longtasks.length;
  const t0 = performance.now();
  let chips = 0;
  let maps = 0;
  const box = document.querySelector('textarea');
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set;
  setter.call(box, text);
  box.dispatchEvent(new Event('input', { bubbles: true }));
  const frame = () => requestAnimationFrame(() => setTimeout(() => {
    const now = performance.now();
    const list = document.querySelector('[aria-label="Tokens"]');
    if (!chips && list && list.querySelectorAll('li').length === tokens) chips = now;
    const status = document.querySelector('.lab-status');
    const pending = status !== null && status.dataset.labPending === 'true';
    const map = document.querySelector('.attention-heatmap__chart');
    const label = map ? map.getAttribute('aria-label') || '' : '';
    if (!maps && !pending && label.includes(tokens + ' ')) maps = now;
    if ((chips && maps) || now - t0 > 5000) {
      const tasks = ui.longtasks.slice(taskCount).filter((e) => e.start >= t0 - 1);
      resolve({ chipsMs: chips ? chips - t0 : -1, mapsMs: maps ? maps - t0 : -1, longestTaskMs: Math.max(0, ...tasks.map((e) => e.duration)) });
    } else frame();
  }, 0));
  frame();
})`;
