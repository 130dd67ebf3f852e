/**
 * How long the request thread was held while some work ran (issue 25, item 2): the event loop's longest delay,
 * measured by a timer that ticks through it, and which heavy steps ran off that thread meanwhile. Tests assert on the second
 * (no timed assertion); the bench prints the first.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { OFF_THREAD_CHANNEL, type OffThreadTask } from '../core/workers/pool';

export interface LoopDelay<T> {
  result: T;
  /** The longest the event loop waited beyond its sampling interval, in ms. */
  longestMs: number;
  /** Wall time of the work, in ms. */
  elapsedMs: number;
}

/**
 * Runs `work` while a timer ticks every `resolutionMs`; answers its result and the longest the loop held a tick
 * back. Node's monitorEventLoopDelay was used before: on Node 20 it recorded nothing of a synchronous 200 ms block
 * between two awaits (0.2–3 ms reported), so every delay this printed was too low; a plain interval sees it (196 ms).
 */
export async function longestLoopDelay<T>(work: () => Promise<T>, resolutionMs = 5): Promise<LoopDelay<T>> {
  let last = performance.now();
  let longest = 0;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last - resolutionMs);
    last = now;
  };
  const timer = setInterval(tick, resolutionMs);
  try {
    // Let the timer start before the work takes the thread.
    await new Promise((resolve) => setTimeout(resolve, resolutionMs * 2));
    last = performance.now();
    longest = 0;
    const started = performance.now();
    const result = await work();
    const elapsedMs = performance.now() - started;
    // One more turn, so a block at the very end is sampled too.
    await new Promise((resolve) => setTimeout(resolve, resolutionMs * 2));
    tick();
    return { result, longestMs: Math.max(0, longest), elapsedMs };
  } finally {
    clearInterval(timer);
  }
}

/** The tasks core/workers ran off the request thread while `work` ran (each with the thread it ran on). */
export async function offThreadTasksDuring<T>(work: () => Promise<T>): Promise<{ result: T; tasks: OffThreadTask[] }> {
  const tasks: OffThreadTask[] = [];
  const listener = (message: unknown) => void tasks.push(message as OffThreadTask);
  subscribe(OFF_THREAD_CHANNEL, listener);
  try {
    return { result: await work(), tasks };
  } finally {
    unsubscribe(OFF_THREAD_CHANNEL, listener);
  }
}
