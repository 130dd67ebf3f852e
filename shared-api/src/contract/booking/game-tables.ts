import { z } from 'zod';
import { id, isoDate, multilineText, REQUIRED, typedNumber } from '../common';

/** POST and PATCH /training-session/game-tables (spec 001 §5 Game table: number and description required). */
export const gameTablePayload = z.object({
  number: z
    .number({ error: (issue) => (issue.input === undefined ? REQUIRED : 'Inserisci un numero valido') })
    .int('Valore decimale non consentito')
    .min(1, 'Il valore deve essere compreso tra 1 e 9999')
    .max(9999, 'Il valore deve essere compreso tra 1 e 9999'),
  description: multilineText().min(1, REQUIRED).max(500),
});
export type GameTablePayload = z.infer<typeof gameTablePayload>;

/** The game-table form (mf-booking): the number as typed. */
export const gameTableForm = gameTablePayload.extend({ number: typedNumber(gameTablePayload.shape.number) });

export const gameTable = z.object({ _id: id, number: z.number().int(), description: z.string() });
export type GameTable = z.infer<typeof gameTable>;

/** GET /training-session/game-tables/{id}/availability: the table's occurrences of a day (or a range), each with `available`. */
export const availabilityQuery = z
  .object({ date: isoDate.optional(), startDate: isoDate.optional(), endDate: isoDate.optional() })
  .refine((q) => q.date || q.startDate, { path: ['date'], message: REQUIRED });
export type AvailabilityQuery = z.infer<typeof availabilityQuery>;
export const availabilityResponse = z.object({
  data: z.array(
    z.object({
      session_id: id,
      title: z.string(),
      date: isoDate,
      start_time: z.string(),
      end_time: z.string(),
      available: z.boolean(),
      booking_id: id.nullable(),
    }),
  ),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponse>;
