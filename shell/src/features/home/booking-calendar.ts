/** 'Aggiungi al calendario' on the home page: one booking as an .ics file, made by the `ics` library (loaded on click). */
import type { BookedSession } from 'shared-api';

/** Where the event takes place, as the home page's greeting names the club. */
const CLUB_LOCATION = 'Circolo Tennistavolo';

const utcParts = (iso: string): [number, number, number, number, number] => {
  const d = new Date(iso);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];
};

export function bookingTitle(booking: BookedSession): string {
  return booking.game_table ? `${booking.trainingSession.title} · Tavolo ${booking.game_table.number}` : booking.trainingSession.title;
}

/** The .ics text of the booking: times in UTC (start_at, end_at are instants), so every app shows the club's time. */
export async function bookingIcs(booking: BookedSession): Promise<string> {
  const { createEvent } = await import('ics');
  const partners = booking.participants.map((p) => `${p.name} ${p.surname}`).join(', ');
  const { error, value } = createEvent({
    uid: `booking-${booking._id}@club-portal`,
    title: bookingTitle(booking),
    start: utcParts(booking.start_at),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcParts(booking.end_at),
    endInputType: 'utc',
    endOutputType: 'utc',
    description: partners ? `Partecipanti: ${partners}` : undefined,
    location: CLUB_LOCATION,
    productId: 'club-portal/home',
  });
  if (error || !value) throw error ?? new Error('ics');
  return value;
}

/** Saves the booking's .ics file (the phone or computer opens it in its calendar app). */
export async function downloadBookingIcs(booking: BookedSession): Promise<void> {
  const text = await bookingIcs(booking);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `prenotazione-${booking.specific_date}.ics`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
