import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { threadId } from 'node:worker_threads';
import ExcelJS from '@mui/x-internal-exceljs-fork';
import { offThreadTasksDuring } from '../../../testing/event-loop';
import { fitetCsvText, strayColumnWorkbook, utf16le, whitespaceWorkbook } from '../../../testing/heavy-files';
import { ADMIN, MEMBER, type TestApp, build, call, login } from '../../../testing/helper';

let t: TestApp;
let admin: string;

const SAMPLE = path.join(import.meta.dirname, '..', '..', '..', '..', '..', 'docs', 'samples', 'fitet-esempio.csv');

const upload = (data: Buffer, name: string) => {
  const form = new FormData();
  form.append('file', new Blob([data]), name);
  return form;
};

async function workbook(rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Tesserati');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
});
after(async () => {
  await t.close();
});

describe('FITET import', () => {
  test("the repository's sample matches the demo members; the profile then shows card type and category", async () => {
    const res = await call(t.app, admin, 'POST', '/api/v1/user/fitet', upload(fs.readFileSync(SAMPLE), 'fitet-esempio.csv'));
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { total: 3, created: 3, updated: 0, rejected: [] });
    const me = (await call(t.app, await login(t.app, MEMBER), 'GET', '/api/v1/user/me')).json();
    assert.deepEqual([me.fitet_code, me.fitet_type, me.fitet_category], ['1045872', 'Agonistica', '3ª categoria']);
    const list = (await call(t.app, admin, 'GET', '/api/v1/user/fitet?sortBy=member_id')).json();
    assert.deepEqual(
      list.data.map((r: { member_id: string }) => r.member_id),
      ['1038114', '1045872', '1051230'],
    );
    assert.equal(list.data[1].start_date, '2026-09-01');
  });

  test('an xlsx with created, updated and rejected rows: the report says which and why', async () => {
    const file = await workbook([
      ['Codice tessera', 'Tipo tessera', 'Categoria', 'Data emissione', 'Data scadenza'],
      ['1045872', 'Agonistica', '2ª categoria', new Date(Date.UTC(2026, 8, 1)), new Date(Date.UTC(2027, 7, 31))],
      ['9999999', 'Agonistica', '1ª categoria', '01/09/2026', '31/08/2027'],
      ['1038114', 'Amatoriale', '5ª categoria', '31/02/2026', '31/08/2027'],
      ['1045872', 'Agonistica', '2ª categoria', '01/09/2026', '31/08/2027'],
      [null, 'Agonistica', '2ª categoria', '01/09/2026', '31/08/2027'],
      ['1051230', 'Agonistica', '4ª categoria', '2026-09-15', '2027-08-31', 'in più'],
    ]);
    const res = await call(t.app, admin, 'POST', '/api/v1/user/fitet', upload(file, 'tesserati.xlsx'));
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), {
      total: 6,
      created: 0,
      updated: 1,
      rejected: [
        { line: 3, member_id: '9999999', reason: 'Nessun utente con questo codice tessera' },
        { line: 4, member_id: '1038114', reason: 'Data emissione non valida: 31/02/2026' },
        { line: 5, member_id: '1045872', reason: 'Codice tessera ripetuto nel file' },
        { line: 6, member_id: null, reason: 'Codice tessera mancante' },
        { line: 7, member_id: '1051230', reason: 'Valore in una colonna sconosciuta (colonna 6)' },
      ],
    });
    const me = (await call(t.app, await login(t.app, MEMBER), 'GET', '/api/v1/user/me')).json();
    assert.equal(me.fitet_category, '2ª categoria');
  });

  test('a comma-separated CSV without BOM is read too', async () => {
    const csv = Buffer.from(
      'codice_tessera,tipo_tessera,categoria,data_emissione,data_scadenza\n1051230,Agonistica,3ª categoria,15/09/2026,31/08/2027\n',
    );
    assert.deepEqual((await call(t.app, admin, 'POST', '/api/v1/user/fitet', upload(csv, 'a.csv'))).json(), {
      total: 1,
      created: 0,
      updated: 1,
      rejected: [],
    });
  });

  test('a file with a missing column, a PDF renamed .xlsx, no file: 400 and nothing changes', async () => {
    const before = (await call(t.app, admin, 'GET', '/api/v1/user/fitet?limit=0')).json().data;
    const missing = await call(
      t.app,
      admin,
      'POST',
      '/api/v1/user/fitet',
      upload(Buffer.from('Codice tessera;Categoria\n1045872;1ª categoria\n'), 'x.csv'),
    );
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().code, 'FITET_FILE_INVALID');
    assert.equal(missing.json().message, 'Colonne mancanti nel file: Tipo tessera, Data emissione, Data scadenza.');
    // A file with none of the columns names each of them once (issue 44 item 9: they were listed twice).
    const none = await call(t.app, admin, 'POST', '/api/v1/user/fitet', upload(Buffer.from('Nome;Cognome\nLuca;Ferrari\n'), 'y.csv'));
    assert.equal(none.statusCode, 400);
    for (const column of ['Codice tessera', 'Tipo tessera', 'Categoria', 'Data emissione', 'Data scadenza']) {
      assert.equal(none.json().message.split(column).length - 1, 1, `${column} in ${none.json().message}`);
    }
    const pdf = await call(t.app, admin, 'POST', '/api/v1/user/fitet', upload(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'), 'finto.xlsx'));
    assert.equal(pdf.statusCode, 400);
    assert.equal(pdf.json().code, 'FILE_TYPE_NOT_ALLOWED');
    assert.equal((await call(t.app, admin, 'POST', '/api/v1/user/fitet', new FormData())).statusCode, 400);
    assert.deepEqual((await call(t.app, admin, 'GET', '/api/v1/user/fitet?limit=0')).json().data, before);
    assert.equal((await call(t.app, await login(t.app, MEMBER), 'GET', '/api/v1/user/fitet')).statusCode, 403);
    const xlsx = await call(t.app, admin, 'GET', '/api/v1/user/fitet/export?format=xlsx');
    assert.equal(xlsx.statusCode, 200);
  });

  test('an old .xls (Excel 97-2003) is refused with a message asking for .xlsx or .csv; a file over 5 MB too', async () => {
    const before = (await call(t.app, admin, 'GET', '/api/v1/user/fitet?limit=0')).json().data;
    // An OLE compound file, the container of .xls workbooks.
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096)]);
    const xls = await call(t.app, admin, 'POST', '/api/v1/user/fitet', upload(ole, 'tesserati.xls'));
    assert.equal(xls.statusCode, 400, xls.body);
    assert.deepEqual(xls.json(), {
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: 'Il formato .xls (Excel 97-2003) non è supportato: salva il file come .xlsx o .csv e caricalo di nuovo',
    });
    const header = 'Codice tessera;Tipo tessera;Categoria;Data emissione;Data scadenza\n';
    const big = Buffer.concat([Buffer.from(header), Buffer.alloc(6 * 1024 * 1024, '1045872;Agonistica;2ª categoria;01/09/2026;31/08/2027\n')]);
    const tooLarge = await call(t.app, admin, 'POST', '/api/v1/user/fitet', upload(big, 'enorme.csv'));
    assert.equal(tooLarge.statusCode, 400, tooLarge.body);
    assert.equal(tooLarge.json().code, 'FILE_TOO_LARGE');
    assert.equal(tooLarge.json().message, 'Il file enorme.csv supera la dimensione massima di 5 MB');
    assert.deepEqual((await call(t.app, admin, 'GET', '/api/v1/user/fitet?limit=0')).json().data, before);
  });

  test('two imports racing on the same new card codes leave one record per card code, each row created once', async () => {
    const codes = ['1038114', '1051230'];
    const existing = (await call(t.app, admin, 'GET', '/api/v1/user/fitet?limit=0')).json().data as { member_id: string }[];
    const fresh = codes.filter((c) => !existing.some((r) => r.member_id === c));
    const csv = Buffer.from(
      `Codice tessera;Tipo tessera;Categoria;Data emissione;Data scadenza\n${codes.map((c) => `${c};Agonistica;4ª categoria;01/09/2026;31/08/2027`).join('\n')}\n`,
    );
    const answers = await Promise.all([1, 2].map(() => call(t.app, admin, 'POST', '/api/v1/user/fitet', upload(csv, 'corsa.csv'))));
    for (const a of answers) assert.equal(a.statusCode, 200, a.body);
    const reports = answers.map((a) => a.json<{ created: number; updated: number }>());
    assert.equal(
      reports.reduce((n, r) => n + r.created, 0),
      fresh.length,
      JSON.stringify(reports),
    );
    assert.equal(
      reports.reduce((n, r) => n + r.created + r.updated, 0),
      codes.length * 2,
    );
    const after = (await call(t.app, admin, 'GET', '/api/v1/user/fitet?limit=0')).json().data as { member_id: string; category: string }[];
    for (const code of codes)
      assert.deepEqual(
        after.filter((r) => r.member_id === code).map((r) => r.category),
        ['4ª categoria'],
      );
  });
});

