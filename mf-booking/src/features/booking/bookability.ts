/**
 * Whether the member can book an occurrence, as the server says it (GET /training-session?bookability=true: the
 * booking engine's own checks, issue 26), and how the pages put it: the refusal in the contract's words, and when
 * it opens. The client decides by the refusal's code only.
 */
import { API_ERRORS, WEEKDAY_NAMES, type Bookability, type TrainingSession } from 'shared-api';
import { clubToday, formatDate, formatDateTime } from 'shared-ui';
import { isBooked } from '../calendar/event-style';

/** The server's word when it gave one; else a free occurrence that allows booking (the admin calendars). */
export const canBook = (s: TrainingSession): boolean => (s.bookability ? s.bookability.bookable : s.is_booking_allowed && !isBooked(s));

/** Why the member cannot book it, as POST …/book would answer ('Questo turno non può essere prenotato', …); null when they can. */
export const refusalText = (b: Bookability | undefined): string | null => (b?.refusal ? API_ERRORS[b.refusal].text : null);

/** The club's weekday, date and time of an instant. */
function clubMoment(iso: string): { weekday: string; date: string; time: string } {
  const day = clubToday(new Date(iso));
  return {
    weekday: WEEKDAY_NAMES[new Date(`${day}T00:00:00Z`).getUTCDay()]!.toLowerCase(),
    date: formatDate(day),
    time: formatDateTime(iso).slice(11),
  };
}

/** 'Prenotabile da lunedì 30/11/2026 alle 09:00': when waiting lifts the refusal; null when it will not. */
export function opensText(b: Bookability | undefined): string | null {
  if (!b?.opens_at) return null;
  const { weekday, date, time } = clubMoment(b.opens_at);
  return `Prenotabile da ${weekday} ${date} alle ${time}`;
}

/** What a calendar card says in place of 'Clicca per prenotare' when the member cannot book it (the detail says why). */
export function shortRefusal(b: Bookability | undefined): string {
  if (b?.refusal === 'SESSION_STARTED') return 'Già iniziato';
  if (b?.opens_at) {
    const { weekday, date, time } = clubMoment(b.opens_at);
    return `Prenotabile da ${weekday.slice(0, 3)} ${date.slice(0, 5)} alle ${time}`;
  }
  return 'Non prenotabile';
}
