import assert from 'node:assert/strict';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { buffer } from 'node:stream/consumers';
import { describe, test } from 'node:test';
import { EXPORT_STEP_CHANNEL, EXPORT_STEP_ROWS, type ExportFile, type ExportStream, buildExport, streamExport } from '../export/exporter';

/**
 * Issue 38: a download streamed as its pages are read (streamExport) writes the same file as the whole-rows one
 * (buildExport) — the same CSV bytes, the same workbook cells with formula-like text kept as text — a bounded step
 * at a time; a PDF past its cap fails before anything is made.
 */
interface Row {
  name: string;
  note: string | null;
  amount: number;
}

const columns = [
  { header: 'Nome', value: (r: Row) => r.name, width: 2 },
  { header: 'Note', value: (r: Row) => r.note },
  { header: 'Importo', value: (r: Row) => r.amount },
];

const rows: Row[] = Array.from({ length: 1234 }, (_, i) => ({
  name: i % 5 === 0 ? `=HYPERLINK("x${i}")` : `Socio ${i} <&> "àè"`,
  note: i % 3 === 0 ? null : `a;b,c\n${i}`,
  amount: i * 1.5,
}));

async function* pages(size: number) {
  for (let at = 0; at < rows.length; at += size) yield rows.slice(at, at + size);
}

const request = { baseName: 'prova', title: 'Prova', columns, timeZone: 'Europe/Rome' };

async function streamed(format: 'csv' | 'xlsx'): Promise<{ body: Buffer; steps: number[] }> {
  const steps: number[] = [];
  const onStep = (message: unknown) => void steps.push((message as { rows: number }).rows);
  subscribe(EXPORT_STEP_CHANNEL, onStep);
  try {
    const file = (await streamExport({ ...request, format, rows: pages(700) })) as ExportStream;
    assert.ok(!Buffer.isBuffer((file as unknown as { body: unknown }).body), 'a stream, not a whole file');
    return { body: await buffer(file.body), steps };
  } finally {
    unsubscribe(EXPORT_STEP_CHANNEL, onStep);
  }
}

async function cellsOf(xlsx: Buffer) {
  const { default: ExcelJS } = await import('@mui/x-internal-exceljs-fork');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const cells: unknown[][] = [];
  // An empty cell is written as '' by the in-memory workbook and left out by the streamed one: both read as nothing.
  sheet.eachRow((row) => cells.push(Array.from({ length: columns.length }, (_, i) => (row.values as unknown[])[i + 1] || undefined)));
  return { sheet, cells };
}

describe('a streamed download', () => {
  test('CSV: the same bytes as the whole-rows download, written at most EXPORT_STEP_ROWS rows a step', async () => {
    const whole = await buildExport({ ...request, format: 'csv', rows });
    const { body, steps } = await streamed('csv');
    assert.equal(body.toString('utf8'), whole.body.toString('utf8'));
    assert.deepEqual(steps, [EXPORT_STEP_ROWS, 200, EXPORT_STEP_ROWS, 34]);
  });

  test('XLSX: the same cells as the whole-rows workbook, the header bold and frozen, filters, formula-like text kept as text', async () => {
    const whole = await cellsOf((await buildExport({ ...request, format: 'xlsx', rows })).body);
    const { body, steps } = await streamed('xlsx');
    const made = await cellsOf(body);
    assert.deepEqual(made.cells, whole.cells);
    assert.equal(steps.length, 4);
    const { sheet } = made;
    assert.equal(sheet.name, 'Prova');
    assert.equal(sheet.getRow(1).getCell(1).font?.bold, true);
    assert.equal(sheet.views[0]?.state, 'frozen');
    assert.ok(sheet.autoFilter, 'filter dropdowns');
    const formula = sheet.getRow(2).getCell(1);
    assert.equal(formula.value, '=HYPERLINK("x0")');
    assert.equal(formula.type, ExcelValueType.String);
    assert.equal(formula.numFmt, '@');
    assert.equal(sheet.getColumn(1).width, 28);
  });

  test('a download cancelled by its reader stops reading the rows (CSV and XLSX)', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      let pulled = 0;
      let finished = false;
      async function* endless() {
        try {
          for (;;) {
            pulled++;
            yield rows.slice(0, 500);
          }
        } finally {
          finished = true;
        }
      }
      const file = (await streamExport({ ...request, format, rows: endless() })) as ExportStream;
      for await (const chunk of file.body) {
        assert.ok((chunk as Buffer).length > 0);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      const seen = pulled;
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(pulled, seen, `${format}: no more rows read once the reader is gone`);
      assert.ok(finished, `${format}: the rows' reader is closed`);
    }
  });

  test('PDF past its cap: the error, at the first page past it', async () => {
    let read = 0;
    async function* counted() {
      for await (const page of pages(100)) {
        read += page.length;
        yield page;
      }
    }
    await assert.rejects(
      streamExport({ ...request, format: 'pdf', rows: counted(), pdfLimit: { rows: 250, error: () => new Error('troppe righe') } }),
      /troppe righe/,
    );
    assert.equal(read, 300);
    const small = await streamExport({ ...request, format: 'pdf', rows: pages(100), pdfLimit: { rows: 5000, error: () => new Error('no') } });
    const pdf = (small as ExportFile).body;
    assert.ok(Buffer.isBuffer(pdf), 'a PDF is made whole (on a worker)');
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  });
});

/** exceljs' ValueType.String. */
const ExcelValueType = { String: 3 } as const;
