/**
 * The Italian text of a refused booking (spec 000 §8): chosen by the fragment of the server's message and by
 * its subject, 'User …' (the booker) or 'Partner …' (a chosen partner or participant).
 */
import { API_ERRORS, ApiError, type ApiErrorCode } from 'shared-api';

type Subject = 'user' | 'partner' | 'other';
interface Rule {
  fragment: RegExp;
  text: Partial<Record<Subject, string>> & { other: string };
}

const BOOKING_FAILED = 'Errore durante la prenotazione del turno';

const RULES: Rule[] = [
  {
    fragment: /no available booking shifts/i,
    text: {
      partner: 'Un compagno scelto non può prenotare turni in questo momento',
      user: 'Non hai turni a disposizione per prenotare in questa settimana',
      other: 'Turno non disponibile',
    },
  },
  { fragment: /already booked/i, text: { other: 'Questo turno è già stato prenotato' } },
  { fragment: /Booking is not allowed for this session/i, text: { other: 'Questo turno non può essere prenotato' } },
  {
    fragment: /does not have a valid medical certificate/i,
    text: {
      user: 'Non puoi prenotare turni senza un certificato medico valido',
      partner: 'Un compagno scelto non ha un certificato medico valido',
      other: BOOKING_FAILED,
    },
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
    fragment: /overlap|already has a booking at this time/i,
    text: {
      user: 'Hai già prenotato un turno in questo orario',
      partner: 'Un compagno scelto ha già un turno prenotato in questo orario',
      other: BOOKING_FAILED,
    },
  },
  {
    fragment: /daily|maximum number of bookings for the day/i,
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

/** The refusals whose code names the case (shared-api API_ERRORS): their text is the spec's. */
const BOOKING_CODES: readonly ApiErrorCode[] = [
  'SESSION_ALREADY_BOOKED',
  'BOOKING_NOT_ALLOWED',
  'BOOKING_OUTSIDE_ACTIVE_WEEK',
  'PARTNER_NOT_FOUND',
  'MEDICAL_CERTIFICATE_INVALID_USER',
  'MEDICAL_CERTIFICATE_INVALID_PARTNER',
  'QUALIFICATION_MISSING_USER',
  'QUALIFICATION_MISSING_PARTNER',
  'OVERLAPPING_BOOKING_USER',
  'OVERLAPPING_BOOKING_PARTNER',
  'DAILY_LIMIT_USER',
  'DAILY_LIMIT_PARTNER',
  'WEEKLY_LIMIT_USER',
  'WEEKLY_LIMIT_PARTNER',
  'SESSION_NOT_ON_DATE',
  'TRAINING_SESSION_NOT_FOUND',
];

/** By the contract's code first; an answer without one falls back on the spec's fragment matching. */
export function bookingErrorText(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return BOOKING_FAILED;
  if (error.code && BOOKING_CODES.includes(error.code)) return API_ERRORS[error.code].text;
  const message = error.message;
  const rule = RULES.find((r) => r.fragment.test(message));
  if (!rule) return BOOKING_FAILED;
  const subject = subjectOf(message);
  return rule.text[subject] ?? rule.text.other;
}

export const BOOKING_TOASTS = { pending: 'Prenotazione in corso...', success: 'Turno prenotato correttamente!', error: bookingErrorText };
