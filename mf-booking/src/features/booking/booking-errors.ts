/**
 * The Italian text of a refused booking (spec 000 §8): chosen by the fragment of the server's message and by
 * its subject, 'User …' (the booker) or 'Partner …' (a chosen partner or participant).
 */
import { ApiError } from 'shared-api';

type Subject = 'user' | 'partner' | 'other';
interface Rule {
  fragment: RegExp;
  text: Partial<Record<Subject, string>> & { other: string };
}

const BOOKING_FAILED = 'Errore durante la prenotazione del turno';

const RULES: Rule[] = [
  {
    fragment: /no available booking shifts/i,
    text: { partner: 'Un compagno scelto non può prenotare turni in questo momento', user: 'Non hai turni a disposizione per prenotare in questa settimana', other: 'Turno non disponibile' },
  },
  { fragment: /already booked/i, text: { other: 'Questo turno è già stato prenotato' } },
  { fragment: /Booking is not allowed for this session/i, text: { other: 'Questo turno non può essere prenotato' } },
  {
    fragment: /does not have a valid medical certificate/i,
    text: { user: 'Non puoi prenotare turni senza un certificato medico valido', partner: 'Un compagno scelto non ha un certificato medico valido', other: BOOKING_FAILED },
  },
  { fragment: /Partner not found/i, text: { other: 'Un compagno scelto non è stato trovato' } },
  { fragment: /Cannot book a session in the past/i, text: { other: 'Non puoi prenotare un turno fuori dalla settimana attualmente attiva' } },
  {
    fragment: /qualification/i,
    text: {
      user: 'Non hai le qualifiche necessarie per prenotare questo turno',
      partner: 'Un compagno scelto non ha le qualifiche necessarie per prenotare questo turno',
      other: BOOKING_FAILED,
    },
  },
  {
    fragment: /overlap/i,
    text: { user: 'Hai già prenotato un turno in questo orario', partner: 'Un compagno scelto ha già un turno prenotato in questo orario', other: BOOKING_FAILED },
  },
  {
    fragment: /daily|per day|for the day/i,
    text: {
      user: 'Hai già raggiunto il numero massimo di turni prenotabili per la giornata',
      partner: 'Un compagno scelto ha già raggiunto il numero massimo di turni prenotabili per la giornata',
      other: BOOKING_FAILED,
    },
  },
];

function subjectOf(message: string): Subject {
  if (/^\s*Partner\b/.test(message)) return 'partner';
  if (/^\s*User\b/.test(message)) return 'user';
  if (/\bPartner\b/.test(message)) return 'partner';
  if (/\bUser\b/.test(message)) return 'user';
  return 'other';
}

export function bookingErrorText(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return BOOKING_FAILED;
  const message = error.message;
  const rule = RULES.find((r) => r.fragment.test(message));
  if (!rule) return BOOKING_FAILED;
  const subject = subjectOf(message);
  return rule.text[subject] ?? rule.text.other;
}

export const BOOKING_TOASTS = { pending: 'Prenotazione in corso...', success: 'Turno prenotato correttamente!', error: bookingErrorText };
