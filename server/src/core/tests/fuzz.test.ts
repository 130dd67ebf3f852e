/**
 * Fuzzing from the OpenAPI schemas, the full fixed-seed run of 10,000 bad inputs (about 20 s; the same as
 * `pnpm --filter server fuzz`), then 40 multi-megabyte hostile spreadsheets (reliability/spreadsheets.ts): no answer
 * is a 5xx, no hostile spreadsheet is accepted, and the database is unchanged afterwards.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type TestApp, build } from '../../testing/helper';
import { describeReport, fuzzSession } from '../../testing/reliability/fuzz-session';

export const FUZZ_SEED = 20261123;
const SAMPLE = 10_000;

let t: TestApp;
before(async () => {
  t = await build();
});
after(async () => {
  await t.close();
});

test(`${SAMPLE} generated bad inputs: 0 answers 5xx, the database unchanged`, async () => {
  const report = await fuzzSession(t, FUZZ_SEED, SAMPLE);
  console.log(describeReport(report, FUZZ_SEED));
  for (const e of report.serverErrors.slice(0, 10))
    console.log(
      `  5xx: ${e.case.method} ${e.case.url.slice(0, 200)} [${e.case.defect}] ${JSON.stringify(e.case.body)?.slice(0, 200)} → ${e.status} ${e.body}`,
    );
  assert.equal(report.inputs, SAMPLE);
  assert.ok(report.sessionAlive, "the fuzzing administrator's session still works (the run was not anonymous)");
  assert.deepEqual(report.changedTables, [], 'tables changed by bad inputs');
  // Every hostile spreadsheet (a workbook inflating past its limit, too many rows, a lying zip…) is refused whole.
  assert.ok(report.spreadsheets.inputs >= 8);
  assert.deepEqual(
    report.spreadsheets.accepted.map((e) => `${e.case.url} [${e.case.defect}] → ${e.status}`),
    [],
    'hostile spreadsheets accepted',
  );
  assert.deepEqual(
    report.serverErrors.map((e) => `${e.case.method} ${e.case.url.slice(0, 120)} [${e.case.defect}] → ${e.status}`),
    [],
    'answers 5xx',
  );
});
