/**
 * The release health check's set-up (health.ts): playwright-core is a development dependency of the server, so a
 * production install has none; the check is then off and the log says how to turn it on.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DRIVER_MISSING, HeadlessHealthChecker, headlessHealthChecker } from '../health';

const options = { baseUrl: () => 'http://127.0.0.1:1' };
// Any existing file stands for the Chromium executable: the check is only set up, never run, here.
const chromium = process.execPath;

test('without playwright-core the check is off and the log says how to turn it on', () => {
  const lines: string[] = [];
  assert.equal(headlessHealthChecker(chromium, options, { log: (l) => lines.push(l), hasDriver: () => false }), null);
  assert.deepEqual(lines, [DRIVER_MISSING]);
  assert.match(DRIVER_MISSING, /playwright-core non è installato.*pnpm --filter server add playwright-core/);
});

test('with playwright-core and a Chromium the check is on, and nothing is logged', () => {
  const lines: string[] = [];
  const checker = headlessHealthChecker(chromium, options, { log: (l) => lines.push(l), hasDriver: () => true });
  assert.ok(checker instanceof HeadlessHealthChecker);
  assert.deepEqual(lines, []);
});

test('off, or no Chromium at the path, is off without a word whether playwright-core is installed or not', () => {
  const lines: string[] = [];
  const log = (l: string) => lines.push(l);
  assert.equal(headlessHealthChecker('off', options, { log, hasDriver: () => false }), null);
  assert.equal(headlessHealthChecker('/nonexistent/chromium', options, { log, hasDriver: () => false }), null);
  assert.deepEqual(lines, []);
});

test('in this development install playwright-core is found', () => {
  assert.ok(headlessHealthChecker(chromium, options, { log: () => assert.fail('nothing to log') }) instanceof HeadlessHealthChecker);
});
