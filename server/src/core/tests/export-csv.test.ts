import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { buildExport, csvCell } from '../export/exporter';

/**
 * CSV downloads are ';'-separated, but a spreadsheet set to a locale whose list separator is ',' splits a row on
 * ',' too: every text field is quoted (RFC 4180), so `x,=3+4,` stays one cell of text and never becomes a formula.
 */
interface Row {
  name: string;
  note: string | null;
  amount: number;
}

const columns = [
  { header: 'Nome', value: (r: Row) => r.name },
  { header: 'Note', value: (r: Row) => r.note },
  { header: 'Importo', value: (r: Row) => r.amount },
];

async function csvText(rows: Row[]): Promise<string> {
  const file = await buildExport({ format: 'csv', baseName: 'prova', title: 'Prova', columns, rows, timeZone: 'Europe/Rome' });
  assert.deepEqual([...file.body.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'a BOM, as Excel in Italy expects');
  return file.body.subarray(3).toString('utf8');
}

describe('CSV cells', () => {
  test("a text field holding ',' is quoted: read with ',' as the separator it stays one cell, no cell starts a formula", async () => {
    const text = await csvText([{ name: 'x,=3+4,', note: 'a;b "c"\nd', amount: 12.5 }]);
    for (const delimiter of [';', ',']) {
      const table: string[][] = parse(text, { delimiter, relax_column_count: true, relax_quotes: true });
      for (const cell of table.flat()) assert.doesNotMatch(cell, /^[=+\-@]/, `delimiter ${delimiter}: ${JSON.stringify(table)}`);
    }
    const [header, row]: string[][] = parse(text, { delimiter: ';' });
    assert.deepEqual(header, ['Nome', 'Note', 'Importo']);
    assert.deepEqual(row, ["x,'=3+4,", 'a;b "c"\nd', '12.5']);
  });

  test('a formula after a separator inside a cell of any column is neutralised too: its quote opens mid-line (issue 39)', async () => {
    const text = await csvText([{ name: 'Rossi', note: 'x,=3+4, y;@SUM(A1) z,"+1', amount: 1 }]);
    // The ',' reader: the line split on ',' — the second column's quote quotes nothing there.
    for (const piece of text.split(/\r?\n/)[1]!.split(',')) assert.doesNotMatch(piece, /^[\s"]*[=+@]/, piece);
    const [, row]: string[][] = parse(text, { delimiter: ';' });
    assert.deepEqual(row, ['Rossi', "x,'=3+4, y;'@SUM(A1) z,'\"+1", '1'], 'read with ";", the text with its apostrophes');
  });

  test('only fields holding a separator, a quote or a line break are quoted; formula openers keep their apostrophe', async () => {
    const text = await csvText([
      { name: 'Rossi', note: null, amount: -3 },
      { name: '=HYPERLINK("http://x.io","a")', note: 'tab\there', amount: 0 },
      { name: 'Bianchi, Giulia', note: '', amount: 1.5 },
    ]);
    assert.deepEqual(text.split(/\r?\n/), [
      'Nome;Note;Importo',
      'Rossi;;-3',
      '"\'=HYPERLINK(""http://x.io"",""a"")";"tab\there";0',
      '"Bianchi, Giulia";;1.5',
      '',
    ]);
    assert.equal(csvCell('@x'), "'@x");
  });
});
