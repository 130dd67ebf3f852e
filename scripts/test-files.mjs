// Runs node:test files (the API and browser suites) as one pool of processes, a few side by side: each file in a
// process of its own (node --import tsx <file> for TypeScript, TAP output), its output printed whole when it fails and as one line
// when it passes, its counts read from the TAP summary. Plain JavaScript: scripts/test.mjs imports it before any
// TypeScript tooling runs.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

/** A file runs at most this long; a hung one is killed and counted as failed. */
const FILE_TIMEOUT_MS = 30 * 60_000;

/**
 * @typedef {{ suite: string, file: string, args?: string[], shown?: string, cwd: string, env?: Record<string, string>, label?: string, kind?: string }} FileJob
 *   args: after the file (the runner of several API files takes their bundles)
 *   shown: the file as the report names it (the source of a bundled file); file, relative to cwd, otherwise
 *   kind: the limit of perKind that applies (e.g. 'browser', for every browser suite together)
 * @typedef {{ tests: number, pass: number, fail: number, skipped: number, files: number, failedFiles: string[], failures: { name: string, digest: string }[], startedAt: number, endedAt: number, cpu: number }} SuiteCounts
 *   failures: each failed file's failing tests and their errors, for the recap printed at the end of the run (a
 *   failure printed in the middle of a long run's output may be cut from what CI keeps of it)
 */

const COUNTS = ['tests', 'pass', 'fail', 'skipped', 'cancelled', 'todo'];

/** Reads node:test's TAP summary (`# tests 12`, `# pass 11`, …) at the end of a file's output. */
export function tapSummary(output) {
  const summary = Object.fromEntries(COUNTS.map((k) => [k, 0]));
  for (const line of output.split('\n')) {
    const match = /^# (tests|pass|fail|skipped|cancelled|todo) (\d+)$/.exec(line);
    if (match) summary[match[1]] = Number(match[2]);
  }
  return summary;
}

/** The failing tests of a file's TAP output (each `not ok` line and the first lines of its error), or its last lines. */
export function failureDigest(output) {
  const lines = output.split('\n');
  const digest = [];
  lines.forEach((line, at) => {
    if (!/^\s*not ok \d+/.test(line)) return;
    digest.push(line.trim());
    let kept = 0;
    for (const detail of lines.slice(at + 1, at + 60)) {
      if (/^\s*(not )?ok \d+|^\s*\.\.\.$/.test(detail)) break;
      // The error and its first lines; not node's own frames nor the test runner's.
      if (/node:internal|node:async_hooks|duration_ms|^\s*---$|^\s*(location|failureType):/.test(detail) || kept >= 16) continue;
      digest.push(`  ${detail.trim()}`);
      kept += 1;
    }
  });
  return (digest.length ? digest : lines.filter((l) => l.trim()).slice(-15)).join('\n');
}

