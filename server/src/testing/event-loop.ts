/**
 * How long the request thread was held while some work ran (issue 25, item 2): the event loop's longest delay,
 * measured by a timer that ticks through it, and which heavy steps ran off that thread meanwhile. Tests assert on the second
 * (no timed assertion); the bench prints the first.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { Readable } from 'node:stream';
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

/**
 * A multipart upload encoded before the measure (the client's own work is not the server's), to send with inject as a
 * socket delivers it: 64 KB chunks, each in a turn of the event loop of its own. Inject with the whole body, or with a
 * stream of the chunks alone (Readable.from an array: handed over in process ticks, the loop never turning), makes the
 * server read the whole body in one stretch, which no socket does (46 MB: 120 ms of the loop that is the test's own).
 */
export async function socketLikeUpload(field: string, data: Buffer, name: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  form.append(field, new Blob([new Uint8Array(data)]), name);
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const chunks = Array.from({ length: Math.ceil(body.length / 65536) }, (_, i) => body.subarray(i * 65536, (i + 1) * 65536));
  async function* delivered() {
    for (const chunk of chunks) {
      await new Promise((resolve) => setImmediate(resolve));
      yield chunk;
    }
  }
  return { contentType: encoded.headers.get('content-type')!, stream: () => Readable.from(delivered(), { objectMode: false }) };
}