/** Hostile and edge files (issue 25, items 1 and 9): each is read as a stream on a worker thread, within limits. */
describe('FITET files that cost the server the most', () => {
  const HEADER = 'Codice tessera;Tipo tessera;Categoria;Data emissione;Data scadenza';
  const records = async () => (await call(t.app, admin, 'GET', '/api/v1/user/fitet?limit=0')).json().data;

  test('2,000 rows each with one cell in the last column (XFD, 12 KB): every row refused, read off the request thread', async () => {
    const file = strayColumnWorkbook(2000);
    assert.ok(file.length < 16 * 1024, `${file.length} bytes`);
    const { result: res, tasks } = await offThreadTasksDuring(() => call(t.app, admin, 'POST', '/api/v1/user/fitet', upload(file, 'xfd.xlsx')));
    assert.equal(res.statusCode, 200, res.body);
    const report = res.json();
    assert.equal(report.total, 2000);
    assert.equal(report.rejected.length, 2000);
    assert.deepEqual(report.rejected[0], { line: 2, member_id: null, reason: 'Valore in una colonna sconosciuta (colonna 16384)' });
    assert.deepEqual(
      tasks.filter((task) => task.task === 'parseFitetUpload').map((task) => task.threadId !== threadId),
      [true],
    );
  });

  test('a workbook inflating past 32 MB (compressed blanks) is refused whole, naming the limit; nothing changes', async () => {
    const before = await records();
    const file = whitespaceWorkbook(40);
    assert.ok(file.length < 100 * 1024, `${file.length} bytes`);
    const res = await call(t.app, admin, 'POST', '/api/v1/user/fitet', upload(file, 'spazi.xlsx'));
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(res.json(), {
      code: 'FITET_FILE_INVALID',
      message: 'Il file Excel supera 32 MB una volta decompresso: salva solo il foglio dei tesserati, oppure caricalo come .csv',
    });
    assert.deepEqual(await records(), before);
  });

  test('more than 20,000 data rows are refused whole, naming the limit; 20,000 are read', async () => {
    const before = await records();
    const over = await call(t.app, admin, 'POST', '/api/v1/user/fitet', upload(Buffer.from(fitetCsvText(20_001)), 'troppe.csv'));
    assert.equal(over.statusCode, 400, over.body);
    assert.deepEqual(over.json(), {
      code: 'FITET_FILE_INVALID',
      message: 'Il file ha più di 20.000 righe di dati: dividilo in più file e caricali uno alla volta',
    });
    assert.deepEqual(await records(), before);
    const limit = await call(t.app, admin, 'POST', '/api/v1/user/fitet', upload(Buffer.from(fitetCsvText(20_000)), 'limite.csv'));
    assert.equal(limit.statusCode, 200, limit.body);
    assert.equal(limit.json().total, 20_000);
  });

  test('a CSV saved as Latin-1 (Windows-1252) or as UTF-16 is decoded: the ª of a category reads right', async () => {
    const text = `${HEADER}\n1045872;Agonistica;3ª categoria;01/09/2026;31/08/2027\n1038114;Amatoriale;5ª categoria;01/09/2026;31/08/2027\n`;
    for (const [name, data] of [
      ['latin1.csv', Buffer.from(text, 'latin1')],
      ['utf16.csv', utf16le(text)],
      ['utf16be.csv', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()])],
      ['utf16-senza-bom.csv', Buffer.from(text.replace('3ª', '3a').replace('5ª', '5a'), 'utf16le')],
    ] as const) {
      const res = await call(t.app, admin, 'POST', '/api/v1/user/fitet', upload(data, name));
      assert.equal(res.statusCode, 200, `${name}: ${res.body}`);
      assert.deepEqual(res.json().rejected, [], name);
      const list = (await call(t.app, admin, 'GET', '/api/v1/user/fitet?q=1045872')).json().data as { category: string }[];
      assert.deepEqual(
        list.map((r) => r.category),
        [name === 'utf16-senza-bom.csv' ? '3a categoria' : '3ª categoria'],
        name,
      );
    }
    // Binary content is still no CSV, whatever its name.
    const binary = await call(t.app, admin, 'POST', '/api/v1/user/fitet', upload(Buffer.from([0x00, 0x01, 0x02, 0x03, 0x9f, 0x00]), 'dati.csv'));
    assert.equal(binary.statusCode, 400);
    assert.equal(binary.json().code, 'FILE_TYPE_NOT_ALLOWED');
  });
});
