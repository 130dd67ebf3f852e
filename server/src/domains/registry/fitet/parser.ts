import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

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
 * Reads the header row and every data row into records, each row either accepted or rejected with its reason
 * (a value under no header, an unreadable date, a missing card code, a card code seen earlier in the file).
 */
function readTable(table: Cell[][]): ParsedFile {
  const headerIndex = table.findIndex((row) => row.some((c) => textOf(c)));
  if (headerIndex < 0) throw new FitetFileError('Il file è vuoto');
  const header = (table[headerIndex] ?? []).map((c) => normalise(textOf(c) ?? ''));
  const columnAt = new Map<number, FitetColumn>();
  header.forEach((name, index) => {
    const column = FITET_COLUMNS.find((col) => (COLUMNS[col] as readonly string[]).includes(name));
    if (column && ![...columnAt.values()].includes(column)) columnAt.set(index, column);
  });
  const missing = FITET_COLUMNS.filter((col) => ![...columnAt.values()].includes(col));
  if (missing.length) {
    throw new FitetFileError(
      `Colonne mancanti nel file: ${missing.map((c) => FITET_HEADERS[c]).join(', ')}. Il file deve avere le colonne ${FITET_COLUMNS.map((c) => FITET_HEADERS[c]).join(', ')}`,
    );
  }

  const rows: FitetRow[] = [];
  const rejected: RejectedRow[] = [];
  const seen = new Set<string>();
  table.slice(headerIndex + 1).forEach((cells, offset) => {
    const line = headerIndex + offset + 2;
    if (!cells.some((c) => textOf(c))) return;
    const values = Object.fromEntries([...columnAt].map(([index, col]) => [col, cells[index]])) as Record<FitetColumn, Cell>;
    const memberId = textOf(values.member_id);
    const reject = (reason: string) => rejected.push({ line, member_id: memberId, reason });
    const stray = cells.findIndex((c, index) => textOf(c) && !columnAt.has(index) && !header[index]);
    if (stray >= 0) return reject(`Valore in una colonna sconosciuta (colonna ${stray + 1})`);
    if (!memberId) return reject('Codice tessera mancante');
    if (seen.has(memberId)) return reject('Codice tessera ripetuto nel file');
    const start = dateOf(values.start_date);
    const end = dateOf(values.end_date);
    if (start === undefined) return reject(`Data emissione non valida: ${textOf(values.start_date)}`);
    if (end === undefined) return reject(`Data scadenza non valida: ${textOf(values.end_date)}`);
    if (start && end && end < start) return reject('La data di scadenza precede la data di emissione');
    seen.add(memberId);
    rows.push({
      line,
      member_id: memberId,
      card_type: textOf(values.card_type),
      category: textOf(values.category),
      start_date: start,
      end_date: end,
    });
    return undefined;
  });
  return { rows, rejected };
}

/** A CSV file: ';' or ',' separated, UTF-8 with or without BOM. */
export function parseFitetCsv(data: Buffer): ParsedFile {
  let table: string[][];
  try {
    table = parse(data, { bom: true, delimiter: [';', ','], relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch (err) {
    throw new FitetFileError(`Il file CSV non è leggibile: ${(err as Error).message}`);
  }
  return readTable(table);
}

/** An .xlsx workbook: its first worksheet. */
export async function parseFitetXlsx(data: Buffer): Promise<ParsedFile> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new FitetFileError('Il file Excel non è leggibile');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new FitetFileError('Il file Excel non ha fogli');
  const table: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      const v = cell.value;
      cells[col - 1] =
        v === null || v === undefined
          ? null
          : v instanceof Date || typeof v === 'string' || typeof v === 'number'
            ? v
            : typeof v === 'object' && 'result' in v
              ? (v.result as Cell)
              : typeof v === 'object' && 'richText' in v
                ? v.richText.map((r) => r.text).join('')
                : String(cell.text);
    });
    table[rowNumber - 1] = cells;
  });
  return readTable(Array.from(table, (row) => row ?? []));
}
