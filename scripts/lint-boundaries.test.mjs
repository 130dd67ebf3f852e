// The import boundaries of eslint.config.mjs fire: each case lints a few lines as if they were a file of the
// repository (ESLint's Node API, the real configuration, the real files the imports point at) and expects the
// boundary error, or none. Run by `npm test` (lint stage) and by `node --test scripts/lint-boundaries.test.mjs`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The boundary rules need no type information: leaving it out saves building every package's program.
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: path.join(root, 'eslint.config.mjs'),
  overrideConfig: tseslint.configs.disableTypeChecked,
});

/** The boundary errors ESLint reports for `code` placed at `file` (a path under the repository). */
async function boundaryErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  const fatal = result.messages.filter((m) => m.fatal);
  assert.deepEqual(fatal, [], `${file} parses`);
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const expectBlocked = async (file, code, fragment) => {
  const errors = await boundaryErrors(file, code);
  assert.equal(errors.length, 1, `one boundary error for ${file}:\n${code}\ngot: ${JSON.stringify(errors)}`);
  assert.ok(errors[0].includes(fragment), `the error says why: ${errors[0]}`);
};
const expectAllowed = async (file, code) => assert.deepEqual(await boundaryErrors(file, code), [], `${file} may import:\n${code}`);

test('a domain app imports neither another domain app nor the shell', async () => {
  await expectBlocked(
    'mf-booking/src/exposes/routes.tsx',
    "import routes from '../../../mf-registry/src/exposes/routes';\nexport default routes;\n",
    "mf-booking è un'app di dominio",
  );
  await expectBlocked('mf-booking/src/exposes/routes.tsx', "export * from '../../../shell/src/app/routes';\n", "mf-booking è un'app di dominio");
  await expectBlocked('mf-booking/src/exposes/routes.tsx', "export { default } from 'mf-registry/src/exposes/routes';\n", 'Le app (shell, mf-*)');
});

test('a domain app may import the shared packages and its own files', async () => {
  await expectAllowed(
    'mf-booking/src/exposes/routes.tsx',
    "import { notify } from 'shared-ui';\nimport { api } from 'shared-api';\nimport { bootstrap } from '../bootstrap';\nexport default { notify, api, bootstrap };\n",
  );
});

test('a shared package imports no app', async () => {
  await expectBlocked('shared-ui/src/index.ts', "export * from '../../shell/src/app/routes';\n", 'shared-ui è un pacchetto condiviso');
  await expectBlocked(
    'shared-api/src/index.ts',
    "export { default } from '../../mf-registry/src/exposes/routes';\n",
    'shared-api è un pacchetto condiviso',
  );
});

test('server core imports no domain, nor the app above it', async () => {
  await expectBlocked(
    'server/src/core/list.ts',
    "export { users } from '../domains/registry/tables';\n",
    'server/src/core non importa mai un dominio',
  );
  await expectBlocked('server/src/core/list.ts', "export { domains } from '../domains';\n", 'server/src/core non importa mai un dominio');
  await expectBlocked('server/src/core/list.ts', "export { buildApp } from '../app';\n", "non importano l'app");
});

test('a server domain reaches another only through its index.ts and tables.ts', async () => {
  await expectBlocked(
    'server/src/domains/account/service.ts',
    "export { UserRegistry } from '../registry/users/service';\n",
    'Un dominio importa da un altro solo',
  );
  await expectBlocked('server/src/domains/account/service.ts', "export { domains } from '../index';\n", 'Un dominio importa da un altro solo');
  await expectAllowed(
    'server/src/domains/account/service.ts',
    "export { UserRepository } from '../registry';\nexport { users } from '../registry/tables';\nexport { sessions } from './tables';\n",
  );
});

test('a repository throws no HTTP errors and knows no Fastify', async () => {
  const repository = 'server/src/domains/registry/users/repository.ts';
  await expectBlocked(
    repository,
    "import { DomainError } from '../../../core/errors';\nexport const refuse = () => new DomainError('NOT_FOUND');\n",
    'Un repository non lancia errori di dominio',
  );
  await expectBlocked(repository, "import type { FastifyReply } from 'fastify';\nexport type R = FastifyReply;\n", 'Un repository non conosce HTTP');
  await expectAllowed(
    repository,
    "import { isUniqueViolation } from '../../../core/errors';\nexport const taken = (err: unknown) => isUniqueViolation(err);\n",
  );
});

