import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import type { ExportFormat } from 'shared-api/contract';
import { formatItalianDate, todayIn } from '../time';

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
  rows: T[];
  timeZone: string;
}

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

/** A CSV cell: formula-like text gets a leading apostrophe, which Excel and LibreOffice show as plain text. */
export const csvCell = (v: string | number | null | undefined): string => {
  const text = cellText(v);
  return typeof v === 'string' && isFormulaLike(text) ? `'${text}` : text;
};

/**
 * How every CSV download is written: ';' and a BOM, as Excel in Italy expects, and RFC 4180 quoting of every field
 * holding a separator (';', ',' or a tab), a double quote (doubled inside) or a line break. A spreadsheet whose list
 * separator is ',' splits a row on ',' too: unquoted, `x,=3+4,` would become three cells, the second a live formula;
 * quoted it is one cell of text whatever the separator. Formula-like text keeps its apostrophe inside the quotes (csvCell).
 */
export const CSV_OPTIONS = { delimiter: ';', bom: true, quoted_match: /[,;\t"\r\n]/ } as const;

/** Every list's download: the same rows as CSV (';' and a BOM, as Excel in Italy expects), XLSX or PDF. */
export async function buildExport<T>(request: ExportRequest<T>): Promise<ExportFile> {
  const { format, baseName } = request;
  const body = format === 'csv' ? toCsv(request) : format === 'xlsx' ? await toXlsx(request) : await toPdf(request);
  return { body, contentType: CONTENT_TYPES[format], fileName: `${baseName}.${format}` };
}

function toCsv<T>({ columns, rows }: ExportRequest<T>): Buffer {
  const text = stringify(
    rows.map((row) => columns.map((c) => csvCell(c.value(row)))),
    { ...CSV_OPTIONS, header: true, columns: columns.map((c) => c.header) },
  );
  return Buffer.from(text, 'utf8');
}

async function toXlsx<T>({ title, columns, rows }: ExportRequest<T>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Portale del circolo';
  const sheet = workbook.addWorksheet(title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: Math.round(14 * (c.width ?? 1)) }));
  for (const row of rows) {
    const added = sheet.addRow(columns.map((c) => c.value(row) ?? ''));
    // Strings are stored as strings (never formulas); the Text format keeps them so when a cell is edited.
    added.eachCell((cell) => {
      if (typeof cell.value === 'string' && isFormulaLike(cell.value)) cell.numFmt = '@';
    });
  }
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function toPdf<T>({ title, subtitle, columns, rows, timeZone }: ExportRequest<T>): Promise<Buffer> {
  const margin = 36;
  const padding = 3;
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin, bufferPages: true, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const usable = doc.page.width - 2 * margin;
  const totalWeight = columns.reduce((sum, c) => sum + (c.width ?? 1), 0);
  const widths = columns.map((c) => (usable * (c.width ?? 1)) / totalWeight);
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

  const headers = columns.map((c) => c.header);
  const drawHeader = (y: number) => {
    doc.font('Helvetica-Bold').fontSize(7);
    const next = drawRow(headers, y, true);
    doc.font('Helvetica').fontSize(7);
    return next;
  };

  doc.font('Helvetica-Bold').fontSize(14).text(title, margin, margin);
  if (subtitle) doc.font('Helvetica').fontSize(10).text(subtitle);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`Generato il ${formatItalianDate(todayIn(timeZone, new Date()))} · ${rows.length} righe`);
  let y = drawHeader(doc.y + 8);
  for (const row of rows) {
    const cells = columns.map((c) => cellText(c.value(row)));
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
  return done;
}
