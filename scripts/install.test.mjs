// Issue 44 item 8: `npm start` printed pnpm's red line '✗ 10 packages want Node.js ^22…' while the README says Node 20
// is enough. install() leaves that line out when every package it is about is one this project runs on Node 20
// (KNOWN_ON_NODE_20), and keeps it when another package wants a newer Node. A stand-in pnpm prints what the real
// one does, so the test needs no network and installs nothing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, chmodSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ENGINES_LINE, KNOWN_ON_NODE_20, enginesAuditNames } from './lib.mjs';

const lib = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'install-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const RED =
  '✗ 10 packages want Node.js ^22.22.2 || ^24.15.0 || >=26.0.0, not 20.20.2: @inquirer/ansi@2.1.0, @inquirer/confirm@6.4.0, @inquirer/core@12.1.0 and 7 more (see "pnpm audit engines")';
const audit = (names) => names.map((n) => `${n} 1.0.0  wants Node.js >=22, not Node.js 20.20.2  via msw`).join('\n');

/** A stand-in pnpm: `install` prints an install's last lines (the engines line on stderr), `audit engines` the list. */
function fakePnpm(auditNames) {
  const file = path.join(dir, `pnpm-${auditNames.length}-${auditNames.at(-1)?.replace(/\W/g, '')}.mjs`);
  writeFileSync(
    file,
    `#!${process.execPath}\n` +
      `if (process.argv[2] === 'audit') { console.log(${JSON.stringify(audit(auditNames))}); process.exit(1); }\n` +
      `console.log('✓ Lockfile passes supply-chain policies');\n` +
      `console.error(${JSON.stringify(RED)});\n` +
      `console.log('Done in 3.2s using pnpm v12.26.0');\n`,
  );
  chmodSync(file, 0o755);
  return file;
}

function runInstall(pnpm) {
  const script = `import { install } from ${JSON.stringify(lib)}; await install(${JSON.stringify(pnpm)});`;
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(res.status, 0, res.stderr);
  return res.stdout + res.stderr;
}

test("the engines line about the packages known to run on Node 20 is left out; the install's other lines stay", () => {
  const out = runInstall(fakePnpm(KNOWN_ON_NODE_20));
  assert.doesNotMatch(out, /want Node\.js/);
  assert.match(out, /Lockfile passes supply-chain policies/);
  assert.match(out, /Done in 3\.2s/);
});

test('another package wanting a newer Node keeps the line', () => {
  const out = runInstall(fakePnpm([...KNOWN_ON_NODE_20, 'some-new-package']));
  assert.match(out, /10 packages want Node\.js/);
});

test("pnpm's wording and the audit's list are read as pnpm 12 writes them", () => {
  assert.match(RED, ENGINES_LINE);
  assert.match('✗ 1 package wants Node.js >=22, not 20.20.2: unpdf@1.8.1', ENGINES_LINE);
  assert.deepEqual(
    enginesAuditNames(
      '@inquirer/ansi 2.1.0  wants Node.js ^22.22.2 || ^24.15.0 || >=26.0.0, not Node.js 20.20.2  via msw > @inquirer/confirm\n' +
        'unpdf 1.8.1  wants Node.js >=22, not Node.js 20.20.2  e2e, server\n\n10 incompatible packages\n',
    ),
    ['@inquirer/ansi', 'unpdf'],
  );
});
