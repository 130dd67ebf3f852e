/**
 * Issue 41, releases know slots: the whole-set check warns (without refusing) when a set drops a slot ('home',
 * 'profile': a module a domain app exposes for a shell page) that the live set offered; a set that keeps or adds one
 * has no warning. The warnings come with the dry run the console shows before 'Metti in linea', and with the compose.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DOMAIN_APPS } from 'shared-api/domain-apps';
import { ADMIN, type TestApp, build, call, login } from '../../../testing/helper';
import { publishVersion } from '../releases-root';
import { type FakeBuild, fakeBuild, removeFakeBuilds, writeShellProvides } from './fixtures';

let t: TestApp;
let admin: string;

function publish(folder: string, fake: FakeBuild = {}): string {
  return publishVersion({ releasesDir: t.config.releasesDir, app: folder, distDir: fakeBuild(folder, fake), packageVersion: '0.1.0' }).version;
}
const compose = (apps: Record<string, string>, dryRun?: boolean) =>
  call(t.app, admin, 'POST', '/api/v1/platform/releases', { apps, ...(dryRun === undefined ? {} : { dryRun }) });

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  writeShellProvides(t.config.staticRoot);
  const first: Record<string, string> = {};
  for (const { folder } of DOMAIN_APPS)
    first[folder] = publish(folder, folder === 'mf-booking' ? { exposes: ['./routes', './home', './profile'], label: 'slots' } : {});
  const res = await compose(first);
  assert.equal(res.statusCode, 201, res.body);
  assert.deepEqual(res.json().warnings, []);
});
after(async () => {
  await t.close();
  removeFakeBuilds();
});

test('a set that drops a slot the live set offered is warned about, on the dry run and on the compose; it still goes live', async () => {
  const noHome = publish('mf-booking', { exposes: ['./routes', './profile'], label: 'no-home' });
  const dry = await compose({ 'mf-booking': noHome }, true);
  assert.equal(dry.statusCode, 200, dry.body);
  const warnings = dry.json<{ warnings: string[] }>().warnings;
  assert.equal(warnings.length, 1);
  assert.match(warnings[0]!, new RegExp(`^mf-booking ${noHome}: non offre più lo slot 'home' che \\S+ offriva`));

  const made = await compose({ 'mf-booking': noHome });
  assert.equal(made.statusCode, 201, made.body);
  assert.deepEqual(made.json<{ warnings: string[] }>().warnings, warnings);
});

test('a set that keeps or adds slots has no warning', async () => {
  const both = publish('mf-booking', { exposes: ['./routes', './home', './profile'], label: 'both-again' });
  const res = await compose({ 'mf-booking': both }, true);
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(res.json().warnings, []);
  const finance = publish('mf-finance', { exposes: ['./routes', './home'], label: 'finance-home' });
  assert.deepEqual((await compose({ 'mf-finance': finance }, true)).json().warnings, []);
});
