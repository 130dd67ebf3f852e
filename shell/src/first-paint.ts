/**
 * Runs `then` once the page's first contentful paint is on screen (the paint timing entry, buffered: at once if it
 * already was), or after the first frame where the browser reports no paint timing. What the page loads and compiles
 * from there never competes with drawing its first frame (issue 44 item 10). login.html's inline script waits for
 * the same moment before preloading the sign-in chunk (tooling/prerender.ts preloadAfterPaint), so the entry's import
 * then finds it preloaded.
 */
export function afterFirstPaint(then: () => void): void {
  const types = typeof PerformanceObserver === 'undefined' ? undefined : PerformanceObserver.supportedEntryTypes;
  if (!types?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(then));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
}