/** User and system CPU seconds of this process's children that have ended and been reaped (Linux), or null. */
function reapedChildrenCpu() {
  try {
    // /proc/self/stat: after the command's name in parentheses, cutime and cstime are the 14th and 15th fields.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}
let reapedSoFar = reapedChildrenCpu();

/**
 * The CPU seconds of the children reaped since the last call (call it on each child's 'exit'), or null off Linux.
 */
export function takeReapedCpu() {
  const now = reapedChildrenCpu();
  if (now === null || reapedSoFar === null) return null;
  const taken = now - reapedSoFar;
  reapedSoFar = now;
  return taken;
}

function runOne(job) {
  return new Promise((resolve) => {
    const started = performance.now();
    // TypeScript files through tsx (installed in the packages that have them); JavaScript (the API files' bundles) as
    // it is, its stack traces mapped back to the sources.
    const loader = job.file.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps'];
    const flags = (process.env.TEST_NODE_FLAGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...flags, ...loader, '--test-reporter=tap', job.file, ...(job.args ?? [])], {
      cwd: job.cwd,
      env: { ...process.env, ...job.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n✖ più di ${FILE_TIMEOUT_MS / 60_000} minuti: interrotto\n`;
      child.kill('SIGKILL');
    }, FILE_TIMEOUT_MS);
    // The CPU the file took, its server and browser processes included: what this process's reaped children used
    // grew by it when the file's process was reaped (another file reaped in the same turn may be counted with it).
    let cpuSeconds = null;
    child.on('exit', () => (cpuSeconds = takeReapedCpu()));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const summary = tapSummary(output);
      const ok = code === 0 && summary.fail === 0 && summary.cancelled === 0;
      resolve({ job, ok, code: code ?? signal, output, summary, seconds: (performance.now() - started) / 1000, cpuSeconds });
    });
  });
}

/**
 * Runs every job, at most `concurrency` at once, at most `perSuite[suite]` of one suite and `perKind[kind]` of one
 * kind at once while jobs of another kind wait, in the order
 * given (put the longest first). Answers the counts per suite.
 * @param {FileJob[]} jobs
 * @param {{ concurrency: number, perSuite?: Record<string, number>, perKind?: Record<string, number> }} options
 * @returns {Promise<Record<string, SuiteCounts>>}
 */
export async function runFiles(jobs, { concurrency, perSuite = {}, perKind = {} }) {
  /** @type {Record<string, SuiteCounts>} */
  const suites = {};
  const running = new Map();
  const waiting = [...jobs];
  const busy = (suite) => [...running.values()].filter((j) => j.suite === suite).length;
  const busyKind = (kind) => [...running.values()].filter((j) => j.kind === kind).length;
  // A kind's limit holds while jobs of another kind wait for a slot; once none does, the kind may take every slot.
  const kindLimit = (kind) => (waiting.some((w) => w.kind !== kind) ? (perKind[kind] ?? concurrency) : concurrency);
  const fits = (j) => busy(j.suite) < (perSuite[j.suite] ?? concurrency) && (!j.kind || busyKind(j.kind) < kindLimit(j.kind));
  await new Promise((resolveAll) => {
    const next = () => {
      if (waiting.length === 0 && running.size === 0) return resolveAll();
      while (running.size < concurrency) {
        const index = waiting.findIndex(fits);
        if (index < 0) break;
        const [job] = waiting.splice(index, 1);
        const key = Symbol(job.file);
        running.set(key, job);
        const counts = (suites[job.suite] ??= {
          tests: 0,
          pass: 0,
          fail: 0,
          skipped: 0,
          files: 0,
          failedFiles: [],
          failures: [],
          startedAt: performance.now(),
          endedAt: 0,
          cpu: 0,
        });
        void runOne(job).then((result) => {
          running.delete(key);
          report(result);
          counts.files += 1;
          for (const k of ['tests', 'pass', 'fail', 'skipped']) counts[k] += result.summary[k];
          counts.cpu += result.cpuSeconds ?? 0;
          if (!result.ok) {
            counts.failedFiles.push(`${job.label ?? job.shown ?? job.file}`);
            counts.failures.push({ name: fileName(job), digest: failureDigest(result.output) });
            // A file that died before its summary still counts as one failure.
            if (result.summary.fail === 0) counts.fail += 1;
          }
          counts.endedAt = performance.now();
          next();
        });
      }
    };
    next();
  });
  return suites;
}

const fileName = (job) => `${job.suite} · ${job.shown ?? path.relative(root, path.resolve(job.cwd, job.file))}${job.label ? ` (${job.label})` : ''}`;

function report({ job, ok, code, output, summary, seconds, cpuSeconds }) {
  const name = fileName(job);
  const cpu = cpuSeconds === null ? '' : ` (CPU ${cpuSeconds.toFixed(1)} s)`;
  const counts = `${summary.pass}/${summary.tests}${summary.skipped ? `, ${summary.skipped} saltati` : ''}`;
  if (ok) {
    console.log(`  ✔ ${name}: ${counts} in ${seconds.toFixed(1)} s${cpu}`);
    return;
  }
  console.log(`\n  ✖ ${name}: uscita ${code}, ${summary.fail} falliti di ${summary.tests}, in ${seconds.toFixed(1)} s`);
  console.log(output.replace(/^/gm, '    │ '));
}
