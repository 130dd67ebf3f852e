import { type SQL, eq, sql } from 'drizzle-orm';
import { auditInstantText } from 'shared-api/contract';
import { type AuditNaming, type RecordValues, nameParts, nameText, nameValue, namedByColumns } from '../../core/audit/names';
import { bookings, game_tables, training_session_groups as groups, training_sessions as sessions } from './tables';

/** ', Tavolo N' when the values hold the record's table number (read by a join: a deletion entry holds only its id). */
const onTable = (r: RecordValues) => (nameText(r.table_number) ? `, Tavolo ${nameText(r.table_number)}` : '');
/** What names a session: its own title, day and time, its group's period, its table's number. */
const SESSION_VALUES = {
  id: sessions.id,
  title: sessions.title,
  specific_date: sessions.specific_date,
  start_time: sessions.start_time,
  group_start_date: groups.start_date,
  group_end_date: groups.end_date,
  table_number: game_tables.number,
};
const among = (id: typeof sessions.id | typeof bookings.id, ids: SQL) => sql`${id} = any(${ids})`;

/**
 * How the audit log names the booking's records (core/audit/names.ts): a table as 'Tavolo N'; a session by its title,
 * day (or its group's period) and time and its table; a booking by its shift's day and time on the club's clock and
 * its table; a group by its period.
 */
export const bookingAuditNames: readonly AuditNaming[] = [
  namedByColumns(game_tables.id, { number: game_tables.number }, (r) => nameParts('Tavolo ', nameText(r.number))),
  {
    kind: 'training_sessions',
    read: (db, ids) =>
      db
        .select(SESSION_VALUES)
        .from(sessions)
        .leftJoin(groups, eq(groups.id, sessions.group_id))
        .leftJoin(game_tables, eq(game_tables.id, sessions.game_table_id))
        .where(among(sessions.id, ids)),
    name: (r, tz) =>
      nameParts(
        nameText(r.title),
        r.specific_date
          ? `, ${nameValue(r.specific_date, 'specific_date', tz)}`
          : r.group_start_date && r.group_end_date
            ? `, dal ${nameValue(r.group_start_date, 'start_date', tz)} al ${nameValue(r.group_end_date, 'end_date', tz)}`
            : '',
        ' ore ',
        nameText(r.start_time)?.slice(0, 5) ?? null,
        onTable(r),
      ),
  },
  {
    kind: 'bookings',
    read: (db, ids) =>
      db
        .select({ id: bookings.id, start_at: bookings.start_at, table_number: game_tables.number })
        .from(bookings)
        .innerJoin(sessions, eq(sessions.id, bookings.session_id))
        .leftJoin(game_tables, eq(game_tables.id, sessions.game_table_id))
        .where(among(bookings.id, ids)),
    name: (r, tz) => {
      const at = typeof r.start_at === 'string' ? auditInstantText(r.start_at, tz) : '';
      return at ? `Turno del ${at.replace(' ', ' ore ')}${onTable(r)}` : null;
    },
  },
  namedByColumns(groups.id, { start_date: groups.start_date, end_date: groups.end_date }, (r, tz) =>
    r.start_date && r.end_date ? `Dal ${nameValue(r.start_date, 'start_date', tz)} al ${nameValue(r.end_date, 'end_date', tz)}` : null,
  ),
];
