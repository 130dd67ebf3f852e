import { parse } from 'csv-parse/sync';
import { detectFileType } from '../../../core/files/detect';
import { XlsxError, readFirstSheetRows } from '../../../core/files/xlsx-rows';

/** A column the importer reads, and the headers it is recognised by (case, accents, spaces and _ ignored). */
const COLUMNS = {
  member_id: ['codice tessera', 'tessera', 'numero tessera', 'member id', 'card code', 'codice'],
  card_type: ['tipo tessera', 'tipo', 'card type'],
  category: ['categoria', 'category'],
  start_date: ['data emissione', 'data rilascio', 'emissione', 'inizio validita', 'start date'],
  end_date: ['data scadenza', 'scadenza', 'fine validita', 'end date'],
} as const;

export type FitetColumn = keyof typeof COLUMNS;
export const FITET_COLUMNS = Object.keys(COLUMNS) as FitetColumn[];
/** The Italian header each column is documented with (README, the sample file). */
export const FITET_HEADERS: Record<FitetColumn, string> = {
  member_id: 'Codice tessera',
  card_type: 'Tipo tessera',
  category: 'Categoria',
  start_date: 'Data emissione',
  end_date: 'Data scadenza',
};

export interface FitetRow {
  /** Line of the file (the header is line 1). */
  line: number;
  member_id: string;
  card_type: string | null;
  category: string | null;
  start_date: string | null;
  end_date: string | null;
}

export interface RejectedRow {
  line: number;
  member_id: string | null;
  reason: string;
}

export interface ParsedFile {
  rows: FitetRow[];
  rejected: RejectedRow[];
}

/** A problem with the file as a whole (no header, a required column missing): nothing is imported. */
export class FitetFileError extends Error {}

const normalise = (header: string) =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[_\s.]+/g, ' ')
    .trim();

type Cell = string | number | Date | null | undefined;

/** A row as read: its line in the file and its cells with a value, each with its column number (A or the first field = 1). */
interface SourceRow {
  line: number;
  cells: [column: number, value: Cell][];
}

/** dd/mm/yyyy, d/m/yyyy, yyyy-mm-dd, or a spreadsheet date cell → YYYY-MM-DD; null for an empty cell; undefined when unreadable. */
function dateOf(cell: Cell): string | null | undefined {
  if (cell === null || cell === undefined || String(cell).trim() === '') return null;
  let y: number, m: number, d: number;
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return undefined;
    [y, m, d] = [cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate()];
  } else {
    const text = String(cell).trim();
    const italian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
    const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    if (italian) [d, m, y] = [Number(italian[1]), Number(italian[2]), Number(italian[3])];
    else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    else return undefined;
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1800 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return date.toISOString().slice(0, 10);
}

const textOf = (cell: Cell): string | null => {
  if (cell === null || cell === undefined) return null;
  const text = (cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell)).trim();
  return text || null;
};

/**
 * The limits of one FITET file (README, docs/registry.md). A club's file lists its own members, a few hundred; a
 * regional committee's, a few thousand. 20,000 rows leaves room for both and bounds what one import does: its rows
 * are written in one transaction (on the embedded database one long transaction holds every other request) and
 * answered row by row. A workbook is a zip whose parts can inflate a thousand times their size (300 KB of
 * compressed blanks are 300 MB of XML): the parts read may inflate to 32 MB, five times what 20,000 rows take.
 */
export const FITET_LIMITS = {
  maxRows: 20_000,
  maxInflatedBytes: 32 * 1024 * 1024,
  maxInflatedMb: 32,
} as const;

/**
 * Reads the header row and then every data row into records, each row either accepted or rejected with its reason
 * (a value under no header, an unreadable date, a missing card code, a card code seen earlier in the file). Rows
 * come one at a time, their cells placed by column number: nothing is laid out as a grid.
 */
class FitetTable {
  /** Column number → the column it holds, from the header row; null until the header is read. */
  private columnAt: Map<number, FitetColumn> | null = null;
  /** Columns whose header names something (known or not): a value under one is not a stray. */
  private named = new Set<number>();
  private dataRows = 0;
  private readonly seen = new Set<string>();
  readonly rows: FitetRow[] = [];
  readonly rejected: RejectedRow[] = [];

