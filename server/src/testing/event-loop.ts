/**
 * How long the request thread was held while some work ran (issue 25, item 2): the event loop's longest delay,
 * measured by Node's own monitor, and which heavy steps ran off that thread meanwhile. Tests assert on the second
 * (no timed assertion); the bench prints the first.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { OFF_THREAD_CHANNEL, type OffThreadTask } from '../core/workers/pool';

export interface LoopDelay<T> {
  result: T;
  /** The longest the event loop waited beyond its sampling interval, in ms. */
  longestMs: number;
  /** Wall time of the work, in ms. */
  elapsedMs: number;
}

/** Runs `work` while sampling the event loop every `resolutionMs`; answers its result and the longest delay seen. */
export async function longestLoopDelay<T>(work: () => Promise<T>, resolutionMs = 5): Promise<LoopDelay<T>> {
  const monitor = monitorEventLoopDelay({ resolution: resolutionMs });
  // Let the monitor's timer start before the work takes the thread.
  await new Promise((resolve) => setTimeout(resolve, resolutionMs * 2));
  monitor.enable();
  const started = performance.now();
  try {
    const result = await work();
    const elapsedMs = performance.now() - started;
    // One more turn, so a block at the very end is sampled too.
    await new Promise((resolve) => setTimeout(resolve, resolutionMs * 2));
    return { result, longestMs: Math.max(0, monitor.max / 1e6 - resolutionMs), elapsedMs };
  } finally {
    monitor.disable();
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
