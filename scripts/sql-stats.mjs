// Sums the statement counts the API tests wrote under SQL_STATS (server/src/testing/sql-stats.ts):
//   SQL_STATS=/tmp/s/run node scripts/test.mjs --only api   (or cd server && SQL_STATS=/tmp/s/run NODE_ENV=test npx tsx --test …)
//   node scripts/sql-stats.mjs /tmp/s/run [--top 30] [--routes 15] [--json]
// prints the requests, the statements, statements per request inside and outside requests, the most frequent
// statements (with the routes sending them most) and the routes sending the most statements per request.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const [prefix, ...rest] = process.argv.slice(2);
if (!prefix) {
  console.error('uso: node scripts/sql-stats.mjs <prefisso di SQL_STATS> [--top N] [--routes N] [--json]');
  process.exit(2);
}
const option = (name, fallback) => {
  const at = rest.indexOf(name);
  return at >= 0 ? Number(rest[at + 1]) : fallback;
};
const top = option('--top', 30);
const routeCount = option('--routes', 15);

const dir = path.dirname(prefix);
const base = path.basename(prefix);
const requests = {};
const statements = {};
const ms = {};
for (const file of readdirSync(dir).filter((f) => f.startsWith(`${base}.`) && f.endsWith('.json'))) {
  const counts = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  for (const [text, t] of Object.entries(counts.ms ?? {})) ms[text] = (ms[text] ?? 0) + t;
  for (const [route, n] of Object.entries(counts.requests)) requests[route] = (requests[route] ?? 0) + n;
  for (const [text, byRoute] of Object.entries(counts.statements)) {
    const into = (statements[text] ??= {});
    for (const [route, n] of Object.entries(byRoute)) into[route] = (into[route] ?? 0) + n;
  }
}

const OUTSIDE = '(outside a request)';
const sum = (values) => values.reduce((a, b) => a + b, 0);
const totalRequests = sum(Object.values(requests));
const byStatement = Object.entries(statements).map(([text, byRoute]) => ({
  text,
  inRequests: sum(
    Object.entries(byRoute)
      .filter(([r]) => r !== OUTSIDE)
      .map(([, n]) => n),
  ),
  outside: byRoute[OUTSIDE] ?? 0,
  ms: ms[text] ?? 0,
  byRoute,
}));
const inRequests = sum(byStatement.map((s) => s.inRequests));
const outside = sum(byStatement.map((s) => s.outside));
const perRoute = {};
for (const s of byStatement) for (const [route, n] of Object.entries(s.byRoute)) if (route !== OUTSIDE) perRoute[route] = (perRoute[route] ?? 0) + n;

if (rest.includes('--json')) {
  console.log(JSON.stringify({ requests: totalRequests, inRequests, outside, perRequest: inRequests / totalRequests }, null, 1));
  process.exit(0);
}
const short = (text) => (text.length > 150 ? `${text.slice(0, 147)}…` : text);
console.log(
  `requests ${totalRequests}; statements in requests ${inRequests} (${(inRequests / totalRequests).toFixed(2)} a request); outside requests ${outside}`,
);
console.log(`\nthe ${top} most frequent statements inside requests (count, per request, top routes):`);
for (const s of byStatement.sort((a, b) => b.inRequests - a.inRequests).slice(0, top)) {
  const routes = Object.entries(s.byRoute)
    .filter(([r]) => r !== OUTSIDE)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([r, n]) => `${r} ×${n}`)
    .join('; ');
  console.log(
    `${String(s.inRequests).padStart(7)} ${(s.inRequests / totalRequests).toFixed(3).padStart(6)}  ${short(s.text)}\n                ${routes}`,
  );
}
const totalMs = sum(byStatement.map((s) => s.ms));
console.log(
  `\nthe ${top} statements taking longest in all (ms from call to answer, inside and outside requests; ${(totalMs / 1000).toFixed(1)} s in all):`,
);
for (const s of byStatement.sort((a, b) => b.ms - a.ms).slice(0, top))
  console.log(
    `${(s.ms / 1000).toFixed(2).padStart(7)} s ${String(s.inRequests + s.outside).padStart(6)}× ${((s.ms / (s.inRequests + s.outside)) * 1000).toFixed(0).padStart(6)} µs  ${short(s.text)}`,
  );
console.log(`\nthe ${top} most frequent statements outside requests (the job runner, the tests' own setup):`);
for (const s of byStatement.sort((a, b) => b.outside - a.outside).slice(0, top)) console.log(`${String(s.outside).padStart(7)}  ${short(s.text)}`);
console.log(`\nthe ${routeCount} routes sending the most statements in all (requests, statements, per request):`);
for (const [route, n] of Object.entries(perRoute)
  .sort((a, b) => b[1] - a[1])
  .slice(0, routeCount))
  console.log(
    `${String(requests[route] ?? 0).padStart(6)} ${String(n).padStart(7)} ${(n / (requests[route] || 1)).toFixed(1).padStart(6)}  ${route}`,
  );
