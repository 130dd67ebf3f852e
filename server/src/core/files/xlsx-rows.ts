/**
 * The rows of an .xlsx workbook's first worksheet, read as a stream (issue 25): yauzl opens the zip from its central
 * directory, each part is inflated as it is read and parsed by saxes, and every row is handed over as the cells it
 * holds, each with its column number. Nothing is laid out as a grid, so a cell in the last column (XFD) costs what a
 * cell in column A costs, and empty cells cost nothing.
 *
 * Bounded: the parts read (workbook, styles, shared strings, the sheet) may inflate to `maxInflatedBytes` together;
 * an entry declaring more is refused before it is inflated, and yauzl stops an entry that inflates past what it
 * declared. The caller bounds the rows (it may throw from onRow, which stops the reading).
 *
 * exceljs loads the whole workbook and walks every empty cell up to the last column: 2,000 rows with a cell in XFD
 * (12 KB) took it 90 s and the server's heap. Its streaming WorkbookReader avoids the grid but inflates every part
 * without a bound and pulls the deprecated unzipper/fstream; see docs/registry.md for the measures.
 */
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';

export type XlsxCell = string | number | Date;

/** One row of the sheet: its number (1-based, as Excel shows it) and its non-empty cells, by column number (A = 1). */
export interface XlsxRow {
  row: number;
  cells: [column: number, value: XlsxCell][];
}

export interface XlsxLimits {
  /** What the parts read may inflate to, together. */
  maxInflatedBytes: number;
}

/** Why a workbook could not be read; `reason` lets the caller word it. */
export class XlsxError extends Error {
  constructor(
    readonly reason: 'unreadable' | 'no-sheet' | 'too-large',
    message: string,
  ) {
    super(message);
    this.name = 'XlsxError';
  }
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** A column's letters (A, Z, AA, XFD) as its number; 0 when there are none. */
function columnNumber(reference: string): number {
  let n = 0;
  for (const ch of reference) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + code - 64;
  }
  return n;
}

/** Excel's built-in number formats that show a date or a time (ECMA-376 §18.8.30). */
const BUILTIN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);

/** A custom format code shows a date when, outside quoted text, brackets and escapes, it uses d, m, y, h or s. */
const isDateFormatCode = (code: string) => /[dmyhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ''));

const DAY_MS = 86_400_000;
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

interface Entries {
  zip: yauzl.ZipFile;
  byName: Map<string, yauzl.Entry>;
  budget: { left: number; max: number };
}

function openZip(data: Buffer): Promise<Entries> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) => {
      if (err || !zip) return reject(new XlsxError('unreadable', `archivio non leggibile (${err?.message ?? 'vuoto'})`));
      const byName = new Map<string, yauzl.Entry>();
      zip.on('entry', (entry: yauzl.Entry) => {
        byName.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve({ zip, byName, budget: { left: 0, max: 0 } }));
      zip.on('error', (e: Error) => reject(new XlsxError('unreadable', `archivio non leggibile (${e.message})`)));
      zip.readEntry();
    });
  });
}

type Handlers = {
  open?: (name: string, attributes: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

/** Inflates one part and feeds it to saxes chunk by chunk; false when the part is absent. */
async function parsePart(entries: Entries, name: string, handlers: Handlers): Promise<boolean> {
  const entry = entries.byName.get(name);
  if (!entry) return false;
  if (entry.uncompressedSize > entries.budget.left) throw tooLarge(entries);
  entries.budget.left -= entry.uncompressedSize;
  const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
    entries.zip.openReadStream(entry, (err, s) => (err || !s ? reject(new XlsxError('unreadable', `${name} non leggibile`)) : resolve(s))),
  );
  const parser = new SaxesParser();
  const { open, close, text } = handlers;
  if (open) parser.on('opentag', (tag: SaxesTagPlain) => open(localName(tag.name), tag.attributes as Record<string, string>));
  if (close) parser.on('closetag', (tag: SaxesTagPlain) => close(localName(tag.name)));
  if (text) {
    parser.on('text', text);
    parser.on('cdata', text);
  }
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of stream) parser.write(decoder.write(chunk));
    parser.write(decoder.end()).close();
  } catch (err) {
    (stream as NodeJS.ReadableStream & { destroy(): void }).destroy();
    if (err instanceof XlsxError) throw err;
    // yauzl's check of the declared size: the entry inflates past what the directory said.
    if (/^too many bytes in the stream/.test((err as Error).message)) throw tooLarge(entries);
    throw new XlsxError('unreadable', `${name} non leggibile (${(err as Error).message})`);
  }
  return true;
}

const tooLarge = (entries: Entries) =>
  new XlsxError('too-large', `il foglio supera ${Math.round(entries.budget.max / (1024 * 1024))} MB una volta decompresso`);

