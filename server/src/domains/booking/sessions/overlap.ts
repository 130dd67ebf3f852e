import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../core/db/client';
import { DomainError } from '../../../core/errors';
import { rowsOf } from '../../../core/db/rows';
import { formatItalianDate } from '../../../core/time';
import { game_tables, training_sessions as s } from '../tables';
import { endTimeSql, occurrencesBetween } from './occurrence-sql';

/** An occurrence another session's overlaps on its table (firstOverlap). */
export interface SessionOverlap {
  date: string;
  title: string;
  start_time: string;
  end_time: string;
  table_number: number;
}

/**
 * Two sessions never overlap on one table (issue 44 item 5: a copy left on its original's day made a duplicate).
 * Every write that places sessions on tables locks the tables first (lock), then checks its sessions inside its
 * transaction after its changes (assertNone): of two writes at once on one table the second checks after the first
 * has committed. Recurring sessions are expanded, not stored, so no exclusion constraint can hold the rule.
 */
export class SessionOverlaps {
  /**
   * Locks game tables' rows for the rest of the transaction (in id order, so two writers never wait on each other
   * crosswise): every write that places sessions on a table takes its table's lock first, so of two writes placing
   * overlapping sessions on one table the second checks for overlaps (firstOverlap) after the first has committed.
   */
  async lock(tx: DbOrTx, tableIds: string[]): Promise<void> {
    const ids = [...new Set(tableIds)].sort();
    if (!ids.length) return;
    await tx.execute(
      sql`select id from ${game_tables} where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) order by id for no key update`,
    );
  }

  /**
   * The first occurrence in [from, to] of another session on the same table, on the same day, whose time overlaps
   * an occurrence of one of these sessions (a range past midnight counts to midnight); null when there is none.
   */
  async firstOverlap(tx: DbOrTx, sessionIds: string[], from: string, to: string): Promise<SessionOverlap | null> {
    if (!sessionIds.length) return null;
    const ids = sql.join(
      sessionIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const tables = sql`s.game_table_id in (select t.game_table_id from ${s} t where t.id in (${ids}))`;
    const minutes = (o: string) => sql.raw(`(extract(hour from ${o}.start_time::time) * 60 + extract(minute from ${o}.start_time::time))`);
    const [row] = rowsOf<SessionOverlap>(
      await tx.execute(sql`
        with o as (${occurrencesBetween(from, to, 'probe', tables)})
        select b.date::text as date, b.title, b.start_time, ${endTimeSql(sql`b.start_time`, sql`b.duration_minutes`)} as end_time,
               gt.number as table_number
        from o a
        join o b on b.game_table_id = a.game_table_id and b.date = a.date and b.session_id <> a.session_id
          and ${minutes('a')} < ${minutes('b')} + b.duration_minutes and ${minutes('b')} < ${minutes('a')} + a.duration_minutes
        join ${game_tables} gt on gt.id = b.game_table_id
        where a.session_id in (${ids})
        order by b.date, b.start_time
        limit 1`),
    );
    return row ?? null;
  }

  /** Refuses (SESSION_OVERLAP, naming table, day, time and session) when firstOverlap finds one. */
  async assertNone(tx: DbOrTx, sessionIds: string[], from: string, to: string): Promise<void> {
    const found = await this.firstOverlap(tx, sessionIds, from, to);
    if (!found) return;
    throw new DomainError(
      'SESSION_OVERLAP',
      `Il tavolo ${found.table_number} è già occupato il ${formatItalianDate(found.date)} dalle ${found.start_time} alle ${found.end_time} ` +
        `dal turno «${found.title}»: scegli un altro giorno, un altro orario o un altro tavolo.`,
    );
  }
}
