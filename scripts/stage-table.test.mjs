import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stageTableLines } from './stage-table.mjs';

const rows = [{ name: 'Unitari (jest)', ok: true, seconds: 300, cpu: 160, counts: '747/747' }];
const total = { name: 'Totale', ok: true, seconds: 1200, cpu: 2400, counts: 'CPU occupata 95%' };

test('the units are taken on the mean of the readings before and after the stages, and both readings are printed', () => {
  const lines = stageTableLines({ rows, total, reference: { before: 5, after: 3 } });
  assert.match(lines[2], /5\.00 s prima delle fasi, 3\.00 s dopo; "rif\." = secondi divisi per la media, 4\.00 s/);
  const jest = lines.find((l) => l.includes('Unitari'));
  // 300 s of wall and 160 s of CPU at 4 s: 75 and 40 units.
  assert.match(jest, /300\.0\s+160\.0\s+75\s+40\s+747\/747/);
  assert.match(lines.at(-1), /Totale\s+✔\s+1200\.0\s+2400\.0\s+300\s+600\s+CPU occupata 95%/);
});

test('one reading alone (none after) is the unit', () => {
  const lines = stageTableLines({ rows, total, reference: { before: 3, after: null } });
  assert.match(lines[2], /3\.00 s; "rif\." = secondi divisi per il riferimento/);
  assert.match(
    lines.find((l) => l.includes('Unitari')),
    /\s100\s+53\s/,
  );
});

test('a failed stage is marked and a row without CPU leaves its cells empty', () => {
  const lines = stageTableLines({
    rows: [{ name: 'Build del server', ok: false, seconds: 31.5 }],
    total,
    reference: { before: 4, after: 4 },
  });
  assert.match(
    lines.find((l) => l.includes('Build')),
    /Build del server\s+✖\s+31\.5 {15}8\s*$/,
  );
});
