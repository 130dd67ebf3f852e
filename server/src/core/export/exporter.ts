import { stringify } from 'csv-stringify/sync';
import { channel } from 'node:diagnostics_channel';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ExportFormat } from 'shared-api/contract';
import { formatItalianDate, todayIn } from '../time';
import { offThreadModule, runOffThread } from '../workers/pool';
import { newPdf } from '../pdf';
import { XlsxStream } from './xlsx-stream';

/** One column of a list's download, declared once per list (Italian header). */
export interface ExportColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
  /** Relative width in the PDF and the spreadsheet (default 1). */
  width?: number;
}

export interface ExportRequest<T> {
  format: ExportFormat;
  /** File name without extension, e.g. 'utenti'. */
  baseName: string;
  /** Title printed on the PDF. */
  title: string;
  /** A line under the PDF's title saying what the rows count (e.g. a statistic's period). */
  subtitle?: string;
  columns: ExportColumn<T>[];
  /** The rows, or their pages as they are read (a year of sessions is read a week at a time). */
  rows: T[] | AsyncIterable<T[]>;
  timeZone: string;
}

type CellValue = string | number | null | undefined;

/** What the worker renders: the cells already taken from the rows, in pages of JSON (moved to the worker, not copied). */
export interface ExportTable {
  format: ExportFormat;
  title: string;
  subtitle?: string | undefined;
  headers: string[];
  widths: number[];
  /** 'Generato il 26/11/2026' (the club's date, read on the request thread). */
  generated: string;
  rowCount: number;
  pages: Uint8Array[];
}

/** Rows turned into cells per step on the request thread: the step's work is bounded whatever the list's length. */
export const EXPORT_STEP_ROWS = 500;
/** Each step's row count is published here (testing/event-loop.ts reads it). */
export const EXPORT_STEP_CHANNEL = 'club-portal:export-step';
const stepChannel = channel(EXPORT_STEP_CHANNEL);

export interface ExportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

const cellText = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/**
 * Text a spreadsheet would read as a formula (= + - @, or a tab or carriage return before one): a member's phone
 * set to `=HYPERLINK(…)` must reach the registry's download as text, never as a live formula (CSV injection).
 */
export const isFormulaLike = (text: string): boolean => /^[=+\-@\t\r]/.test(text);

