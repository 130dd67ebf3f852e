// `pnpm --filter server db:generate -- --domain <domain> [--name <what>]`: drizzle-kit writes the SQL migration of a
// schema change into core/db/migrations (beside its journal and snapshots, which stay there: they are its state), and
// this moves the new SQL file into the domain's own folder, server/src/domains/<domain>/migrations (core/db/migrations.ts
// collects every folder in the journal's order). `--domain core` leaves it in core.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { domain: { type: 'string' }, name: { type: 'string' } } });
const src = path.join(import.meta.dirname, 'src');
const core = path.join(src, 'core', 'db', 'migrations');
const target = values.domain === 'core' ? core : values.domain && path.join(src, 'domains', values.domain, 'migrations');
if (!target || (values.domain !== 'core' && !fs.existsSync(path.dirname(target)))) {
  console.error('Indica il dominio della migrazione: --domain <cartella di server/src/domains> (o core)');
  process.exit(1);
}
const sqlFiles = () => fs.readdirSync(core).filter((f) => f.endsWith('.sql'));
const before = new Set(sqlFiles());
execFileSync('drizzle-kit', ['generate', ...(values.name ? ['--name', values.name] : [])], { stdio: 'inherit', cwd: import.meta.dirname });
for (const file of sqlFiles().filter((f) => !before.has(f))) {
  if (target === core) continue;
  fs.mkdirSync(target, { recursive: true });
  fs.renameSync(path.join(core, file), path.join(target, file));
  console.log(`${file} → ${path.relative(import.meta.dirname, target)}`);
}
