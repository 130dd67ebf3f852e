import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import yazl from 'yazl';

/**
 * A workbook written as its rows come (issue 38): one sheet of inline strings and numbers with the same look as the
 * exporter's in-memory workbook (bold header row frozen, filter dropdowns, column widths, the Text format on
 * formula-like cells), zipped by yazl as it goes (deflate on libuv's threads), so a download of a million rows holds
 * neither the rows nor the file in memory. The in-memory writer (@mui/x-internal-exceljs-fork) has no streaming
 * writer; SpreadsheetML's parts for one sheet of values are a few fixed documents.
 */
export class XlsxStream {
  /** The .xlsx file's bytes, as they are made. */
  readonly output: Readable;
  private readonly zip = new yazl.ZipFile();
  private readonly sheet = new PassThrough();
  private readonly columns: string[];
  private readonly sheetName: string;
  private rowNumber = 0;
  /** Settles when the sheet's stream is closed (ended and read, or destroyed). */
  private readonly closed: Promise<unknown>;

  constructor({ title, headers, widths }: { title: string; headers: string[]; widths: number[] }) {
    this.columns = headers.map((_, i) => columnName(i));
    this.sheetName = title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Foglio1';
    // yazl's outputStream is a PassThrough; its types name only the NodeJS.ReadableStream interface.
    this.output = this.zip.outputStream as Readable;
    this.zip.addBuffer(Buffer.from(CONTENT_TYPES_XML), '[Content_Types].xml');
    this.zip.addBuffer(Buffer.from(ROOT_RELS_XML), '_rels/.rels');
    this.zip.addBuffer(Buffer.from(STYLES_XML), 'xl/styles.xml');
    this.zip.addReadStream(this.sheet, 'xl/worksheets/sheet1.xml');
    const cols = widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${Math.round(14 * w)}" customWidth="1"/>`).join('');
    this.sheet.write(
      `${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`,
    );
    this.sheet.write(this.rowXml(headers, STYLE_BOLD));
    // The reader gone (a download cancelled): the sheet stops too, and addRows tells the writer so.
    this.output.once('close', () => {
      if (!this.sheet.writableEnded) this.sheet.destroy();
    });
    this.closed = new Promise((resolve) => this.sheet.once('close', resolve));
  }

  /** Appends rows; resolves when the zip can take more (backpressure from whoever reads `output`). */
  async addRows(rows: (string | number | null | undefined)[][]): Promise<void> {
    if (this.sheet.destroyed) throw new Error('download closed');
    const xml = rows.map((row) => this.rowXml(row)).join('');
    // One 'close' listener for the whole file: a race with once(sheet, 'close') per step would pile them up.
    if (!this.sheet.write(xml)) await Promise.race([once(this.sheet, 'drain'), this.closed]);
    if (this.sheet.destroyed) throw new Error('download closed');
  }

  /** Closes the sheet (its filter over every row written) and the zip. */
  end(): void {
    const last = `${this.columns.at(-1) ?? 'A'}${Math.max(1, this.rowNumber)}`;
    this.sheet.end(`</sheetData><autoFilter ref="A1:${last}"/></worksheet>`);
    const range = `'${escapeXml(this.sheetName.replace(/'/g, "''"))}'!$A$1:$${this.columns.at(-1) ?? 'A'}$${Math.max(1, this.rowNumber)}`;
    this.zip.addBuffer(
      Buffer.from(
        `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${escapeXml(this.sheetName)}" sheetId="1" r:id="rId1"/></sheets><definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${range}</definedName></definedNames></workbook>`,
      ),
      'xl/workbook.xml',
    );
    this.zip.addBuffer(Buffer.from(WORKBOOK_RELS_XML), 'xl/_rels/workbook.xml.rels');
    this.zip.end();
  }

  /** Stops the file (a read failed): whoever reads `output` gets the error. */
  fail(error: Error): void {
    this.sheet.destroy(error);
    this.output.destroy(error);
  }

  private rowXml(cells: (string | number | null | undefined)[], style?: number): string {
    const r = ++this.rowNumber;
    const xml = cells.map((value, i) => {
      const ref = `${this.columns[i] ?? columnName(i)}${r}`;
      if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"${style ? ` s="${style}"` : ''}><v>${value}</v></c>`;
      const text = value === null || value === undefined ? '' : String(value);
      if (text === '') return '';
      // Strings are stored as strings (never formulas); the Text format keeps them so when a cell is edited.
      const s = style ?? (/^[=+\-@\t\r]/.test(text) ? STYLE_TEXT : undefined);
      return `<c r="${ref}" t="inlineStr"${s ? ` s="${s}"` : ''}><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`;
    });
    return `<row r="${r}">${xml.join('')}</row>`;
  }
}

const STYLE_BOLD = 1;
const STYLE_TEXT = 2;
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

const CONTENT_TYPES_XML = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS_XML = `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS_XML = `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;
/** Three cell formats: plain, bold (the header row), Text '@' (numFmt 49: formula-like cells). */
const STYLES_XML = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** 0 → A, 25 → Z, 26 → AA. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Text as XML character data: the five entities escaped, the characters XML 1.0 cannot hold dropped. */
function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- the control characters XML 1.0 cannot hold are what it removes
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
  );
}
