import { z } from 'zod';
import { id, isoDate, multilineText, timeOfDay } from './common';
import { medicalStatus } from './users';

/** Training groups of the registry (spec 001 §2, §3, §5, §7): a trainer, weekdays, a time range, a maximum of trainees. */

const weekDays = z
  .array(z.number().int().min(0, 'Giorno non valido (0–6)').max(6, 'Giorno non valido (0–6)'))
  .min(1, 'Campo obbligatorio')
  .max(7, 'Puoi selezionare al massimo 7 elementi')
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));

export const trainingGroupPayload = z
  .object({
    description: multilineText()
      .max(2000)
      .nullish()
      .transform((v) => v || null),
    /** The trainer: a user of the registry (single choice). */
    trainer: id,
    week_days: weekDays,
    start_time: timeOfDay,
    end_time: timeOfDay,
    max_trainees: z.number().int('Valore decimale non consentito').min(1, 'Il valore deve essere compreso tra 1 e infinito').max(1000),
  })
  .refine((g) => g.end_time > g.start_time, { path: ['end_time'], message: "L'ora di fine deve essere successiva all'ora di inizio" });
export type TrainingGroupPayload = z.infer<typeof trainingGroupPayload>;

export const trainingGroup = z.object({
  _id: id,
  description: z.string().nullable(),
  trainer: z.object({ _id: id, name: z.string(), surname: z.string() }),
  week_days: z.array(z.number().int()),
  start_time: z.string(),
  end_time: z.string(),
  max_trainees: z.number().int(),
  /** How many trainees are enrolled. */
  enrollments: z.number().int(),
});
export type TrainingGroup = z.infer<typeof trainingGroup>;

/** Euro with at most two decimals, as the forms send it (the server keeps integer cents). */
export const euroAmount = z
  .number()
  .min(0, 'Il valore deve essere compreso tra 0 e infinito')
  .max(1_000_000)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Sono ammessi al massimo due decimali');

export const enrollmentPayload = z.object({ cost: euroAmount, enrollment_date: isoDate });
export type EnrollmentPayload = z.infer<typeof enrollmentPayload>;

/** The enrollment form (mf-registry): the trainee (in the call's path, not its body) with the payload. */
export const enrollmentForm = enrollmentPayload.extend({ trainee: id });

export const enrollment = z.object({
  _id: id,
  group_id: id,
  trainee: z.object({
    _id: id,
    name: z.string(),
    surname: z.string(),
    medical_certificate: z.object({ current_end_date: z.string().nullable(), status: medicalStatus }),
  }),
  /** Monthly fee in euro. */
  cost: z.number(),
  enrollment_date: isoDate,
});
export type Enrollment = z.infer<typeof enrollment>;

/** The server phrase the group-delete toast matches (spec 001 §8). */
export const GROUP_HAS_ENROLLMENTS = 'Cannot delete training group as it has active enrollments';
