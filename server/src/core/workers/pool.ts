/**
 * Work too heavy for the request thread (issue 25): reading an uploaded spreadsheet, rendering a download, checking
 * and extracting a build archive. It runs on a worker thread of one pool (piscina), so every other request is
 * answered meanwhile; a worker that runs out of its memory limit dies alone, and the caller gets an error.
 *
 * A task is the named export of a module, given its input by structured clone (buffers can be transferred):
 * `runOffThread(offThreadModule('domains/registry/fitet/parser'), 'parseFitetUpload', input)`. Every task run is published on
 * the diagnostics channel OFF_THREAD_CHANNEL with the thread it ran on (testing/event-loop.ts reads it).
 */
import { channel } from 'node:diagnostics_channel';
import os from 'node:os';
import { Piscina } from 'piscina';
import { serverModule } from '../paths';

export const OFF_THREAD_CHANNEL = 'club-portal:off-thread';

/** What OFF_THREAD_CHANNEL publishes for each finished task. */
export interface OffThreadTask {
  /** The export that ran (e.g. 'parseFitetFile'). */
  task: string;
  /** The worker thread it ran on (the request thread is 0). */
  threadId: number;
  /** Its time on that thread, ms. */
  ms: number;
}

/**
 * One worker for every core but one (at least one): the request thread keeps a core. One worker stays started from
 * the server's start (startWorkerPool), so no call waits for a thread to boot (180–370 ms from the sources, issue 25):
 * about 10 MB idle. Others end after a minute idle; each may grow its heap to 1 GB (a year's PDF of the sessions
 * needs about 400 MB).
 */
const POOL_OPTIONS = {
  minThreads: 1,
  maxThreads: Math.max(1, os.availableParallelism() - 1),
  idleTimeout: 60_000,
  resourceLimits: { maxOldGenerationSizeMb: 1024 },
} as const;

const published = channel(OFF_THREAD_CHANNEL);
let pool: Piscina | null = null;

interface TaskResult<O> {
  output: O;
  threadId: number;
  ms: number;
}

/**
 * A module whose exports run on a worker thread, by its path under src/ without extension, always as a string literal:
 * `offThreadModule('domains/registry/fitet/parser')`. The server's build (server/build.mjs) finds every such call and
 * writes the module as an entry of its own, dist/<path>.js, which this names when the server runs built.
 */
export const offThreadModule = (name: string): URL => serverModule(name);

/** Starts the pool, and with it its first worker, unless it runs already (the server's start; a task starts it too). */
export function startWorkerPool(): Piscina {
  pool ??= new Piscina({ filename: serverModule('core/workers/entry', '.mjs').href, ...POOL_OPTIONS });
  return pool;
}

/** How many worker threads the pool holds now, started or starting (0 when it is not running). */
export const workerThreadCount = (): number => pool?.threads.length ?? 0;

/** Runs `module`'s export `name` on a worker thread with `input`; `transfer` lists buffers moved rather than copied. */
export async function runOffThread<I, O>(module: URL, name: string, input: I, transfer: ArrayBuffer[] = []): Promise<O> {
  const result = (await startWorkerPool().run({ module: module.href, name, input }, { transferList: transfer })) as TaskResult<O>;
  const message: OffThreadTask = { task: name, threadId: result.threadId, ms: result.ms };
  if (published.hasSubscribers) published.publish(message);
  return result.output;
}

/** Ends the workers (the server's close); the next task starts a pool again. */
export async function closeWorkerPool(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.destroy();
}
