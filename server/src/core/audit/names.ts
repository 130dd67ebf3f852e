import { type SQL, getTableName, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { auditValueText } from 'shared-api/contract';
import type { DbOrTx } from '../db/client';

/** A record's values as the log keeps them: a live row's (read by its kind's `read`) or its deletion entry's 'before'. */
export type RecordValues = Readonly<Record<string, unknown>>;

/**
 * How the audit log names the records of one table (issue 44 item 6), declared by the domain that owns the table
 * (Domain.auditNames): the log's reader (the audit domain) asks these declarations and imports no domain's table.
 * One `name` reads both a live record and a deleted one: `read` answers the record's own columns under their names
 * (as its deletion entry keeps them) and, where a join adds to the name, values no entry holds (a session's table
 * number), so a deleted record reads by what its entry kept.
 */
export interface AuditNaming {
  /** The table, as the log's entries name it (their `entity`). */
  kind: string;
  /** The values that name the records of these ids (`ids`: a uuid[] expression), each row with its `id`: one statement. */
  read(db: DbOrTx, ids: SQL): Promise<readonly ({ id: string } & RecordValues)[]>;
  /** The record's name from its values; null when they do not hold it. */
  name(values: RecordValues, timeZone: string): string | null;
}

/** A kind named by some columns of its own table (`id`'s): its rows read as those columns, under these names. */
export const namedByColumns = (id: PgColumn, values: Record<string, PgColumn>, name: AuditNaming['name']): AuditNaming => ({
  kind: getTableName(id.table),
  read: (db, ids) =>
    db
      .select({ id, ...values })
      .from(id.table)
      .where(sql`${id} = any(${ids})`) as Promise<({ id: string } & RecordValues)[]>,
  name,
});

/** A value as text, when it holds one (an empty text holds none). */
export const nameText = (value: unknown): string | null =>
  typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : null;

/** The parts joined, or null when one is missing. */
export const nameParts = (...parts: (string | null)[]): string | null => (parts.every((p) => p !== null) ? parts.join('') : null);

/** A day, an instant, an amount in cents as the log shows them (shared-api audit-format). */
export const nameValue = (value: unknown, field: string, timeZone: string): string => auditValueText(value, field, {}, timeZone);

/** A live row's values as its entry would keep them (an instant as ISO 8601 text), so one `name` reads both. */
const asKept = (row: RecordValues): RecordValues =>
  Object.fromEntries(Object.entries(row).map(([field, value]) => [field, value instanceof Date ? value.toISOString() : value]));

/**
 * Every domain's declarations, by kind. `valuesOf` reads the live records of some kinds (one statement per kind that
 * has ids, the ids as one uuid[] parameter), `nameOf` names a record from its values.
 */
export class AuditNames {
  private readonly byKind: ReadonlyMap<string, AuditNaming>;

  constructor(namings: readonly AuditNaming[]) {
    const byKind = new Map<string, AuditNaming>();
    for (const naming of namings) {
      if (byKind.has(naming.kind)) throw new Error(`Il registro attività nomina ${naming.kind} due volte`);
      byKind.set(naming.kind, naming);
    }
    this.byKind = byKind;
  }

  /** The kinds declared. */
  get kinds(): string[] {
    return [...this.byKind.keys()];
  }

  /** The values of the live records of these ids, by id (one statement per kind that has ids; one after the other). */
  async valuesOf(db: DbOrTx, idsByKind: ReadonlyMap<string, ReadonlySet<string>>): Promise<Map<string, RecordValues>> {
    const found = new Map<string, RecordValues>();
    for (const [kind, ids] of idsByKind) {
      if (!ids.size) continue;
      for (const row of await this.naming(kind).read(db, sql`${`{${[...ids].join(',')}}`}::uuid[]`)) found.set(row.id, asKept(row));
    }
    return found;
  }

  /** A record's name from its values (live or kept by its deletion entry); null when they do not hold it. */
  nameOf(kind: string, values: RecordValues, timeZone: string): string | null {
    return this.naming(kind).name(values, timeZone);
  }

  private naming(kind: string): AuditNaming {
    const naming = this.byKind.get(kind);
    if (!naming) throw new Error(`Nessun dominio dice come il registro attività nomina ${kind}`);
    return naming;
  }
}
