import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from 'server/testing';

/**
 * `rows` audit entries, one every 5 minutes back from now (a million: nine and a half years), by the seeded users in
 * turn: one INSERT … SELECT generate_series with the log's indexes dropped first and built again after (their
 * definitions read from pg_indexes), then VACUUM ANALYZE. The audit bench's log and the backup bench's database.
 */
export async function fillAuditLog(database: Database, rows: number): Promise<void> {
  const { db } = database;
  const indexes = rowsOf<{ indexname: string; indexdef: string }>(
    await db.execute(
      sql`select indexname, indexdef from pg_indexes where tablename = 'audit_log' and indexname not in (select conname from pg_constraint)`,
    ),
  );
  for (const { indexname } of indexes) await db.execute(sql.raw(`drop index "${indexname}"`));
  await db.execute(sql`
    insert into audit_log (at, actor_user_id, ip, action, entity, entity_id, changes)
    select now() - i * interval '5 minutes',
           (select array_agg(id order by email) from users)[1 + i % 15],
           '10.' || (i % 200) || '.' || (i % 250) || '.' || (i % 7),
           (array['create', 'edit', 'delete', 'sign-in'])[1 + i % 4],
           (array['users', 'bookings', 'training_sessions', 'payments', 'files', 'game_tables'])[1 + (i / 7) % 6],
           md5(i::text)::uuid::text,
           jsonb_build_object('note', jsonb_build_object('before', 'valore ' || i, 'after', 'valore ' || (i + 1)))
    from generate_series(1, ${rows}) as i`);
  for (const { indexdef } of indexes) await db.execute(sql.raw(indexdef));
  await db.execute(sql`vacuum analyze audit_log`);
}
