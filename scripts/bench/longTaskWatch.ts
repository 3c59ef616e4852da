/**
 * The page script the browser benchmarks add before a page loads (modelArrival.ts, longLink.ts): every main-thread
 * long task (over 50 ms) as [start, duration] ms in `window[name].tasks`, and in `window[name].ready` the time of
 * the first frame where `readyWhen` (a JavaScript expression evaluated in the page) is true; 0 until then.
 */
export function longTaskWatch(name: string, readyWhen: string): string {
  return `(() => {
  const seen = (window[${JSON.stringify(name)}] = { tasks: [], ready: 0 });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) seen.tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) { /* no long-task timing in this browser */ }
  const watch = () => {
    if (!seen.ready && (${readyWhen})) seen.ready = performance.now();
    if (!seen.ready) requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
})()`;
}
