// The machine's reference: a fixed, single-threaded CPU workload that does not depend on the project, timed before
// npm test's stages so that two runs on machines of different speed compare (every stage is also printed in units
// of it). Machines of this kind differ two to three times in speed from one session to the next; a stage that takes
// the same number of reference units took the same work.
//
// The workload, always the same: 40 rounds of sorting 100,000 pseudo-random numbers (a fixed linear congruential
// generator, so the same numbers every run), a JSON round trip of 20,000 small objects and a regular expression over
// the text. That is the kind of work the tests themselves do (V8's compilers, its garbage collector, strings), not a
// native hash that one processor may have an instruction for. It runs in a child process of its own with no flags,
// and its CPU time (user + system, as the child reports it) is the reference: about 3 s on the slowest machine seen.
//
//   node scripts/machine-reference.mjs          prints the reference
//   import { measureReference } from './machine-reference.mjs'
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const ROUNDS = 40;

function workload() {
  let seed = 20261207;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
  let checksum = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const numbers = Array.from({ length: 100_000 }, next);
    numbers.sort((a, b) => a - b);
    checksum += numbers[50_000];
    const objects = Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `socio-${i}`, cents: Math.floor(next() * 10_000) }));
    const text = JSON.stringify(objects);
    checksum += JSON.parse(text).length;
    checksum += (text.match(/"socio-\d*7"/g) ?? []).length;
  }
  return checksum;
}

/** Runs the workload in a fresh child process; answers its CPU and wall seconds. */
export function measureReference() {
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--work'], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`riferimento della macchina non misurato: ${child.stderr}`);
  return JSON.parse(child.stdout);
}

/** The machine's CPU time so far, busy and idle, over all its cores (ms). */
export function cpuTimes() {
  const cpus = os.cpus();
  const busy = cpus.reduce((n, c) => n + c.times.user + c.times.nice + c.times.sys + c.times.irq, 0);
  const idle = cpus.reduce((n, c) => n + c.times.idle, 0);
  return { busy, idle, cores: cpus.length };
}

/** The machine's busy CPU seconds since `from`, over all its cores. */
export function busySeconds(from) {
  return (cpuTimes().busy - from.busy) / 1000;
}

/** How busy the machine's cores were since `from` (a slot left idle is time a faster run could take back). */
export function busyText(from) {
  const now = cpuTimes();
  const busy = now.busy - from.busy;
  const total = busy + (now.idle - from.idle);
  return total > 0 ? `CPU occupata ${Math.round((100 * busy) / total)}% (${Math.round(busy / 1000)} s di CPU su ${now.cores} core)` : '';
}

/**
 * User and system CPU seconds of this machine's PostgreSQL server so far: every `postgres` process's own and its
 * reaped children's (the postmaster's ended backends), from /proc; null when none is readable (another machine's server).
 */
export function postgresServerCpu() {
  let ticks = 0;
  let found = false;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (!stat.includes(' (postgres) ')) continue;
        // After the command's name in parentheses: utime, stime, cutime and cstime are the 12th to the 15th fields.
        const fields = stat.split(') ')[1].split(' ');
        ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
        found = true;
      } catch {
        // ended meanwhile
      }
    }
  } catch {
    return null;
  }
  return found ? ticks / 100 : null;
}

if (process.argv[2] === '--work') {
  const wallFrom = performance.now();
  const cpuFrom = process.cpuUsage();
  const checksum = workload();
  const cpu = process.cpuUsage(cpuFrom);
  process.stdout.write(JSON.stringify({ cpuSeconds: (cpu.user + cpu.system) / 1e6, wallSeconds: (performance.now() - wallFrom) / 1000, checksum }));
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { cpuSeconds, wallSeconds } = measureReference();
  console.log(`Riferimento della macchina: ${cpuSeconds.toFixed(2)} s di CPU (${wallSeconds.toFixed(2)} s di parete)`);
}
