// The one worker-thread entry of core/workers/pool.ts: runs the named export of a module on this thread and answers
// its result with the thread's id. Built (server/build.mjs), the modules are JavaScript. From the sources they are
// TypeScript, run through tsx, whose loader does not reach worker threads by itself on Node 20: it is registered here,
// before the first such module is imported (tsx is a development dependency: a production install has none).
import { threadId } from 'node:worker_threads';

let tsxRegistered = false;

/** @param {{ module: string; name: string; input: unknown }} task */
export default async function runTask({ module, name, input }) {
  const started = performance.now();
  if (module.endsWith('.ts') && !tsxRegistered) {
    const { register } = await import('tsx/esm/api');
    register();
    tsxRegistered = true;
  }
  const mod = await import(module);
  const output = await mod[name](input);
  return { output, threadId, ms: performance.now() - started };
}
