/**
 * The booking domain's part of a member's personal data (issue 28): their bookings (with their no-shows, issue 42),
 * the lifts of their fair-play suspensions, waitlist places, reminders and preferences in dati.json. Anonymised, the
 * past bookings and their participants stay (the statistics and the tables' history count them), the future ones are
 * cancelled (afterAnonymize); the waitlist, the reminders sent, the preferences, the calendar address and the lifts'
 * notes go.
 */
import { eq, sql } from 'drizzle-orm';
import type { PersonalDataPart } from '../../core/domain';
import {
  booking_participants,
  booking_reminders,
  booking_waitlist,
  bookings,
  calendar_feeds,
  fair_play_lifts,
  game_tables,
  member_preferences,
  training_sessions,
} from './tables';

export const bookingPersonalData: PersonalDataPart = {
  forgets: ['waitlist', 'reminders', 'preferences', 'calendar_feeds', 'fair_play_lifts'],
  async export(db, userId) {
    const prenotazioni = await db
      .select({
        data: bookings.date,
        inizio: bookings.start_at,
        fine: bookings.end_at,
        turno: training_sessions.title,
        tavolo: game_tables.number,
        prenotata_il: bookings.created_at,
        prenotata_da_me: sql<boolean>`${bookings.booked_by} = ${userId}`,
        annullata_il: bookings.cancelled_at,
        uscito_il: booking_participants.left_at,
        // Issue 42: the fair-play record's events (a no-show; a leave or cancellation is above).
        non_presentato_il: bookings.no_show_at,
      })
      .from(booking_participants)
      .innerJoin(bookings, eq(bookings.id, booking_participants.booking_id))
      .innerJoin(training_sessions, eq(training_sessions.id, bookings.session_id))
      .innerJoin(game_tables, eq(game_tables.id, training_sessions.game_table_id))
      .where(eq(booking_participants.user_id, userId))
      .orderBy(bookings.start_at);
    const lista_attesa = await db
      .select({
        data: booking_waitlist.date,
        turno: training_sessions.title,
        inizio: booking_waitlist.starts_at,
        iscritto_il: booking_waitlist.created_at,
      })
      .from(booking_waitlist)
      .innerJoin(training_sessions, eq(training_sessions.id, booking_waitlist.session_id))
      .where(eq(booking_waitlist.user_id, userId))
      .orderBy(booking_waitlist.starts_at);
    const promemoria = await db
      .select({ data: bookings.date, inizio: bookings.start_at, inviato_il: booking_reminders.sent_at })
      .from(booking_reminders)
      .innerJoin(bookings, eq(bookings.id, booking_reminders.booking_id))
      .where(eq(booking_reminders.user_id, userId))
      .orderBy(booking_reminders.sent_at);
    const [preferences] = await db.select().from(member_preferences).where(eq(member_preferences.user_id, userId));
    const [feed] = await db.select({ creato_il: calendar_feeds.created_at }).from(calendar_feeds).where(eq(calendar_feeds.user_id, userId));
    // The staff's lifts of a fair-play suspension, with their notes (issue 42).
    const revoche_sospensione = await db
      .select({ revocata_il: fair_play_lifts.lifted_at, nota: fair_play_lifts.note })
      .from(fair_play_lifts)
      .where(eq(fair_play_lifts.user_id, userId))
      .orderBy(fair_play_lifts.lifted_at);
    return {
      sections: {
        prenotazioni,
        revoche_sospensione,
        lista_attesa,
        promemoria,
        preferenze_prenotazione: { ore_promemoria: preferences?.reminder_hours ?? null, calendario_personale_creato_il: feed?.creato_il ?? null },
      },
    };
  },
  async anonymize(tx, userId) {
    await tx.delete(booking_waitlist).where(eq(booking_waitlist.user_id, userId));
    await tx.update(booking_waitlist).set({ partner_id: null }).where(eq(booking_waitlist.partner_id, userId));
    await tx.delete(booking_reminders).where(eq(booking_reminders.user_id, userId));
    await tx.delete(member_preferences).where(eq(member_preferences.user_id, userId));
    await tx.delete(calendar_feeds).where(eq(calendar_feeds.user_id, userId));
    await tx.delete(fair_play_lifts).where(eq(fair_play_lifts.user_id, userId));
  },
  // Through the booking service's own cancel path, after the anonymisation committed (issue 44).
  async afterAnonymize(services, userId, actor) {
    await services.booking.bookings.cancelFutureOf(actor, userId);
  },
};
