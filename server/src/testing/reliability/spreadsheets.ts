/**
 * Hostile spreadsheets for the fuzzer (issue 25): multi-megabyte .xlsx and .csv uploads generated with fast-check,
 * each one the server must refuse as a whole — a workbook inflating past its limit, more rows than an import takes
 * (in cells far to the right, in random text, in UTF-16 or Latin-1), a zip whose directory understates a part, a
 * workbook cut short, a required column missing, random bytes, a file over the upload limit. Every answer must be a
 * 4xx and nothing may change (fuzz-session.ts compares the database before and after).
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { call } from '../helper';
import { fitetCsvText, utf16le, whitespaceWorkbook, workbookWithSheetData } from '../heavy-files';
import type { FuzzCase, FuzzResult } from './fuzz';

/** The operations that read an uploaded spreadsheet, and the form field they read it from. */
export const SPREADSHEET_UPLOADS = [{ operationId: 'POST /user/fitet', url: '/api/v1/user/fitet', field: 'file' }] as const;

const HEADERS = ['Codice tessera', 'Tipo tessera', 'Categoria', 'Data emissione', 'Data scadenza'];
const MB = 1024 * 1024;
/** Rows past the import's limit (20,000). */
const TOO_MANY = 20_001;

const columnName = (n: number) => {
  let name = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) name = String.fromCharCode(65 + ((c - 1) % 26)) + name;
  return name;
};
const headerRow = () => `<row r="1">${HEADERS.map((h, i) => `<c r="${columnName(i + 1)}1" t="inlineStr"><is><t>${h}</t></is></c>`).join('')}</row>`;

interface Spreadsheet {
  kind: string;
  name: string;
  data: Buffer;
}

/** The header, then more rows than an import takes, each with one value in column `column` (up to XFD). */
function farColumnRows(column: number): Buffer {
  const ref = columnName(column);
  let rows = headerRow();
  for (let r = 2; r <= TOO_MANY + 1; r++) rows += `<row r="${r}"><c r="${ref}${r}"><v>${r}</v></c></row>`;
  return workbookWithSheetData(rows);
}

/** More rows than an import takes, of random text that does not compress: about `megabytes` MB of .xlsx. */
function randomTextRows(megabytes: number): Buffer {
  const perRow = Math.ceil((megabytes * MB) / TOO_MANY / 5);
  const noise = randomBytes(Math.ceil((TOO_MANY * 5 * perRow * 3) / 4)).toString('base64');
  let at = 0;
  let rows = headerRow();
  for (let r = 2; r <= TOO_MANY + 1; r++) {
    rows += `<row r="${r}">`;
    for (let c = 1; c <= 5; c++, at += perRow)
      rows += `<c r="${columnName(c)}${r}" t="inlineStr"><is><t>${noise.slice(at, at + perRow)}</t></is></c>`;
    rows += '</row>';
  }
  return workbookWithSheetData(rows);
}

/** A workbook whose central directory says its sheet inflates to `declared` bytes, less than it does. */
function understatedSheet(declared: number): Buffer {
  const data = Buffer.from(whitespaceWorkbook(2));
  // The sheet's central directory entry: its name's last occurrence, after the entry's 46-byte fixed part (its
  // signature first, the uncompressed size 24 bytes in). Checked, so another layout fails here instead of patching
  // something else and sending a workbook that does not lie.
  const entry = data.lastIndexOf(Buffer.from('xl/worksheets/sheet1.xml')) - 46;
  if (entry < 0 || data.readUInt32LE(entry) !== 0x02014b50)
    throw new Error("understatedSheet: the sheet's central directory entry is not where expected");
  data.writeUInt32LE(declared, entry + 24);
  return data;
}

const csvIn = (encoding: 'utf-8' | 'utf-16le' | 'latin1', text: string) =>
  encoding === 'utf-16le' ? utf16le(text) : Buffer.from(text, encoding === 'utf-8' ? 'utf8' : 'latin1');

