/**
 * What the audit log's tests share: the portal signed in as the administrator, its clock stopped on a known instant
 * (an entry's day is what the filters ask for), a person's id by their email, an answer's status, and a download's
 * rows (CSV and XLSX) as cells under their headers.
 */
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { ADMIN, type TestApp, build, login } from '../../../testing/helper';
import { users } from '../../registry/tables';

/** Wednesday 25 November 2026, 10:00 in Rome (09:00 UTC). */
export const AUDIT_TEST_NOW = '2026-11-25T10:00:00+01:00';

/** The columns of the log's downloads (AUDIT_EXPORT_COLUMNS), in their order. */
export const AUDIT_EXPORT_HEADERS = ['Data e ora', 'Utente', 'Indirizzo', 'Azione', 'Elemento', 'Identificativo', 'Modifiche'];

/**
 * A portal for one test file and the administrator's session: the clock stopped at AUDIT_TEST_NOW, or left running
 * (`clock: 'running'`). Call it from the file's `before`; close `t` in its `after`.
 */
export async function auditApp(options: { clock?: 'stopped' | 'running' } = {}): Promise<{ t: TestApp; admin: string }> {
  const t = await build();
  if (options.clock !== 'running') {
    t.clock.freeze();
    t.clock.advance(new Date(AUDIT_TEST_NOW).getTime() - t.clock.now().getTime());
  }
  return { t, admin: await login(t.app, ADMIN) };
}

/** The answer, once its status is the one expected (its body in the message when not). */
export const ok = <R extends { statusCode: number; body: string }>(res: R, status: number): R => {
  assert.equal(res.statusCode, status, res.body);
  return res;
};

/** A person's id by their email. */
export const userIdOf = async (t: TestApp, email: string): Promise<string> =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

/** A person's name as the log writes it: 'Surname Name'. */
export async function personName(t: TestApp, email: string): Promise<string> {
  const [person] = await t.database.db.select({ name: users.name, surname: users.surname }).from(users).where(eq(users.email, email));
  return `${person!.surname} ${person!.name}`;
}

type Worksheet = import('@mui/x-internal-exceljs-fork').Worksheet;

/** The first sheet of an XLSX download. */
export async function xlsxSheet(res: { rawPayload: Buffer }): Promise<Worksheet> {
  const { default: ExcelJS } = await import('@mui/x-internal-exceljs-fork');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

/** A sheet's rows, each as its cells' text. */
export function sheetRows(sheet: Worksheet): string[][] {
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as (string | number | null)[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

/** A CSV download's rows (after its byte-order mark, cells separated by ';'), the header first. */
export const csvRows = (res: { rawPayload: Buffer }): string[][] => parse(res.rawPayload.subarray(3).toString('utf8'), { delimiter: ';' });

/** A download's rows, the header first: CSV or XLSX. */
export const exportRows = async (res: { rawPayload: Buffer }, format: 'csv' | 'xlsx'): Promise<string[][]> =>
  format === 'csv' ? csvRows(res) : sheetRows(await xlsxSheet(res));
