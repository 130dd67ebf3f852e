// npm test's closing table: each stage's wall and CPU seconds, and the same in units of the machine's reference.
//
// The reference is read twice, before the stages and after them (scripts/machine-reference.mjs), and the units are
// taken on the mean of the two readings. One reading at the start did not follow the machine through a run of twenty
// minutes: on one machine it read 4.77 s at one run's start and 3.32 s twenty minutes later, so the same code printed
// 262 units in one run and 319 in the next (docs/decisions.md, 2026-12-08).

/**
 * The table's lines. `rows`: { name, ok, seconds, cpu?, counts? }; `total`: the same for the whole run;
 * `reference`: { before, after } CPU seconds of the reference workload (after may be null: not read).
 */
export function stageTableLines({ rows, total, reference }) {
  const readings = [reference.before, reference.after].filter((x) => typeof x === 'number');
  const ref = readings.reduce((a, b) => a + b, 0) / readings.length;
  const width = Math.max(...[...rows, total].map((r) => r.name.length), 10);
  const units = (x) => (x === null || x === undefined ? '' : (x / ref).toFixed(0));
  const num = (x, w) => (x === null || x === undefined ? '' : x.toFixed(1)).padStart(w);
  const readingText =
    readings.length === 2
      ? `${reference.before.toFixed(2)} s prima delle fasi, ${reference.after.toFixed(2)} s dopo; "rif." = secondi divisi per la media, ${ref.toFixed(2)} s`
      : `${ref.toFixed(2)} s; "rif." = secondi divisi per il riferimento`;
  const line = (r) =>
    `  ${r.name.padEnd(width)}  ${r.ok ? '  ✔  ' : '  ✖  '}  ${num(r.seconds, 7)}  ${num(r.cpu, 7)}  ${units(r.seconds).padStart(5)}  ${units(r.cpu).padStart(8)}  ${r.counts ?? ''}`;
  return [
    '',
    'Riepilogo (secondi di parete; i controlli girano affiancati, e così i file API e del browser):',
    `Riferimento della macchina (s di CPU): ${readingText}; confrontabili tra macchine`,
    `  ${'fase'.padEnd(width)}  esito  ${'secondi'.padStart(7)}  ${'CPU s'.padStart(7)}  ${'rif.'.padStart(5)}  ${'CPU rif.'.padStart(8)}  test`,
    ...rows.map(line),
    line(total),
  ];
}
