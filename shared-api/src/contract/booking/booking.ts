import { z } from 'zod';
import { id, isoDate, REQUIRED } from '../common';
import { participant } from './sessions';

export const MAX_ADMIN_PARTICIPANTS = 4;
/** Members choose one partner; administrators book one to four users (spec 000 §2.11, §9). */
export const MAX_PARTICIPANTS = { member: 1, admin: MAX_ADMIN_PARTICIPANTS } as const;

/**
 * POST /training-session/{id}/book. A member books themselves with one partner (`partnersId` holds one id, not
 * their own). An administrator (bookings_access) with `admin: true` books one to four users and does not take part.
 * `date`: the occurrence's date (required for a group's session; a single session's own date otherwise).
 */
export const bookPayload = z.object({
  partnersId: z
    .array(id)
    .min(1, { message: 'Scegli almeno un compagno', abort: true })
    .max(MAX_ADMIN_PARTICIPANTS, `Puoi selezionare al massimo ${MAX_ADMIN_PARTICIPANTS} partecipanti`)
    .refine((ids) => new Set(ids).size === ids.length, 'Un partecipante è stato scelto due volte'),
  date: isoDate.optional(),
  admin: z.boolean().default(false),
});
export type BookPayload = z.infer<typeof bookPayload>;
export type BookPayloadInput = z.input<typeof bookPayload>;

/** The booking modal (mf-booking): the partner, or the participants an administrator chooses (the menu stops at the most allowed). */
export const bookingForm = z.object({ partnersId: z.array(id).min(1, REQUIRED) });

export const booking = z.object({
  _id: id,
  training_session_id: id,
  date: isoDate,
  start_at: z.string(),
  end_at: z.string(),
  participants: z.array(participant),
  booked_by: id,
  created_at: z.string(),
});
export type Booking = z.infer<typeof booking>;

/**
 * PATCH /training-session/{id}/book: cancels the booking of that session's occurrence on `date` (as PATCH
 * /training-session/booking/{id}). The booker cancels until their rule's deadline; a participant who did not make
 * the booking leaves it at any time before it ends (409 BOOKING_ENDED after); the staff cancel any booking.
 */
export const cancelOccurrencePayload = z.object({ date: isoDate.optional() });

export const cancelResponse = z.object({ status: z.literal('success'), booking_id: id });

/** GET /training-session/{id}/participants?date=. */
export const participantsResponse = z.object({ data: z.array(participant), booking_id: id.nullable() });

/**
 * The English fragments the booking refusals' messages carry (spec 000 §8), each naming its subject:
 * 'User …' (the booker) or 'Partner …' (a chosen partner; every participant of an administrator's booking).
 * No client reads them: each refusal and subject has its own code (API_ERRORS), which decides the text shown.
 */
export const BOOKING_FRAGMENTS = {
  noShifts: 'no available booking shifts',
  alreadyBooked: 'already booked',
  notAllowed: 'Booking is not allowed for this session',
  medical: 'does not have a valid medical certificate',
  partnerNotFound: 'Partner not found',
  past: 'Cannot book a session in the past',
  qualifications: 'does not have the required qualifications',
  overlap: 'already has a booking at this time',
  daily: 'has reached the maximum number of bookings for the day',
} as const;