/** workbook.xml: the first sheet's relationship id and the date system; its .rels: where that sheet is. */
async function locateFirstSheet(
  entries: Entries,
): Promise<{ sheet: string; sharedStrings: string | null; styles: string | null; date1904: boolean }> {
  let firstSheetRel: string | null = null;
  let date1904 = false;
  const found = await parsePart(entries, 'xl/workbook.xml', {
    open(name, attributes) {
      if (name === 'sheet' && firstSheetRel === null) {
        firstSheetRel = Object.entries(attributes).find(([key]) => localName(key) === 'id' && key !== 'sheetId')?.[1] ?? null;
      }
      if (name === 'workbookPr') date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
    },
  });
  if (!found) throw new XlsxError('unreadable', 'xl/workbook.xml mancante');
  const targets = new Map<string, { type: string; target: string }>();
  await parsePart(entries, 'xl/_rels/workbook.xml.rels', {
    open(name, attributes) {
      if (name === 'Relationship' && attributes.Id && attributes.Target)
        targets.set(attributes.Id, { type: attributes.Type ?? '', target: attributes.Target });
    },
  });
  const resolve = (target: string) => (target.startsWith('/') ? target.slice(1) : path.posix.normalize(`xl/${target}`));
  const ofType = (suffix: string) => {
    const rel = [...targets.values()].find((r) => r.type.endsWith(suffix));
    return rel ? resolve(rel.target) : null;
  };
  const rel = firstSheetRel ? targets.get(firstSheetRel) : undefined;
  const sheet = rel ? resolve(rel.target) : entries.byName.has('xl/worksheets/sheet1.xml') ? 'xl/worksheets/sheet1.xml' : null;
  if (!sheet) throw new XlsxError('no-sheet', 'nessun foglio');
  return {
    sheet,
    sharedStrings: ofType('/sharedStrings') ?? 'xl/sharedStrings.xml',
    styles: ofType('/styles') ?? 'xl/styles.xml',
    date1904,
  };
}

/** styles.xml: which cell styles (the `s` of a cell) show a date. */
async function dateStyles(entries: Entries, part: string | null): Promise<boolean[]> {
  const customDate = new Map<number, boolean>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  if (part)
    await parsePart(entries, part, {
      open(name, attributes) {
        if (name === 'numFmt') customDate.set(Number(attributes.numFmtId), isDateFormatCode(attributes.formatCode ?? ''));
        else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) {
          const id = Number(attributes.numFmtId ?? 0);
          styles.push(customDate.get(id) ?? BUILTIN_DATE_FORMATS.has(id));
        }
      },
      close(name) {
        if (name === 'cellXfs') inCellXfs = false;
      },
    });
  return styles;
}

/** sharedStrings.xml: each <si>'s text, its runs joined, phonetic guides left out. */
async function sharedStrings(entries: Entries, part: string | null): Promise<string[]> {
  const strings: string[] = [];
  let current: string[] | null = null;
  let inText = false;
  let inPhonetic = false;
  if (part)
    await parsePart(entries, part, {
      open(name) {
        if (name === 'si') current = [];
        else if (name === 'rPh') inPhonetic = true;
        else if (name === 't' && !inPhonetic) inText = true;
      },
      close(name) {
        if (name === 'si' && current) {
          strings.push(current.join(''));
          current = null;
        } else if (name === 'rPh') inPhonetic = false;
        else if (name === 't') inText = false;
      },
      text(text) {
        if (inText && current) current.push(text);
      },
    });
  return strings;
}

/**
 * Reads the first worksheet of `data`, calling `onRow` for each row that has a cell with a value, in order.
 * Throws XlsxError for a workbook that cannot be read or goes over the limits, and whatever onRow throws.
 */
export async function readFirstSheetRows(data: Buffer, limits: XlsxLimits, onRow: (row: XlsxRow) => void): Promise<void> {
  const entries = await openZip(data);
  entries.budget = { left: limits.maxInflatedBytes, max: limits.maxInflatedBytes };
  try {
    const located = await locateFirstSheet(entries);
    const isDate = await dateStyles(entries, located.styles);
    const strings = await sharedStrings(entries, located.sharedStrings);
    const epoch = located.date1904 ? EPOCH_1904 : EPOCH_1900;

    let rowNumber = 0;
    let cells: XlsxRow['cells'] = [];
    let column = 0;
    let type = '';
    let style = 0;
    /** The text of the cell being read: its <v>, or the <t> runs of its inline string (<is>). */
    let value: string[] | null = null;
    let inValue = false;
    let inInline = false;
    const cellValue = (raw: string): XlsxCell | null => {
      switch (type) {
        case 's':
          return strings[Number(raw)] ?? null;
        case 'inlineStr':
        case 'str':
        case 'e':
          return raw;
        case 'b':
          return raw === '1' ? 'VERO' : 'FALSO';
        case 'd': {
          const date = new Date(raw);
          return Number.isNaN(date.getTime()) ? raw : date;
        }
        default: {
          if (raw.trim() === '') return null;
          const n = Number(raw);
          if (!Number.isFinite(n)) return raw;
          return isDate[style] ? new Date(epoch + Math.round(n * DAY_MS)) : n;
        }
      }
    };
    const found = await parsePart(entries, located.sheet, {
      open(name, attributes) {
        if (name === 'row') {
          rowNumber = attributes.r ? Number(attributes.r) : rowNumber + 1;
          cells = [];
          column = 0;
        } else if (name === 'c') {
          column = attributes.r ? columnNumber(attributes.r) || column + 1 : column + 1;
          type = attributes.t ?? 'n';
          style = Number(attributes.s ?? 0);
          value = null;
        } else if (name === 'v') {
          value ??= [];
          inValue = true;
        } else if (name === 'is') {
          value ??= [];
          inInline = true;
        } else if (name === 't' && inInline) inValue = true;
      },
      text(text) {
        if (inValue) value?.push(text);
      },
      close(name) {
        if (name === 'v' || name === 't') inValue = false;
        else if (name === 'is') inInline = false;
        else if (name === 'c') {
          const cell = value ? cellValue(value.join('')) : null;
          if (cell !== null && cell !== '') cells.push([column, cell]);
          value = null;
        } else if (name === 'row' && cells.length) onRow({ row: rowNumber, cells });
      },
    });
    if (!found) throw new XlsxError('no-sheet', `${located.sheet} mancante`);
  } finally {
    entries.zip.close();
  }
}
