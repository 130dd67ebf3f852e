/**
 * Files that cost the server the most (issue 25): hostile and largest-allowed FITET spreadsheets and build archives,
 * made in memory for the tests, the fuzzer and bench/event-loop.ts.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as tar from 'tar';
import yazl from 'yazl';

const HEADERS = ['Codice tessera', 'Tipo tessera', 'Categoria', 'Data emissione', 'Data scadenza'];

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${xml(text)}</t></is></c>`;
const headerRow = () => `<row r="1">${HEADERS.map((h, i) => inline(`${String.fromCharCode(65 + i)}1`, h)).join('')}</row>`;

/**
 * A zip of `parts` (name → text) by yazl, as the product's spreadsheets are made (core/export/xlsx-stream.ts): each
 * part deflated by Node's zlib at its default level, 6, on libuv's threads. yazl lays it out as usual: each part's local
 * header and data, then the central directory (46 bytes, the name, then an extra field per part:
 * reliability/spreadsheets.ts's understatedSheet patches a size there), then its end record.
 */
async function deflatedZip(parts: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  // A fixed date: the same parts make the same bytes.
  for (const [name, text] of Object.entries(parts)) zip.addBuffer(Buffer.from(text, 'utf8'), name, { mtime: ZIP_DATE });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
const ZIP_DATE = new Date('2026-01-01T00:00:00Z');

/** A minimal .xlsx (as Excel lays one out) whose first sheet's <sheetData> holds `rows` (XML, the header row first). */
export function workbookWithSheetData(rows: string): Promise<Buffer> {
  const decl = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  return deflatedZip({
    '[Content_Types].xml': `${decl}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `${decl}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${decl}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Tesserati" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${decl}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `${decl}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`,
  });
}

/** The header row, then `rows` rows each holding one cell in the last column (XFD): 2,000 rows make 12 KB. */
export function strayColumnWorkbook(rows: number): Promise<Buffer> {
  let body = headerRow();
  for (let r = 2; r <= rows + 1; r++) body += `<row r="${r}"><c r="XFD${r}"><v>1</v></c></row>`;
  return workbookWithSheetData(body);
}

/** The header row, then `megabytes` MB of blanks: 300 MB compress to about 300 KB. */
export function whitespaceWorkbook(megabytes: number): Promise<Buffer> {
  return workbookWithSheetData(headerRow() + ' '.repeat(megabytes * 1024 * 1024));
}

/** A FITET row: card codes from 1,000,000 up, dates as the federation writes them. */
const fitetRow = (i: number) => [String(1_000_000 + i), 'Agonistica', `${(i % 6) + 1}ª categoria`, '01/09/2026', '31/08/2027'];

/** A workbook of `rows` FITET rows in inline strings. */
export function fitetWorkbook(rows: number): Promise<Buffer> {
  let body = headerRow();
  for (let i = 0; i < rows; i++) {
    const r = i + 2;
    body += `<row r="${r}">${fitetRow(i)
      .map((v, c) => inline(`${String.fromCharCode(65 + c)}${r}`, v))
      .join('')}</row>`;
  }
  return workbookWithSheetData(body);
}

/** A ';' CSV of `rows` FITET rows, each padded with a note column to `rowBytes` when given. */
export function fitetCsvText(rows: number, rowBytes = 0): string {
  const lines = [[...HEADERS, 'Note'].join(';')];
  for (let i = 0; i < rows; i++) {
    const line = fitetRow(i).join(';');
    // The line, ';', the note and the line break make rowBytes.
    lines.push(`${line};${'x'.repeat(Math.max(0, rowBytes - line.length - 3))}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A FITET CSV of about `megabytes` MB: far more rows than an import takes. */
export function bigFitetCsv(megabytes: number): Buffer {
  const rowBytes = 64;
  // A line holds one two-byte character (ª): rowBytes + 1 bytes in UTF-8.
  return Buffer.from(fitetCsvText(Math.floor((megabytes * 1024 * 1024) / (rowBytes + 1)), rowBytes));
}

/** `text` in UTF-16 little endian with its byte-order mark (Excel's "Unicode text"). */
export const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

/** A .tar.gz of a folder's files, as `tar -czf app.tar.gz -C dist .` makes it. */
export async function tarGzOf(dir: string, level = 6): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = tar.c({ cwd: dir, gzip: { level }, portable: true }, fs.readdirSync(dir));
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * A .tar.gz whose one entry declares `declaredBytes` (e.g. 3 GB) of zeros and holds them: gzip members of one
 * compressed megabyte of zeros, repeated (a gzip file may be a series of members), so it is made in an instant and
 * weighs about a thousandth of what it declares.
 */
export function declaredBombArchive(declaredBytes: number, name = 'build.bin'): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 'utf8');
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${declaredBytes.toString(8).padStart(11, '0')}\0`, 124);
  header.write('00000000000\0', 136);
  header.write('        ', 148);
  header.write('0', 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  const mb = 1024 * 1024;
  const zeros = zlib.gzipSync(Buffer.alloc(mb), { level: 9 });
  const parts = [zlib.gzipSync(header)];
  for (let n = 0; n < Math.ceil(declaredBytes / mb); n++) parts.push(zeros);
  // The data's padding and the two zero blocks that end an archive.
  parts.push(zlib.gzipSync(Buffer.alloc(1024 + ((512 - (declaredBytes % 512)) % 512))));
  return Buffer.concat(parts);
}

/**
 * Adds to a build folder what makes its archive the largest the releases accept: `randomMb` MB that do not
 * compress (the .tar.gz's weight) and zeros up to `extractedMb` MB once extracted, in files of at most 40 MB.
 */
export function padBuild(dir: string, randomMb: number, extractedMb: number): void {
  const mb = 1024 * 1024;
  let left = randomMb;
  for (let i = 0; left > 0; i++, left -= 40) fs.writeFileSync(path.join(dir, `random-${i}.bin`), randomBytes(Math.min(40, left) * mb));
  left = extractedMb - randomMb;
  for (let i = 0; left > 0; i++, left -= 40) fs.writeFileSync(path.join(dir, `zeros-${i}.bin`), Buffer.alloc(Math.min(40, left) * mb));
}

/** A scratch folder removed by the caller. */
export const scratchDir = (label: string) => fs.mkdtempSync(path.join(os.tmpdir(), `${label}-`));
