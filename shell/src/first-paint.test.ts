import { afterFirstPaint, FIRST_PAINT_WAIT_MS } from './first-paint';

type Callback = (list: { getEntriesByName: (name: string) => unknown[] }) => void;

/** A PerformanceObserver under the test's control: `paint()` reports the first contentful paint to every observer. */
function fakePaintTiming(supported: string[] = ['paint']) {
  const observers: { callback: Callback; disconnected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = supported;
    private readonly entry: { callback: Callback; disconnected: boolean };
    constructor(callback: Callback) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  Object.defineProperty(globalThis, 'PerformanceObserver', { value: FakeObserver, configurable: true, writable: true });
  return {
    observers,
    paint: () => {
      for (const o of observers.filter((o) => !o.disconnected))
        o.callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{ name }] : []) });
    },
  };
}

const original = globalThis.PerformanceObserver;
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  Object.defineProperty(globalThis, 'PerformanceObserver', { value: original, configurable: true, writable: true });
});

test('runs once the first contentful paint is reported, and not again when the wait’s limit passes', () => {
  const timing = fakePaintTiming();
  const then = jest.fn();
  afterFirstPaint(then);
  expect(then).not.toHaveBeenCalled();
  timing.paint();
  expect(then).toHaveBeenCalledTimes(1);
  expect(timing.observers.every((o) => o.disconnected)).toBe(true);
  jest.advanceTimersByTime(FIRST_PAINT_WAIT_MS * 2);
  expect(then).toHaveBeenCalledTimes(1);
});

test('a page that never paints (a tab opened in the background) runs it once the wait’s limit passes, once', () => {
  const timing = fakePaintTiming();
  const then = jest.fn();
  afterFirstPaint(then);
  jest.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1);
  expect(then).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(then).toHaveBeenCalledTimes(1);
  expect(timing.observers.every((o) => o.disconnected)).toBe(true);
  // The tab is shown later and paints: nothing runs twice.
  timing.paint();
  expect(then).toHaveBeenCalledTimes(1);
});

test('without paint timing, after the first frame, once', () => {
  fakePaintTiming([]);
  const then = jest.fn();
  afterFirstPaint(then);
  expect(then).not.toHaveBeenCalled();
  jest.advanceTimersByTime(50);
  expect(then).toHaveBeenCalledTimes(1);
  jest.advanceTimersByTime(FIRST_PAINT_WAIT_MS * 2);
  expect(then).toHaveBeenCalledTimes(1);
});
