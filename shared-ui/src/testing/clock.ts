/**
 * The unit tests' clock: every jest test starts at the same instant (jest.config.cjs, `fakeTimers.now`: the test kit's
 * instant, test-kit/src/test-now.json), never at the real date, so "today" and everything computed from it (the week a
 * calendar opens on, a preset period, a minor's age) are the same on every run. jest.setup.ts calls this before the
 * test files load and again before each test.
 *
 * Only Date is replaced, and it runs on from that instant as real time passes: timers stay real, so Testing
 * Library's waitFor and user-event's delays work as usual. A test that needs fake timers calls jest.useFakeTimers()
 * (it starts at the same instant: the configured `now` is jest's default) and, to leave them, calls this instead of
 * jest.useRealTimers(), which would bring back the real date. A test that needs another day sets it with
 * jest.setSystemTime(…).
 */
export function resetTestClock(): void {
  jest.useFakeTimers({
    advanceTimers: true,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}
