import { WEEKDAY_NAMES } from 'shared-api/contract';
import type { Mail } from '../../../core/mail/mailer';
import { formatItalianDate } from '../../../core/time';
import { weekDayOf } from '../dates';

/**
 * The mails a booking sends (issue 25): a member booked by someone else is told, with the way to leave the booking;
 * a member whose partner left the booking they made is told it is cancelled; when the booker or the staff cancel a
 * booking, its other participants are told (issue 44). Each is sent exactly once (issue 38): a booking's notice is
 * owed from the statement that books it (bookings.notice_pending) and recorded, with its delivery, by the transaction
 * that clears it; a cancel records its mails in its own transaction.
 */
export const BOOKING_NOTICE_JOB = 'booking.notices';

/** What happened to a booking, and who did it. */
export interface BookingNotice {
  bookingId: string;
  event: 'booked' | 'left' | 'cancelled';
  /** The member who booked, left or cancelled. */
  by: string;
}

/** What the mails of a booking say, read when they are sent. */
export interface NoticeFacts {
  title: string;
  /** The occurrence's date (YYYY-MM-DD) and its times on the club's clock. */
  date: string;
  start_time: string;
  end_time: string;
  table_number: number;
  booked_by: string | null;
  participants: { id: string; name: string; surname: string; email: string; left: boolean }[];
  /** The member of `by`. */
  actor: { name: string; surname: string } | null;
}

/** 'mercoledì 24/03/2027, dalle 18:00 alle 19:30, Tavolo 3'. */
function when(f: NoticeFacts): string {
  return `${WEEKDAY_NAMES[weekDayOf(f.date)]!.toLowerCase()} ${formatItalianDate(f.date)}, dalle ${f.start_time} alle ${f.end_time}, Tavolo ${f.table_number}`;
}

/** The mails of a notice: to each participant the booker chose, or to the member whose booking a partner left. */
export function noticeMails(notice: BookingNotice, f: NoticeFacts, publicUrl: string): Mail[] {
  const link = `${publicUrl}/user/bookings`;
  const actor = f.actor ? `${f.actor.name} ${f.actor.surname}` : 'Un socio';
  const day = formatItalianDate(f.date);
  // A member books themselves with one partner; the bookings staff book others and do not take part.
  const memberBooking = f.participants.some((p) => p.id === f.booked_by);
  if (notice.event === 'booked') {
    return f.participants
      .filter((p) => p.id !== notice.by && !p.left)
      .map((p) => ({
        to: p.email,
        subject: `Sei stato prenotato a un turno: ${f.title} del ${day}`,
        text: [
          `Ciao ${p.name},`,
          '',
          `${actor} ti ha prenotato ${memberBooking ? 'come compagno ' : ''}al turno "${f.title}" di ${when(f)}.`,
          '',
          `Se non puoi partecipare, lascia la prenotazione da "Le mie prenotazioni" nel portale del circolo: ${link}`,
          memberBooking
            ? 'Lasciandola, la prenotazione è annullata anche per chi ti ha prenotato e il turno torna libero.'
            : 'Lasciandola, gli altri partecipanti restano prenotati.',
        ].join('\n'),
        links: [link],
      }));
  }
  if (notice.event === 'cancelled') {
    // The participants still on it but the one who cancelled (the staff usually take no part).
    return f.participants
      .filter((p) => p.id !== notice.by && !p.left)
      .map((p) => ({
        to: p.email,
        subject: `Prenotazione annullata: ${f.title} del ${day}`,
        text: [
          `Ciao ${p.name},`,
          '',
          `${actor} ha annullato la prenotazione del turno "${f.title}" di ${when(f)}, in cui eri tra i partecipanti.`,
          'La prenotazione non è più valida e il turno è di nuovo libero.',
          '',
          `Le tue prenotazioni: ${link}`,
        ].join('\n'),
        links: [link],
      }));
  }
  // Left: the member who made the booking, when they took part in it (the staff's bookings are the staff's to follow).
  const booker = memberBooking ? f.participants.find((p) => p.id === f.booked_by && p.id !== notice.by) : undefined;
  if (!booker) return [];
  return [
    {
      to: booker.email,
      subject: `Prenotazione annullata: ${f.title} del ${day}`,
      text: [
        `Ciao ${booker.name},`,
        '',
        `${actor} ha lasciato la prenotazione del turno "${f.title}" di ${when(f)} che avevi fatto anche per lui o per lei.`,
        'La prenotazione è annullata e il turno è di nuovo libero.',
        '',
        `Le tue prenotazioni: ${link}`,
      ].join('\n'),
      links: [link],
    },
  ];
}
