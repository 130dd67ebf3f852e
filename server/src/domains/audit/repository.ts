import { type SQL, and, desc, eq, lt, sql } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditFilters } from 'shared-api/contract';
import type { Db } from '../../core/db/client';
import { audit_log } from '../../core/db/tables';
import { type ListSource, leftJoinOn, listFrom, searchableText, selectRows, tableList } from '../../core/list';
import { users } from '../registry/tables';

export type AuditSortKey = 'at' | 'action' | 'entity';

const a = audit_log;
const FROM = listFrom(a, leftJoinOn(users, eq(users.id, a.actor_user_id)));
const COLUMNS = {
  _id: a.id,
  at: a.at,
  actorId: users.id,
  actorName: users.name,
  actorSurname: users.surname,
  ip: a.ip,
  action: a.action,
  entity: a.entity,
  entity_id: a.entity_id,
  changes: a.changes,
};

type Row = {
  _id: string;
  at: Date;
  actorId: string | null;
  actorName: string | null;
  actorSurname: string | null;
  ip: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  changes: unknown;
};

const toEntry = (row: Row): AuditEntry => ({
  _id: row._id,
  at: row.at.toISOString(),
  actor: row.actorId ? { _id: row.actorId, name: row.actorName ?? '', surname: row.actorSurname ?? '' } : null,
  ip: row.ip,
  action: row.action as AuditAction,
  entity: row.entity,
  entity_id: row.entity_id,
  changes: (row.changes ?? {}) as AuditEntry['changes'],
});

/** The audit log's reads and its retention (the rows are written by core/audit's trigger): SQL only. */
export class AuditRepository {
  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
  ) {}

  /** The list, newest first unless sorted otherwise; `from` and `to` are days of the club's calendar, both included. */
  listSource(filters: AuditFilters): ListSource<AuditEntry, AuditSortKey> {
    const day = (d: string) => sql`((${d}::date)::timestamp at time zone ${this.timeZone})`;
    const conditions: (SQL | undefined)[] = [
      filters.entity ? eq(a.entity, filters.entity) : undefined,
      filters.entityId ? eq(a.entity_id, filters.entityId) : undefined,
      filters.userId ? eq(a.actor_user_id, filters.userId) : undefined,
      filters.from ? sql`${a.at} >= ${day(filters.from)}` : undefined,
      filters.to ? sql`${a.at} < ${day(filters.to)} + interval '1 day'` : undefined,
    ];
    return tableList(
      this.db,
      {
        from: FROM,
        columns: COLUMNS,
        search: searchableText(a.action, a.entity, a.entity_id, a.ip, users.name, users.surname),
        filters: conditions,
        sortColumns: { at: a.at, action: a.action, entity: a.entity },
        defaultSort: [a.at],
        defaultOrder: 'desc',
        tieBreaker: a.id,
      },
      toEntry,
    );
  }

  /** A member's sign-ins and the changes to their own record, newest first. */
  async activityOf(userId: string, limit: number): Promise<AuditEntry[]> {
    const rows = await selectRows(this.db, FROM, COLUMNS, and(eq(a.entity, 'users'), eq(a.entity_id, userId)), {
      orderBy: [desc(a.at), desc(a.id)],
      limit,
    });
    return rows.map(toEntry);
  }

  /** Removes the entries older than `before`; answers how many. */
  async deleteOlderThan(before: Date): Promise<number> {
    const deleted = await this.db.delete(a).where(lt(a.at, before)).returning({ id: a.id });
    return deleted.length;
  }
}
