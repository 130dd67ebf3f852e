// The one worker-thread entry of core/workers/pool.ts: runs the named export of a module on this thread and answers
// its result with the thread's id. The server runs its TypeScript through tsx, whose loader does not reach worker
// threads by itself on Node 20: it is registered here, before the task's module is imported.
import { threadId } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();

/** @param {{ module: string; name: string; input: unknown }} task */
export default async function runTask({ module, name, input }) {
  const started = performance.now();
  const mod = await import(module);
  const output = await mod[name](input);
  return { output, threadId, ms: performance.now() - started };
}