test('a server domain runs periodic work on the job runner, never on a timer of its own', async () => {
  const file = 'server/src/domains/account/housekeeping.ts';
  const timerErrors = async (code) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };
  for (const code of [
    'export const start = () => setInterval(() => undefined, 1000);\n',
    'export const start = () => globalThis.setInterval(() => undefined, 1000);\n',
    "import { setInterval as every } from 'node:timers';\nexport const start = () => every(() => undefined, 1000);\n",
  ]) {
    const errors = await timerErrors(code);
    assert.equal(errors.length >= 1, true, `refused:\n${code}`);
    assert.ok(errors[0].includes('job ricorrente'), errors[0]);
  }
  assert.deepEqual(await timerErrors('export const later = () => setTimeout(() => undefined, 1000);\n'), []);
});

test('no source file of any package over 400 lines, no function over 120; tests and table declarations aside', async () => {
  const sizeErrors = async (file, code) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result.messages.filter((m) => m.ruleId === 'max-lines' || m.ruleId === 'max-lines-per-function').map((m) => m.ruleId);
  };
  const longFunction = `export function Long() {\n${'  console.log(1);\n'.repeat(125)}}\n`;
  const longFile = `${Array.from({ length: 410 }, (_, i) => `export const v${i} = ${i};`).join('\n')}\n`;
  for (const file of [
    'shell/src/features/navigation/TopNav.tsx',
    'mf-finance/src/features/accounting-movements/components/EntryFormModal.tsx',
    'shared-ui/src/table/DataTable.tsx',
    'shared-api/src/client/http.ts',
    'server/src/core/list.ts',
    'bench/booking.ts',
    'scripts/build.mjs',
  ]) {
    assert.deepEqual(await sizeErrors(file, longFunction), ['max-lines-per-function'], `${file}: a function over 120 lines`);
    assert.deepEqual(await sizeErrors(file, longFile), ['max-lines'], `${file}: a file over 400 lines`);
  }
  for (const file of [
    'shared-ui/src/table/DataTable.test.tsx',
    'server/src/domains/booking/tests/x.test.ts',
    'server/src/domains/booking/tables.ts',
  ]) {
    assert.deepEqual(await sizeErrors(file, longFunction + longFile), [], `${file} is not held to the size rule`);
  }
});

/** At least one boundary error, and one of them says why (a relative path out of bench/ trips two rules at once). */
const expectRefused = async (file, code, fragment) => {
  const errors = await boundaryErrors(file, code);
  assert.ok(
    errors.some((e) => e.includes(fragment)),
    `${file} refused because "${fragment}":\n${code}\ngot: ${JSON.stringify(errors)}`,
  );
};

test('bench/ and e2e/ reach another package only through its public entries (package exports), never its internals by path', async () => {
  await expectRefused(
    'bench/list.ts',
    "export { UserRepository } from '../server/src/domains/registry/users/repository.ts';\n",
    'bench/ usa server solo',
  );
  await expectRefused('bench/booking.ts', "export { startServer } from '../e2e/tests/support/server.ts';\n", 'col suo nome');
  await expectRefused('bench/booking.ts', "export { fitetWorkbook } from 'server/src/testing/heavy-files';\n", 'non i suoi file');
  await expectRefused(
    'e2e/tests/polish.test.ts',
    "export { withCheckLetter } from '../../server/src/domains/registry/users/fiscal-code';\n",
    'e2e/ usa server solo',
  );
  await expectRefused(
    'e2e/tests/booking.test.ts',
    "export type { ReservationRule } from '../../shared-api/src/contract/references.ts';\n",
    'e2e/ usa shared-api solo',
  );
  await expectRefused(
    'e2e/tests/support/domain-apps.ts',
    "export type { RemoteName } from '../../../shell/src/remotes/names.ts';\n",
    'e2e/ usa shell solo',
  );
  await expectAllowed(
    'bench/list.ts',
    "export { UserRepository } from 'server/testing';\nexport { startServer } from 'e2e/support/server';\nexport { createScratchDatabase } from 'test-kit';\n",
  );
  await expectAllowed(
    'e2e/tests/booking.test.ts',
    "export type { ReservationRule } from 'shared-api/contract';\nexport { PORTAL_ROUTES } from 'shell/routes';\nexport { startServer } from './support/server.ts';\n",
  );
});

