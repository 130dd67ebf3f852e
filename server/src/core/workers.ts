import { Worker, type WorkerOptions } from 'node:worker_threads';
import { RUNS_BUILT, tsxApiUrl, workerEntry } from './paths';

/**
 * Starts a worker thread on server/src/<name>.ts (a file named *.worker.ts), the same whether the server runs built
 * (dist/<name>.js, an entry of its own in server/build.mjs) or from its sources through tsx. A worker thread does not
 * run its parent's --import loaders, so from the sources it registers tsx's loader itself before importing the file.
 */
export function startWorker(name: string, options: WorkerOptions = {}): Worker {
  const entry = workerEntry(name);
  if (RUNS_BUILT) return new Worker(entry, options);
  const bootstrap = `import(${JSON.stringify(tsxApiUrl())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}