  add({ line, cells }: SourceRow): void {
    const filled = cells.filter(([, c]) => textOf(c));
    if (!filled.length) return;
    if (!this.columnAt) return this.header(filled);
    if (++this.dataRows > FITET_LIMITS.maxRows) {
      throw new FitetFileError(
        `Il file ha più di ${FITET_LIMITS.maxRows.toLocaleString('it-IT')} righe di dati: dividilo in più file e caricali uno alla volta`,
      );
    }
    const values: Partial<Record<FitetColumn, Cell>> = {};
    let stray = 0;
    for (const [index, cell] of filled) {
      const column = this.columnAt.get(index);
      if (column) values[column] = cell;
      else if (!this.named.has(index) && (!stray || index < stray)) stray = index;
    }
    const memberId = textOf(values.member_id);
    const reject = (reason: string) => void this.rejected.push({ line, member_id: memberId, reason });
    if (stray) return reject(`Valore in una colonna sconosciuta (colonna ${stray})`);
    if (!memberId) return reject('Codice tessera mancante');
    if (this.seen.has(memberId)) return reject('Codice tessera ripetuto nel file');
    const start = dateOf(values.start_date);
    const end = dateOf(values.end_date);
    if (start === undefined) return reject(`Data emissione non valida: ${textOf(values.start_date)}`);
    if (end === undefined) return reject(`Data scadenza non valida: ${textOf(values.end_date)}`);
    if (start && end && end < start) return reject('La data di scadenza precede la data di emissione');
    this.seen.add(memberId);
    this.rows.push({
      line,
      member_id: memberId,
      card_type: textOf(values.card_type),
      category: textOf(values.category),
      start_date: start,
      end_date: end,
    });
  }

  private header(cells: SourceRow['cells']): void {
    const columnAt = new Map<number, FitetColumn>();
    for (const [index, cell] of cells) {
      const name = normalise(textOf(cell) ?? '');
      if (!name) continue;
      this.named.add(index);
      const column = FITET_COLUMNS.find((col) => (COLUMNS[col] as readonly string[]).includes(name));
      if (column && ![...columnAt.values()].includes(column)) columnAt.set(index, column);
    }
    const missing = FITET_COLUMNS.filter((col) => ![...columnAt.values()].includes(col));
    if (missing.length) {
      throw new FitetFileError(
        `Colonne mancanti nel file: ${missing.map((c) => FITET_HEADERS[c]).join(', ')}. Il file deve avere le colonne ${FITET_COLUMNS.map((c) => FITET_HEADERS[c]).join(', ')}`,
      );
    }
    this.columnAt = columnAt;
  }

  finish(): ParsedFile {
    if (!this.columnAt) throw new FitetFileError('Il file è vuoto');
    return { rows: this.rows, rejected: this.rejected };
  }
}

/** The encodings a CSV is read in; Excel in Italy saves "CSV" as Windows-1252 (Latin-1) and "Unicode text" as UTF-16. */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** The encoding a byte-order mark at the start of `data` names; null without one. */
function byteOrderMark(data: Uint8Array): TextEncoding | null {
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return 'utf-8';
  if (data[0] === 0xff && data[1] === 0xfe) return 'utf-16le';
  if (data[0] === 0xfe && data[1] === 0xff) return 'utf-16be';
  return null;
}

/**
 * The encoding of a text file: its byte-order mark; else UTF-16 when NUL bytes sit in every other position (ASCII
 * text in UTF-16 without a mark); else UTF-8 when the bytes are valid UTF-8; else Windows-1252, a superset of
 * Latin-1 in which every byte is a character.
 */
export function detectTextEncoding(data: Uint8Array): TextEncoding {
  const marked = byteOrderMark(data);
  if (marked) return marked;
  const sample = data.subarray(0, 4096 - (Math.min(data.length, 4096) % 2));
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2) oddNul++;
    else evenNul++;
  }
  const pairs = sample.length / 2;
  if (pairs && oddNul > pairs * 0.3 && evenNul === 0) return 'utf-16le';
  if (pairs && evenNul > pairs * 0.3 && oddNul === 0) return 'utf-16be';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/** The text of a CSV in whatever encoding it came in, without its byte-order mark; null when it is not text. */
export function decodeCsvText(data: Uint8Array): { text: string; encoding: TextEncoding } | null {
  const encoding = detectTextEncoding(data);
  const text = new TextDecoder(encoding).decode(data).replace(/^\uFEFF/, '');
  // Control characters other than tab, line breaks and form feed: a binary file, not a table.
  if (!text.trim() || hasControlCharacters(text)) return null;
  return { text, encoding };
}

