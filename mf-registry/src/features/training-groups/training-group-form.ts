import { parseNumber } from 'shared-api';
import type { Enrollment, MedicalStatus, TrainingGroup, UserReduced } from 'shared-api';
import { WEEKDAY_NAMES, clubToday, type MenuOption } from 'shared-ui';

/** Week days as the club reads them, Monday first (0 is Sunday, spec 001 §9). */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];
export const WEEKDAY_OPTIONS: MenuOption[] = WEEK_ORDER.map((day) => ({ id: String(day), name: WEEKDAY_NAMES[day] ?? String(day) }));
export const MAX_WEEK_DAYS = 7;

export const weekDaysText = (days: number[]) =>
  [...days]
    .sort((a, b) => WEEK_ORDER.indexOf(a) - WEEK_ORDER.indexOf(b))
    .map((d) => WEEKDAY_NAMES[d] ?? String(d))
    .join(', ');

export const personName = (p: { name: string; surname: string }) => `${p.surname} ${p.name}`;

/** A card's title: the description, or the trainer's group when there is none (the description is optional). */
export const groupTitle = (g: Pick<TrainingGroup, 'description' | 'trainer'>) => g.description ?? `Gruppo di ${personName(g.trainer)}`;

/** A picker's users as menu options (surname and name, the e-mail as sub-line to tell namesakes apart). */
export const userOptions = (users: UserReduced[] | undefined): MenuOption[] =>
  (users ?? []).map((u) => ({ id: u._id, name: personName(u), description: u.email }));

/** The medical status of a participant (spec 001 §4 colours: valid green, expired red, anything else grey). */
export const MEDICAL_STATUS: Record<MedicalStatus, { label: string; badge: string }> = {
  approved: { label: 'Valido', badge: 'ui-badge--success' },
  expired: { label: 'Scaduto', badge: 'ui-badge--danger' },
  not_approved: { label: 'In attesa di approvazione', badge: '' },
  not_uploaded: { label: 'Non caricato', badge: '' },
};

export interface TrainingGroupFormValues {
  description: string;
  trainer: string[];
  week_days: string[];
  start_time: string | null;
  end_time: string | null;
  max_trainees: string;
}

export function groupToForm(group?: TrainingGroup): TrainingGroupFormValues {
  return {
    description: group?.description ?? '',
    trainer: group ? [group.trainer._id] : [],
    week_days: group?.week_days.map(String) ?? [],
    start_time: group?.start_time ?? null,
    end_time: group?.end_time ?? null,
    max_trainees: group ? String(group.max_trainees) : '',
  };
}

/** What the contract's trainingGroupPayload checks (what the server checks too); an empty choice, time or number is missing. */
export const toGroupInput = (values: TrainingGroupFormValues) => ({
  description: values.description.trim() || null,
  trainer: values.trainer[0],
  week_days: values.week_days.map(Number),
  start_time: values.start_time,
  end_time: values.end_time,
  max_trainees: parseNumber(values.max_trainees) ?? undefined,
});

export interface EnrollmentFormValues {
  trainee: string[];
  cost: string;
  enrollment_date: string | null;
}

export function enrollmentToForm(enrollment?: Enrollment, today = clubToday()): EnrollmentFormValues {
  return {
    trainee: enrollment ? [enrollment.trainee._id] : [],
    cost: enrollment ? String(enrollment.cost).replace('.', ',') : '',
    enrollment_date: enrollment?.enrollment_date ?? today,
  };
}

/** The trainee, the monthly fee in euro (the server keeps cents) and the enrollment date (contract's enrollmentForm). */
export const toEnrollmentInput = (values: EnrollmentFormValues) => ({
  trainee: values.trainee[0],
  cost: parseNumber(values.cost) ?? undefined,
  enrollment_date: values.enrollment_date,
});
