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

const HEADERS = ['Codice tessera', 'Tipo tessera', 'Categoria', 'Data emissione', 'Data scadenza'];

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${xml(text)}</t></is></c>`;
const headerRow = () => `<row r="1">${HEADERS.map((h, i) => inline(`${String.fromCharCode(65 + i)}1`, h)).join('')}</row>`;

/**
 * A zip of `parts` (name → text), each part deflated by Node's zlib at its default level, 6. fflate's deflate at level
 * 9, in JavaScript, made the fuzz file's 40 hostile workbooks in 12.7–13.3 CPU-s, this in 4.6–4.9; the sizes stay
 * within 2 % (a sheet of 4.5 MB of random text 4.19 MB of zip instead of 4.15; 300 MB of blanks 306–309 KB).
 * The usual layout: each part's local header and data, then the central directory (46 bytes and the name per part:
 * reliability/spreadsheets.ts's understatedSheet patches a size there), then its end record.
 */
function deflatedZip(parts: Record<string, string>): Buffer {
  const chunks: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(parts)) {
    const data = Buffer.from(text, 'utf8');
    const deflated = zlib.deflateRawSync(data, { level: 6 });
    const fileName = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data);
    // Version 2.0, no flags, deflate, 1 January 2026 00:00 in DOS time, then CRC-32 and the two sizes.
    const common = (at: Buffer, from: number) => {
      at.writeUInt16LE(20, from);
      at.writeUInt16LE(0, from + 2);
      at.writeUInt16LE(8, from + 4);
      at.writeUInt16LE(0, from + 6);
      at.writeUInt16LE(((2026 - 1980) << 9) | (1 << 5) | 1, from + 8);
      at.writeUInt32LE(crc, from + 10);
      at.writeUInt32LE(deflated.length, from + 14);
      at.writeUInt32LE(data.length, from + 18);
      at.writeUInt16LE(fileName.length, from + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    common(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    common(central, 6);
    central.writeUInt32LE(offset, 42);
    chunks.push(local, fileName, deflated);
    directory.push(central, fileName);
    offset += local.length + fileName.length + deflated.length;
  }
  const size = directory.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(directory.length / 2, 8);
  end.writeUInt16LE(directory.length / 2, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, ...directory, end]);
}

/** A minimal .xlsx (as Excel lays one out) whose first sheet's <sheetData> holds `rows` (XML, the header row first). */
export function workbookWithSheetData(rows: string): Buffer {
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
export function strayColumnWorkbook(rows: number): Buffer {
  let body = headerRow();
  for (let r = 2; r <= rows + 1; r++) body += `<row r="${r}"><c r="XFD${r}"><v>1</v></c></row>`;
  return workbookWithSheetData(body);
}

/** The header row, then `megabytes` MB of blanks: 300 MB compress to about 300 KB. */
export function whitespaceWorkbook(megabytes: number): Buffer {
  return workbookWithSheetData(headerRow() + ' '.repeat(megabytes * 1024 * 1024));
}

/** A FITET row: card codes from 1,000,000 up, dates as the federation writes them. */
const fitetRow = (i: number) => [String(1_000_000 + i), 'Agonistica', `${(i % 6) + 1}ª categoria`, '01/09/2026', '31/08/2027'];

/** A workbook of `rows` FITET rows in inline strings. */
export function fitetWorkbook(rows: number): Buffer {
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
