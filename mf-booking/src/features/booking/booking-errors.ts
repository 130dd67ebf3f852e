/**
 * The Italian text of a refused booking (spec 000 §8), decided by the answer's code: each refusal and its subject,
 * the booker (…_USER) or a chosen partner or participant (…_PARTNER), has its own code in the contract's
 * catalogue (shared-api API_ERRORS) with the spec's text. Any other failure says the spec's generic text.
 */
import { errorText, type ApiErrorCode } from 'shared-api';

const BOOKING_FAILED = 'Errore durante la prenotazione del turno';

/** The refusals of POST /training-session/{id}/book whose own text tells the member what happened. */
export const BOOKING_REFUSALS: readonly ApiErrorCode[] = [
  'SESSION_ALREADY_BOOKED',
  'BOOKING_NOT_ALLOWED',
  'BOOKING_OUTSIDE_ACTIVE_WEEK',
  'SESSION_STARTED',
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

/**
 * The refusals whose server text is the member's answer: a fair-play suspension names its end on the club's clock
 * (issue 42), which the catalogue's text cannot.
 */
export const SERVER_TEXT_REFUSALS: readonly ApiErrorCode[] = ['BOOKING_SUSPENDED'];

export const bookingErrorText = (error: unknown): string => errorText(error, BOOKING_FAILED, { own: BOOKING_REFUSALS, server: SERVER_TEXT_REFUSALS });

export const BOOKING_TOASTS = { pending: 'Prenotazione in corso...', success: 'Turno prenotato correttamente!', error: bookingErrorText };
