/**
 * The longest wait for the first paint. A tab opened in the background paints nothing until it is shown, and a page
 * may never report a contentful paint: what waits for the paint then starts anyway (a background tab's timers still
 * run, throttled to once a second).
 */
export const FIRST_PAINT_WAIT_MS = 2000;

/**
 * Runs `then` once the page's first contentful paint is on screen (the paint timing entry, buffered: at once if it
 * already was), or after the first frame where the browser reports no paint timing, and at the latest after
 * FIRST_PAINT_WAIT_MS; once in any case. What the page loads and compiles from there never competes with drawing its
 * first frame (issue 44 item 10). login.html's inline script waits for the same moment before preloading the sign-in
 * chunk (tooling/prerender.ts preloadAfterPaint), so the entry's import then finds it preloaded.
 */
export function afterFirstPaint(then: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    observer?.disconnect();
    then();
  };
  const fallback = setTimeout(run, FIRST_PAINT_WAIT_MS);
  const types = typeof PerformanceObserver === 'undefined' ? undefined : PerformanceObserver.supportedEntryTypes;
  // (its callback runs as a task of its own, never inside observe(): `observer` is set by then)
  const observer = types?.includes('paint')
    ? new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length) run();
      })
    : undefined;
  if (observer) observer.observe({ type: 'paint', buffered: true });
  else requestAnimationFrame(() => setTimeout(run));
}
