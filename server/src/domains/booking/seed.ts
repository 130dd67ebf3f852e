import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../../core/config';
import type { Db, DbOrTx } from '../../core/db/client';
import { files } from '../../core/db/tables';
import { FileStore } from '../../core/files/store';
import { todayIn } from '../../core/time';
import { certificate_records, certificate_types, certificates } from '../certificates/tables';
import { categories, qualifications, users } from '../registry/tables';
import { addDays, weekDayOf } from './dates';
import {
  booking_participants,
  bookings,
  game_tables,
  training_session_exceptions,
  training_session_groups,
  training_session_qualifications,
  training_sessions,
} from './tables';

/** A one-page PDF standing for the scanned certificate. */
const DEMO_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * The demo club's booking data (docs/booking.md): tables 1–6; a group of evening sessions Monday to Friday
 * (18:00–19:30 and 19:30–21:00 on every table) from this week's Monday for six months; a Saturday tournament not
 * open to booking; an approved medical certificate (one year) for every member whose category books sessions, so each
 * demo member can book at once (issue 10); a booking of Luca and Francesca on the next weekday.
 */
export async function seedBooking(db: Db, config: Pick<AppConfig, 'clubTimezone' | 'dataDir'>, now: Date): Promise<void> {
  const today = todayIn(config.clubTimezone, now);
  const store = new FileStore(path.join(config.dataDir, 'files'));
  await db.transaction(async (tx) => {
    const tables = await tx
      .insert(game_tables)
      .values(
        [1, 2, 3, 4, 5, 6].map((number) => ({
          number,
          description: number <= 4 ? `Sala principale, tavolo ${number}` : `Sala piccola, tavolo ${number}`,
        })),
      )
      .returning({ id: game_tables.id, number: game_tables.number });
    const quals = (await tx.select({ id: qualifications.id }).from(qualifications)).map((q) => q.id);

    const monday = addDays(today, -((weekDayOf(today) + 6) % 7));
    const [group] = await tx
      .insert(training_session_groups)
      .values({ start_date: monday, end_date: addDays(monday, 181), week_days: [1, 2, 3, 4, 5] })
      .returning({ id: training_session_groups.id });
    if (!group) throw new Error('INSERT senza riga restituita');
    const sessions = await tx
      .insert(training_sessions)
      .values(
        tables.flatMap((t) => [
          { group_id: group.id, title: 'Allenamento libero', start_time: '18:00', duration_minutes: 90, game_table_id: t.id, color: '#2e7d32' },
          { group_id: group.id, title: 'Allenamento libero', start_time: '19:30', duration_minutes: 90, game_table_id: t.id, color: '#1565c0' },
        ]),
      )
      .returning({ id: training_sessions.id, start_time: training_sessions.start_time, game_table_id: training_sessions.game_table_id });
    const saturday = addDays(monday, 5);
    const tournament = await tx
      .insert(training_sessions)
      .values({
        specific_date: saturday,
        title: 'Torneo sociale',
        start_time: '16:00',
        duration_minutes: 240,
        game_table_id: tables[0]!.id,
        color: '#6a1b9a',
        is_booking_allowed: false,
      })
      .returning({ id: training_sessions.id });
    await tx
      .insert(training_session_qualifications)
      .values([...sessions, ...tournament].flatMap((s) => quals.map((qualification_id) => ({ session_id: s.id, qualification_id }))));

    const members = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .innerJoin(categories, eq(categories.id, users.category_id))
      .where(sql`'book_session' = any(${categories.permissions})`);
    const [medical] = await tx
      .select({ id: certificate_types.id })
      .from(certificate_types)
      .where(sql`${certificate_types.is_medical}`)
      .orderBy(certificate_types.name)
      .limit(1);
    if (medical) {
      for (const m of members) {
        const fileId = randomUUID();
        await store.write(fileId, DEMO_PDF);
        await tx
          .insert(files)
          .values({ id: fileId, original_name: 'certificato.pdf', mime: 'application/pdf', size: DEMO_PDF.length, owner_user_id: m.id });
        const [cert] = await tx.insert(certificates).values({ type_id: medical.id, user_id: m.id }).returning({ id: certificates.id });
        if (!cert) throw new Error('INSERT senza riga restituita');
        await tx.insert(certificate_records).values({
          certificate_id: cert.id,
          file_id: fileId,
          is_approved: true,
          end_date: addDays(today, 365),
          notes: 'Certificato del club demo',
          approved_at: now,
        });
      }
    }

    // Luca and Francesca on table 1 at 18:00 on the next weekday.
    let day = addDays(today, 1);
    while (weekDayOf(day) === 0 || weekDayOf(day) === 6) day = addDays(day, 1);
    const luca = members.find((m) => m.email.startsWith('luca.'));
    const francesca = members.find((m) => m.email.startsWith('francesca.'));
    const first = sessions.find((s) => s.start_time === '18:00' && s.game_table_id === tables[0]!.id);
    if (luca && francesca && first) {
      const startAt = sql`((${day}::date + '18:00'::time) at time zone ${config.clubTimezone})`;
      const [b] = await tx
        .insert(bookings)
        .values({
          session_id: first.id,
          date: day,
          start_at: startAt,
          end_at: sql`${startAt} + interval '90 minutes'`,
          booked_by: luca.id,
          participant_ids: [luca.id, francesca.id],
        })
        .returning({ id: bookings.id, start_at: bookings.start_at, end_at: bookings.end_at });
      if (!b) throw new Error('INSERT senza riga restituita');
      await tx
        .insert(booking_participants)
        .values([luca, francesca].map((u) => ({ booking_id: b.id, user_id: u.id, start_at: b.start_at, end_at: b.end_at })));
      await tx.insert(training_session_exceptions).values({
        session_id: first.id,
        date: day,
        title: 'Allenamento libero',
        start_time: '18:00',
        duration_minutes: 90,
        color: '#2e7d32',
        is_booking_allowed: true,
      });
    }
    await seedPlayedHistory(tx, { monday, timeZone: config.clubTimezone, tables, quals, members });
  });
}

