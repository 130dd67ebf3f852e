/**
 * `pnpm --filter server fuzz [count] [seed]`: the full fuzzing run (10,000 bad inputs by default) on a fresh
 * database (PGlite, or DATABASE_URL's server); prints the counts and exits 1 on any 5xx or changed table.
 */
import { build } from '../helper';
import { describeReport, fuzzSession } from './fuzz-session';

const count = Number(process.argv[2] ?? 10_000);
const seed = Number(process.argv[3] ?? 20261123);
const t = await build();
const started = Date.now();
try {
  const report = await fuzzSession(t, seed, count);
  console.log(describeReport(report, seed));
  console.log(`${((Date.now() - started) / 1000).toFixed(1)} s`);
  const slowest = Object.entries(report.msByOperation).sort((a, b) => b[1] - a[1]);
  for (const [operation, ms] of slowest.slice(0, 15)) console.log(`  ${(ms / 1000).toFixed(1)} s  ${operation}`);
  for (const e of report.serverErrors.slice(0, 20))
    console.log(
      `  5xx: ${e.case.method} ${e.case.url.slice(0, 200)} [${e.case.defect}] ${JSON.stringify(e.case.body)?.slice(0, 200)} → ${e.status} ${e.body}`,
    );
  for (const e of report.accepted.slice(0, 10))
    console.log(
      `  accepted: ${e.case.method} ${e.case.url.slice(0, 200)} [${e.case.defect}] ${JSON.stringify(e.case.body)?.slice(0, 200)} → ${e.status}`,
    );
  process.exitCode = report.serverErrors.length || report.changedTables.length || !report.sessionAlive ? 1 : 0;
} finally {
  await t.close();
}
