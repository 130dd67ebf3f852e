import { rspack } from '@rspack/core';
import cfg from '/work/wt-h26p/shell/rspack.config.ts';
const all: any = (cfg as any).default ?? cfg;
const config = Array.isArray(all) ? all[0] : all;
const c: any = { ...config, output: { ...config.output, path: '/tmp/h26p-stats' }, plugins: config.plugins!.slice(0, -2) };
rspack(c).run((err, stats) => {
  if (err) throw err;
  const s = stats!.toJson({ modules: true, chunks: true, nestedModules: true, chunkModules: true });
  for (const ch of s.chunks!) {
    if (!process.argv.slice(2).some((n) => ch.names!.includes(n) || String(ch.id) === n)) continue;
    const by: Record<string, number> = {};
    const walk = (m: any) => { if (m.modules) return m.modules.forEach(walk); const n = m.name || ''; const k = process.env.FULL ? n : n.includes('node_modules') ? n.replace(/.*node_modules\/(@[^/]+\/[^/]+|[^/]+).*/, '$1') : n.replace(/^(\.\/)?(\.\.\/)*/, '').split('/').slice(0, 3).join('/'); by[k] = (by[k] || 0) + (m.size || 0); };
    ch.modules!.forEach(walk);
    console.log('chunk', ch.id, ch.names, ch.size, 'files', ch.files);
    Object.entries(by).sort((a, b) => b[1] - a[1]).slice(0, 30).forEach(([k, v]) => console.log(String(v).padStart(8), k));
  }
});