const spreadsheets: fc.Arbitrary<Spreadsheet>[] = [
  fc.integer({ min: 33, max: 300 }).map((mb) => ({ kind: `${mb} MB di spazi compressi`, name: 'spazi.xlsx', data: whitespaceWorkbook(mb) })),
  fc
    .integer({ min: 6, max: 16_384 })
    .map((column) => ({ kind: `${TOO_MANY} righe in colonna ${columnName(column)}`, name: 'lontano.xlsx', data: farColumnRows(column) })),
  fc
    .double({ min: 2, max: 4.5, noNaN: true })
    .map((mb) => ({ kind: `${TOO_MANY} righe di testo casuale`, name: 'casuale.xlsx', data: randomTextRows(mb) })),
  fc
    .integer({ min: 0, max: 1_000_000 })
    .map((declared) => ({ kind: `foglio dichiarato di ${declared} byte`, name: 'bugiardo.xlsx', data: understatedSheet(declared) })),
  fc.double({ min: 0.05, max: 0.95, noNaN: true }).map((cut) => {
    const whole = randomTextRows(2);
    return { kind: `xlsx troncato al ${Math.round(cut * 100)}%`, name: 'troncato.xlsx', data: whole.subarray(0, Math.floor(whole.length * cut)) };
  }),
  fc.tuple(fc.constantFrom('utf-8' as const, 'utf-16le' as const, 'latin1' as const), fc.integer({ min: 1, max: 4 })).map(([encoding, mb]) => {
    // UTF-16 doubles every byte: its rows are made half as long.
    const rowBytes = Math.max(40, Math.floor((mb * MB) / TOO_MANY / (encoding === 'utf-16le' ? 2 : 1)));
    return { kind: `CSV ${encoding} di ${TOO_MANY} righe`, name: 'tesserati.csv', data: csvIn(encoding, fitetCsvText(TOO_MANY, rowBytes)) };
  }),
  fc.integer({ min: 1, max: 4 }).map((mb) => {
    const text = fitetCsvText(Math.floor((mb * MB) / 60), 60).replace(/^[^\r\n]*/, 'Codice tessera;Tipo tessera;Categoria;Data emissione');
    return { kind: `CSV di ${mb} MB senza Data scadenza`, name: 'colonna.csv', data: Buffer.from(text) };
  }),
  fc.integer({ min: 1, max: 4 }).map((mb) => ({ kind: `${mb} MB di byte casuali`, name: 'dati.xlsx', data: randomBytes(mb * MB) })),
  fc.integer({ min: 1, max: 3 }).map((extra) => ({
    kind: `CSV di ${5 + extra} MB`,
    name: 'enorme.csv',
    data: Buffer.from(fitetCsvText(Math.floor(((5 + extra) * MB) / 60), 60)),
  })),
];

/** Sends `count` generated hostile spreadsheets (fixed seed) to each operation that reads one. */
export async function fuzzSpreadsheets(app: FastifyInstance, cookie: string, options: { seed: number; count: number }): Promise<FuzzResult> {
  const result: FuzzResult = { inputs: 0, byStatus: {}, serverErrors: [], accepted: [], msByOperation: {} };
  // Generated one at a time: a sample holds each file in memory only while it is sent.
  const kinds = fc.sample(fc.integer({ min: 0, max: spreadsheets.length - 1 }), { seed: options.seed, numRuns: options.count });
  for (const [i, kindIndex] of kinds.entries()) {
    const [sheet] = fc.sample(spreadsheets[kindIndex]!, { seed: options.seed + i, numRuns: 1 });
    for (const op of SPREADSHEET_UPLOADS) {
      const form = new FormData();
      form.append(op.field, new Blob([sheet!.data]), sheet!.name);
      const res = await call(app, cookie, 'POST', op.url, form);
      const c: FuzzCase = {
        operationId: op.operationId,
        method: 'POST',
        url: op.url,
        defect: `${sheet!.kind} (${(sheet!.data.length / MB).toFixed(2)} MB)`,
        anonymous: false,
      };
      result.inputs++;
      result.byStatus[res.statusCode] = (result.byStatus[res.statusCode] ?? 0) + 1;
      if (res.statusCode >= 500) result.serverErrors.push({ case: c, status: res.statusCode, body: res.body.slice(0, 300) });
      else if (res.statusCode < 400) result.accepted.push({ case: c, status: res.statusCode, body: res.body.slice(0, 300) });
    }
  }
  return result;
}