test('every repository file (repository.ts, sessions-repository.ts, …) is held to the repository rule', async () => {
  for (const repository of ['server/src/domains/storage/loads/repository.ts', 'server/src/domains/account/sessions-repository.ts']) {
    await expectBlocked(
      repository,
      "import type { FastifyReply } from 'fastify';\nexport type R = FastifyReply;\n",
      'Un repository non conosce HTTP',
    );
  }
});

test('every dependency used by more than one package takes its version from the pnpm catalog', async () => {
  const { readFileSync, readdirSync, existsSync } = await import('node:fs');
  const manifests = ['.', ...readdirSync(root), 'e2e/vite-app']
    .map((dir) => path.join(root, dir, 'package.json'))
    .filter((file) => existsSync(file) && !file.includes('node_modules'));
  const users = new Map();
  for (const file of manifests) {
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    for (const section of ['dependencies', 'devDependencies', 'peerDependencies'])
      for (const [name, version] of Object.entries(manifest[section] ?? {}))
        users.set(name, [...(users.get(name) ?? []), { pkg: manifest.name, version }]);
  }
  const outside = [...users]
    .filter(([, uses]) => new Set(uses.map((u) => u.pkg)).size > 1)
    .flatMap(([name, uses]) => uses.filter((u) => !/^(catalog|workspace):/.test(u.version)).map((u) => `${u.pkg}: ${name}@${u.version}`));
  assert.deepEqual(outside, [], 'shared dependencies outside the catalog');
});

test("the shell calls no domain's API: its blocks and cards come from the domain apps' slots (issue 41)", async () => {
  const slotErrors = async (file, code) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };
  const refused = "La shell non chiama l'API di un dominio";
  for (const code of [
    "import { api } from 'shared-api';\nexport const next = () => api.get('/user/me/booked-sessions', { filter: 'future' });\n",
    "import { api } from 'shared-api';\nexport const cancel = (id: string) => api.patch(`/training-session/booking/${id}`);\n",
    "import { api } from 'shared-api';\nexport const awaiting = () => api.get('/certificate', { limit: 0 });\n",
  ]) {
    const errors = await slotErrors('shell/src/features/home/Blocks.tsx', code);
    assert.equal(errors.length, 1, `one error for:\n${code}\ngot: ${JSON.stringify(errors)}`);
    assert.ok(errors[0].includes(refused), errors[0]);
  }
  // The shell's own calls and the portal's page paths stay allowed; a domain app calls its API as it likes.
  assert.deepEqual(
    await slotErrors(
      'shell/src/features/home/Links.tsx',
      "import { api } from 'shared-api';\nexport const me = () => api.get('/user/me');\nexport const page = '/certificates/management';\n",
    ),
    [],
  );
  assert.deepEqual(
    await slotErrors(
      'mf-booking/src/features/home/api.ts',
      "import { api } from 'shared-api';\nexport const w = () => api.get('/user/me/waitlist');\n",
    ),
    [],
  );
});

test('front-end code imports each lucide icon from its own module, not the entry of all 1,600', async () => {
  await expectBlocked('shared-ui/src/table/row-icons.tsx', "export { Pencil } from 'lucide-react';\n", 'lucide-react/icons/');
  await expectBlocked(
    'mf-booking/src/exposes/routes.tsx',
    "import { Calendar } from 'lucide-react';\nexport default Calendar;\n",
    'lucide-react/icons/',
  );
  await expectAllowed('shared-ui/src/table/row-icons.tsx', "export { default as Pencil } from 'lucide-react/icons/pencil';\n");
});