/** A CSV file: ';' or ',' separated; UTF-8 (with or without BOM), UTF-16 or Windows-1252/Latin-1. */
export function parseFitetCsv(data: Uint8Array): ParsedFile {
  const decoded = decodeCsvText(data);
  if (!decoded) throw new FitetFileError('Il file CSV non è un testo leggibile');
  const table = new FitetTable();
  let line = 0;
  try {
    parse(decoded.text, {
      delimiter: [';', ','],
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      // Each record is read into the table as it comes and not kept: the row limit stops a long file early.
      on_record: (record: string[]) => {
        line++;
        table.add({ line, cells: record.flatMap((value, i) => (value ? [[i + 1, value] as [number, Cell]] : [])) });
        return null;
      },
    });
  } catch (err) {
    if (err instanceof FitetFileError) throw err;
    throw new FitetFileError(`Il file CSV non è leggibile: ${(err as Error).message}`);
  }
  return table.finish();
}

/** An .xlsx workbook: its first worksheet, read as a stream (core/files/xlsx-rows.ts). */
export async function parseFitetXlsx(data: Buffer): Promise<ParsedFile> {
  const table = new FitetTable();
  try {
    await readFirstSheetRows(data, { maxInflatedBytes: FITET_LIMITS.maxInflatedBytes }, ({ row, cells }) => table.add({ line: row, cells }));
  } catch (err) {
    if (err instanceof XlsxError) {
      if (err.reason === 'too-large')
        throw new FitetFileError(
          `Il file Excel supera ${FITET_LIMITS.maxInflatedMb} MB una volta decompresso: salva solo il foglio dei tesserati, oppure caricalo come .csv`,
        );
      if (err.reason === 'no-sheet') throw new FitetFileError('Il file Excel non ha fogli');
      throw new FitetFileError('Il file Excel non è leggibile');
    }
    throw err;
  }
  return table.finish();
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows per page of a parsed file as it crosses back from the worker. */
export const FITET_PAGE_ROWS = 1000;

/**
 * What reading an upload gives: its rows and refused rows as JSON, a page of FITET_PAGE_ROWS each (a string crosses
 * threads as one copy, where 20,000 row objects took the request thread 100 ms to rebuild; the service parses a page
 * at a time), or why the file as a whole is refused (an error code of the contract).
 */
export type FitetParseOutcome =
  | { ok: true; rows: string[]; rejected: string }
  | { ok: false; code: 'FITET_FILE_INVALID' | 'FILE_TYPE_NOT_ALLOWED'; message: string };

const pagesOf = ({ rows, rejected }: ParsedFile): FitetParseOutcome => {
  const pages: string[] = [];
  for (let at = 0; at < rows.length; at += FITET_PAGE_ROWS) pages.push(JSON.stringify(rows.slice(at, at + FITET_PAGE_ROWS)));
  return { ok: true, rows: pages, rejected: JSON.stringify(rejected) };
};

/**
 * The whole reading of an uploaded FITET file, from its bytes: its type from the content, then the workbook or the
 * CSV. Runs on a worker thread (core/workers: FitetService calls it through runOffThread), so it answers refusals
 * as values (an Error's class does not cross threads).
 */
export async function parseFitetUpload({ data, fileName }: { data: Uint8Array; fileName: string }): Promise<FitetParseOutcome> {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  // A UTF-16 byte-order mark (FF FE) looks like an MPEG audio frame to file-type: a marked text is read as text.
  const type = byteOrderMark(buffer) ? null : await detectFileType(buffer);
  try {
    if (type?.mime === XLSX) return pagesOf(await parseFitetXlsx(buffer));
    if (type?.mime === 'application/msword')
      return {
        ok: false,
        code: 'FILE_TYPE_NOT_ALLOWED',
        message: 'Il formato .xls (Excel 97-2003) non è supportato: salva il file come .xlsx o .csv e caricalo di nuovo',
      };
    // A text file (UTF-8, UTF-16, Latin-1: file-type knows none of them) is read as a CSV.
    if (!type && decodeCsvText(buffer)) return pagesOf(parseFitetCsv(buffer));
    if (type?.mime === 'text/plain') return pagesOf(parseFitetCsv(buffer));
  } catch (err) {
    if (err instanceof FitetFileError) return { ok: false, code: 'FITET_FILE_INVALID', message: err.message };
    throw err;
  }
  return { ok: false, code: 'FILE_TYPE_NOT_ALLOWED', message: `Tipo di file non accettato: ${fileName}. Carica un file .xlsx o .csv` };
}
