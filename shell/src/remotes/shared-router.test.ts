import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as SharedRouter from './shared-router';

const ROOT = path.resolve(__dirname, '..', '..', '..');
/** Code that runs against the shell's shared 'react-router-dom' in the portal: the domain apps and shared-ui. */
const CONSUMERS = [...readdirSync(ROOT).filter((dir) => dir.startsWith('mf-')), 'shared-ui'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !file.includes(`${path.sep}testing${path.sep}`) ? [file] : [];
  });
}

/** Every value imported from 'react-router-dom' by `file` (type-only names excluded), or '*' for a namespace import. */
function routerImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const names: string[] = [];
  for (const [, clause] of code.matchAll(/(?:import|export)\s+(?!type\s)([^;]*?)\s+from\s+['"]react-router-dom['"]/g)) {
    if (/\*/.test(clause!)) names.push('*');
    const braces = /\{([^}]*)\}/.exec(clause!)?.[1] ?? '';
    for (const part of braces.split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

test('every name the domain apps and shared-ui import from react-router-dom is offered by the shell', () => {
  const files = CONSUMERS.flatMap((dir) => sources(path.join(ROOT, dir, 'src')));
  const used = new Map<string, string>();
  for (const file of files) for (const name of routerImports(file)) used.set(name, path.relative(ROOT, file));
  expect(used.size).toBeGreaterThan(5);
  const missing = [...used].filter(([name]) => !(name in SharedRouter)).map(([name, file]) => `${name} (${file})`);
  expect(missing).toEqual([]);
});

test('what the shell offers are the router’s own functions and components', () => {
  for (const [name, value] of Object.entries(SharedRouter)) expect([name, typeof value === 'undefined']).toEqual([name, false]);
});