/**
 * A separator inside a cell followed (past spaces and quotes) by a formula opener. A spreadsheet that splits rows on
 * ',' reads `x;"a,=3+4"` as the cells `x;"a` and `=3+4"`: the quote opens mid-cell, so it quotes nothing there, and
 * what follows the comma starts a cell of its own (issue 39: 13 of 26 downloads gave a live `=3+4` so, every column
 * but the first).
 */
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n])(?=[\s"]*[=+\-@])/g;

/**
 * A CSV cell: formula-like text gets a leading apostrophe, which Excel and LibreOffice show as plain text, and so does
 * whatever follows a separator inside the text when it would open a formula in a cell of its own (see above).
 */
export const csvCell = (v: string | number | null | undefined): string => {
  const text = cellText(v);
  if (typeof v !== 'string') return text;
  const inner = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return isFormulaLike(inner) ? `'${inner}` : inner;
};

/**
 * How every CSV download is written: ';' and a BOM, as Excel in Italy expects, and RFC 4180 quoting of every field
 * holding a separator (';', ',' or a tab), a double quote (doubled inside) or a line break. A spreadsheet whose list
 * separator is ',' splits a row on ',' too: unquoted, `x,=3+4,` would become three cells, the second a live formula;
 * quoted it is one cell of text whatever the separator. Formula-like text keeps its apostrophe inside the quotes (csvCell).
 */
export const CSV_OPTIONS = { delimiter: ';', bom: true, quoted_match: /[,;\t"\r\n]/ } as const;

/** This module: its renderExport runs on a worker thread. */
const RENDERER = offThreadModule('core/export/exporter');

/**
 * Every list's download: the same rows as CSV (';' and a BOM, as Excel in Italy expects), XLSX or PDF. The request
 * thread reads the rows (page by page when they come as pages) and takes their cells EXPORT_STEP_ROWS rows at a time,
 * letting other requests in between; the file is made on a worker thread (renderExport), where a year's PDF of the
 * sessions takes seconds without holding anyone.
 */
export async function buildExport<T>(request: ExportRequest<T>): Promise<ExportFile> {
  const { format, baseName, columns } = request;
  const encoder = new TextEncoder();
  const pages: Uint8Array[] = [];
  let rowCount = 0;
  const source: AsyncIterable<T[]> | T[][] = Array.isArray(request.rows) ? [request.rows] : request.rows;
  for await (const page of source) {
    for (let at = 0; at < page.length; at += EXPORT_STEP_ROWS) {
      const step = page.slice(at, at + EXPORT_STEP_ROWS);
      pages.push(encoder.encode(JSON.stringify(step.map((row) => columns.map((c) => c.value(row) ?? null)))));
      rowCount += step.length;
      if (stepChannel.hasSubscribers) stepChannel.publish({ rows: step.length });
      await nextTurn();
    }
  }
  const table: ExportTable = {
    format,
    title: request.title,
    subtitle: request.subtitle,
    headers: columns.map((c) => c.header),
    widths: columns.map((c) => c.width ?? 1),
    generated: `Generato il ${formatItalianDate(todayIn(request.timeZone, new Date()))}`,
    rowCount,
    pages,
  };
  const body = await runOffThread<ExportTable, Uint8Array>(
    RENDERER,
    'renderExport',
    table,
    pages.map((p) => p.buffer as ArrayBuffer),
  );
  return { body: Buffer.from(body.buffer, body.byteOffset, body.byteLength), contentType: CONTENT_TYPES[format], fileName: `${baseName}.${format}` };
}

/** A download sent as it is made: its bytes come while the rows are still being read. */
export interface ExportStream {
  body: Readable;
  contentType: string;
  fileName: string;
}

export interface StreamedExportRequest<T> extends ExportRequest<T> {
  /** The rows in pages as they are read, each page bounded (core/list.ts readSteps). */
  rows: AsyncIterable<T[]>;
  /**
   * The most rows a PDF holds (it is laid out whole on a worker: 100,000 rows ran it out of memory), and the error
   * past it, thrown before anything is sent.
   */
  pdfLimit?: { rows: number; error: () => Error };
}

/**
 * A list's download that may be as long as the table (the audit log, issue 38), through the same columns and cell
 * rules as buildExport: CSV and XLSX are written as the pages are read, EXPORT_STEP_ROWS rows a step on the request
 * thread (the step's work is bounded, the zip's deflate runs on libuv's threads), and sent as they are made, so
 * neither the rows nor the file are ever held whole; the reader's pace holds the reading back. A PDF is laid out
 * whole, so it is made by buildExport on a worker, up to `pdfLimit.rows` rows (its error past them).
 */
export async function streamExport<T>(request: StreamedExportRequest<T>): Promise<ExportFile | ExportStream> {
  const { format, baseName, columns, pdfLimit } = request;
  if (format === 'pdf') {
    const rows = pdfLimit ? capped(request.rows, pdfLimit.rows, pdfLimit.error) : request.rows;
    return buildExport({ ...request, rows });
  }
  const headers = columns.map((c) => c.header);
  const steps = async function* () {
    for await (const page of request.rows) {
      for (let at = 0; at < page.length; at += EXPORT_STEP_ROWS) {
        const step = page.slice(at, at + EXPORT_STEP_ROWS);
        if (stepChannel.hasSubscribers) stepChannel.publish({ rows: step.length });
        yield step.map((row) => columns.map((c) => c.value(row) ?? null));
        await nextTurn();
      }
    }
  };
  const fileName = `${baseName}.${format}`;
  if (format === 'csv') {
    const csv = async function* () {
      yield Buffer.from(stringify([headers], CSV_OPTIONS), 'utf8');
      const { bom: _bom, ...options } = CSV_OPTIONS;
      for await (const cells of steps())
        yield Buffer.from(
          stringify(
            cells.map((row) => row.map((v) => csvCell(v))),
            options,
          ),
          'utf8',
        );
    };
    return { body: Readable.from(csv(), { objectMode: false }), contentType: CONTENT_TYPES.csv, fileName };
  }
  const xlsx = new XlsxStream({ title: request.title, headers, widths: columns.map((c) => c.width ?? 1) });
  void (async () => {
    for await (const cells of steps()) await xlsx.addRows(cells);
    xlsx.end();
  })().catch((err: Error) => xlsx.fail(err));
  return { body: xlsx.output, contentType: CONTENT_TYPES.xlsx, fileName };
}

/** The pages of `rows`, failing with `error()` as soon as more than `max` rows have come. */
async function* capped<T>(rows: AsyncIterable<T[]>, max: number, error: () => Error): AsyncGenerator<T[]> {
  let count = 0;
  for await (const page of rows) {
    count += page.length;
    if (count > max) throw error();
    yield page;
  }
}

/** The cells of a table as rows (on the worker thread). */
interface Table {
  title: string;
  subtitle?: string | undefined;
  headers: string[];
  widths: number[];
  generated: string;
  rows: CellValue[][];
}

/** On a worker thread (core/workers): the file of an export from its cells. */
export async function renderExport(input: ExportTable): Promise<Uint8Array> {
  const decoder = new TextDecoder();
  const rows = input.pages.flatMap((page) => JSON.parse(decoder.decode(page)) as CellValue[][]);
  const table: Table = { ...input, rows };
  const body = input.format === 'csv' ? toCsv(table) : input.format === 'xlsx' ? await toXlsx(table) : await toPdf(table);
  return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
}

function toCsv({ headers, rows }: Table): Buffer {
  const text = stringify(
    rows.map((row) => row.map((v) => csvCell(v))),
    { ...CSV_OPTIONS, header: true, columns: headers },
  );
  return Buffer.from(text, 'utf8');
}

async function toXlsx({ title, headers, widths, rows }: Table): Promise<Buffer> {
  // exceljs is loaded with the first spreadsheet, not at the server's start (about a quarter of a second of CPU).
  const { default: ExcelJS } = await import('@mui/x-internal-exceljs-fork');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Portale del circolo';
  const sheet = workbook.addWorksheet(title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = headers.map((header, i) => ({ header, key: `c${i}`, width: Math.round(14 * (widths[i] ?? 1)) }));
  for (const row of rows) {
    const added = sheet.addRow(row.map((v) => v ?? ''));
    // Strings are stored as strings (never formulas); the Text format keeps them so when a cell is edited.
    added.eachCell((cell) => {
      if (typeof cell.value === 'string' && isFormulaLike(cell.value)) cell.numFmt = '@';
    });
  }
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: headers.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function toPdf({ title, subtitle, headers, widths: weights, rows, generated }: Table): Promise<Buffer> {
  const margin = 36;
  const padding = 3;
  const { doc, bytes } = await newPdf({ size: 'A4', layout: 'landscape', margin, bufferPages: true, info: { Title: title } });

  const usable = doc.page.width - 2 * margin;
  const totalWeight = weights.reduce((sum, w) => sum + w, 0);
  const widths = weights.map((w) => (usable * w) / totalWeight);
  const bottom = () => doc.page.height - margin - 14;

  // One cell per column: a row shorter than the columns leaves the rest empty.
  const rowHeight = (cells: string[]) =>
    Math.max(...widths.map((width, i) => doc.heightOfString(cells[i] || ' ', { width: width - 2 * padding }))) + 2 * padding;

  const drawRow = (cells: string[], y: number, header: boolean) => {
    const height = rowHeight(cells);
    if (header) doc.rect(margin, y, usable, height).fill('#e8e8e8').fillColor('black');
    let x = margin;
    widths.forEach((width, i) => {
      doc.text(cells[i] ?? '', x + padding, y + padding, { width: width - 2 * padding, lineBreak: true });
      x += width;
    });
    doc
      .moveTo(margin, y + height)
      .lineTo(margin + usable, y + height)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    return y + height;
  };

  const drawHeader = (y: number) => {
    doc.font('Helvetica-Bold').fontSize(7);
    const next = drawRow(headers, y, true);
    doc.font('Helvetica').fontSize(7);
    return next;
  };

  doc.font('Helvetica-Bold').fontSize(14).text(title, margin, margin);
  if (subtitle) doc.font('Helvetica').fontSize(10).text(subtitle);
  doc.font('Helvetica').fontSize(9).text(`${generated} · ${rows.length} righe`);
  let y = drawHeader(doc.y + 8);
  for (const row of rows) {
    const cells = row.map(cellText);
    if (y + rowHeight(cells) > bottom()) {
      doc.addPage();
      y = drawHeader(margin);
    }
    y = drawRow(cells, y, false);
  }
  if (rows.length === 0) doc.text('Nessun dato da mostrare', margin, y + 6);

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc
      .fontSize(8)
      .text(`Pagina ${i + 1} di ${range.count}`, margin, doc.page.height - margin - 8, { width: usable, align: 'right', lineBreak: false });
  }
  doc.end();
  return bytes;
}
