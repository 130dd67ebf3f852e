/**
 * core/files/xlsx-rows.ts, the streaming reader of a workbook's first sheet (issue 25): the cells Excel writes
 * (shared and inline strings, rich text, numbers, dates by built-in and custom formats, formulas' results,
 * booleans) come out with their column numbers, empty rows and cells are skipped, a far column costs one cell,
 * and the inflated size is bounded whatever the zip declares.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import ExcelJS from '@mui/x-internal-exceljs-fork';
import { XlsxError, type XlsxRow, readFirstSheetRows } from '../files/xlsx-rows';
import { strayColumnWorkbook, whitespaceWorkbook, workbookWithSheetData } from '../../testing/heavy-files';

const LIMITS = { maxInflatedBytes: 8 * 1024 * 1024 };

async function rowsOf(data: Buffer, limits = LIMITS): Promise<XlsxRow[]> {
  const rows: XlsxRow[] = [];
  await readFirstSheetRows(data, limits, (row) => rows.push(row));
  return rows;
}

describe('the streaming reader of a workbook', () => {
  test('what exceljs (as Excel) writes: strings, rich text, numbers, dates, formulas, booleans; the first sheet only', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Primo');
    sheet.getCell('A1').value = 'Codice';
    sheet.getCell('B1').value = { richText: [{ text: 'Data ' }, { text: 'emissione', font: { bold: true } }] };
    sheet.getCell('A3').value = 1045872;
    sheet.getCell('B3').value = new Date(Date.UTC(2026, 8, 1));
    sheet.getCell('C3').value = new Date(Date.UTC(2027, 7, 31));
    sheet.getCell('C3').numFmt = 'dd/mm/yyyy';
    sheet.getCell('D3').value = { formula: 'A3*2', result: 2091744 };
    sheet.getCell('E3').value = true;
    sheet.getCell('F3').value = 2.5;
    sheet.getCell('F3').numFmt = '0.00 "m"';
    sheet.getCell('XFD4').value = 'lontano';
    wb.addWorksheet('Secondo').getCell('A1').value = 'mai letto';
    const rows = await rowsOf(Buffer.from(await wb.xlsx.writeBuffer()));
    assert.deepEqual(rows, [
      {
        row: 1,
        cells: [
          [1, 'Codice'],
          [2, 'Data emissione'],
        ],
      },
      {
        row: 3,
        cells: [
          [1, 1045872],
          [2, new Date(Date.UTC(2026, 8, 1))],
          [3, new Date(Date.UTC(2027, 7, 31))],
          [4, 2091744],
          [5, 'VERO'],
          [6, 2.5],
        ],
      },
      { row: 4, cells: [[16384, 'lontano']] },
    ]);
  });

  test('inline strings, cells without a reference (the next column)', async () => {
    const data = workbookWithSheetData(
      '<row r="2"><c t="inlineStr"><is><t>uno</t></is></c><c><v>7</v></c><c r="E2" t="str"><f>"x"</f><v>x</v></c></row><row><c r="B3" t="inlineStr"><is><r><t>a</t></r><r><t>b</t></r></is></c></row>',
    );
    assert.deepEqual(await rowsOf(data), [
      {
        row: 2,
        cells: [
          [1, 'uno'],
          [2, 7],
          [5, 'x'],
        ],
      },
      { row: 3, cells: [[2, 'ab']] },
    ]);
  });

  test('2,000 cells in column XFD are 2,000 cells, not a grid', async () => {
    const rows = await rowsOf(strayColumnWorkbook(2000));
    assert.equal(rows.length, 2001);
    assert.deepEqual(rows[2000], { row: 2001, cells: [[16384, 1]] });
  });

  test('parts inflating past the limit are refused: declared sizes first, then what actually comes out', async () => {
    await assert.rejects(rowsOf(whitespaceWorkbook(10)), (err: unknown) => err instanceof XlsxError && err.reason === 'too-large');
    // A zip whose directory understates an entry: yauzl stops it at its declared size.
    const honest = whitespaceWorkbook(1);
    const lying = Buffer.from(honest);
    const directory = lying.lastIndexOf(Buffer.from('xl/worksheets/sheet1.xml'));
    // The central directory entry's uncompressed size sits 24 bytes into its 46-byte fixed part, before the name.
    lying.writeUInt32LE(1000, directory - 46 + 24);
    await assert.rejects(rowsOf(lying), (err: unknown) => err instanceof XlsxError && err.reason === 'too-large');
  });

  test('not a workbook: refused as unreadable', async () => {
    await assert.rejects(rowsOf(Buffer.from('PK\u0003\u0004 nulla')), (err: unknown) => err instanceof XlsxError && err.reason === 'unreadable');
  });
});