/**
 * The three weeks before the demo week: single 'Allenamento libero' sessions on Tuesdays and Thursdays at 18:00 on
 * tables 1 and 2, five of them played by Luca, Francesca and Matteo (one by all three, booked by the club), one booking cancelled,
 * and a private lesson flagged outside the statistics — the statistics pages show what counts and what does not.
 */
async function seedPlayedHistory(
  tx: DbOrTx,
  demo: { monday: string; timeZone: string; tables: { id: string; number: number }[]; quals: string[]; members: { id: string; email: string }[] },
): Promise<void> {
  const who = (name: string) => demo.members.find((m) => m.email.startsWith(`${name}.`));
  const [luca, francesca, matteo] = [who('luca'), who('francesca'), who('matteo')];
  const table = (n: number) => demo.tables.find((t) => t.number === n)!.id;
  if (!luca || !francesca || !matteo) return;

  type Played = { weeksBefore: number; weekday: 2 | 3 | 4; table: number; people: { id: string }[]; cancelled?: boolean; lesson?: boolean };
  const played: Played[] = [
    { weeksBefore: 3, weekday: 2, table: 1, people: [luca, francesca] },
    { weeksBefore: 3, weekday: 4, table: 2, people: [francesca, matteo] },
    { weeksBefore: 2, weekday: 2, table: 1, people: [luca, matteo] },
    { weeksBefore: 2, weekday: 4, table: 1, people: [luca, francesca], cancelled: true },
    { weeksBefore: 1, weekday: 2, table: 2, people: [francesca, matteo] },
    { weeksBefore: 1, weekday: 3, table: 3, people: [luca, matteo], lesson: true },
    { weeksBefore: 1, weekday: 4, table: 1, people: [luca, francesca, matteo] },
  ];
  const dayOf = (weeksBefore: number, weekday: number) => addDays(demo.monday, weekday - 1 - 7 * weeksBefore);

  const sessions = await tx
    .insert(training_sessions)
    .values([
      ...[3, 2, 1].flatMap((w) =>
        [2, 4].flatMap((weekday) =>
          [1, 2].map((n) => ({
            specific_date: dayOf(w, weekday),
            title: 'Allenamento libero',
            start_time: '18:00',
            duration_minutes: 90,
            game_table_id: table(n),
            color: '#2e7d32',
          })),
        ),
      ),
      {
        specific_date: dayOf(1, 3),
        title: 'Lezione individuale',
        start_time: '17:00',
        duration_minutes: 60,
        game_table_id: table(3),
        color: '#ef6c00',
        session_not_considered_for_stats: true,
      },
    ])
    .returning({
      id: training_sessions.id,
      date: training_sessions.specific_date,
      table: training_sessions.game_table_id,
      start: training_sessions.start_time,
    });
  await tx
    .insert(training_session_qualifications)
    .values(sessions.flatMap((s) => demo.quals.map((qualification_id) => ({ session_id: s.id, qualification_id }))));

  for (const p of played) {
    const date = dayOf(p.weeksBefore, p.weekday);
    const start = p.lesson ? '17:00' : '18:00';
    const session = sessions.find((s) => s.date === date && s.table === table(p.table) && s.start === start)!;
    const startAt = sql`((${date}::date + ${start}::time) at time zone ${demo.timeZone})`;
    const [b] = await tx
      .insert(bookings)
      .values({
        session_id: session.id,
        date,
        start_at: startAt,
        end_at: sql`${startAt} + make_interval(mins => ${p.lesson ? 60 : 90})`,
        booked_by: p.people[0]!.id,
        cancelled_at: p.cancelled ? sql`${startAt} - interval '1 day'` : null,
        cancelled_by: p.cancelled ? p.people[0]!.id : null,
        participant_ids: p.people.map((u) => u.id),
      })
      .returning({ id: bookings.id, start_at: bookings.start_at, end_at: bookings.end_at });
    if (!b) throw new Error('INSERT senza riga restituita');
    await tx
      .insert(booking_participants)
      .values(p.people.map((u) => ({ booking_id: b.id, user_id: u.id, start_at: b.start_at, end_at: b.end_at, active: !p.cancelled })));
  }
}
