import type { ApiErrorCode } from 'shared-api/contract';
import { BOOKING_FRAGMENTS as F, wallClockText } from 'shared-api/contract';
import { DomainError } from '../../../core/errors';
import type { BookableOccurrence, ParticipantFacts } from './repository';

/**
 * The booking engine's refusals (DESIGN §4), in the design's order, and when time lifts a member's own: what the
 * engine throws and the lists say of each occurrence (bookability). Pure functions of the engine's one read.
 */

const HOUR_MS = 3_600_000;
/** The refusals of a member's own booking that waiting can lift (opensAt). */
export const OPENED_BY_TIME: ReadonlySet<ApiErrorCode> = new Set([
  'BOOKING_OUTSIDE_ACTIVE_WEEK',
  'WEEKLY_LIMIT_USER',
  'DAILY_LIMIT_USER',
  'BOOKING_SUSPENDED',
]);

/** Who a refusal is about: the booker ('User …') or a chosen partner ('Partner Nome Cognome …'), spec 000 §8. */
export interface Subject {
  user: ParticipantFacts;
  role: 'USER' | 'PARTNER';
}

const subjectText = (s: Subject) => (s.role === 'USER' ? 'User' : `Partner ${s.user.name} ${s.user.surname}`);

/** Each refusal about a participant has a code of its own for the booker and for a partner (shared-api API_ERRORS). */
const REFUSALS = {
  medical: { USER: 'MEDICAL_CERTIFICATE_INVALID_USER', PARTNER: 'MEDICAL_CERTIFICATE_INVALID_PARTNER' },
  qualifications: { USER: 'QUALIFICATION_MISSING_USER', PARTNER: 'QUALIFICATION_MISSING_PARTNER' },
  overlap: { USER: 'OVERLAPPING_BOOKING_USER', PARTNER: 'OVERLAPPING_BOOKING_PARTNER' },
  daily: { USER: 'DAILY_LIMIT_USER', PARTNER: 'DAILY_LIMIT_PARTNER' },
  noShifts: { USER: 'WEEKLY_LIMIT_USER', PARTNER: 'WEEKLY_LIMIT_PARTNER' },
} as const satisfies Record<string, Record<Subject['role'], ApiErrorCode>>;

/** The refusal of the booking for `s`: its code, and a message naming the subject with the spec's fragment. */
export function refusal(kind: Exclude<keyof typeof REFUSALS, 'noShifts'>, s: Subject, detail = ''): DomainError {
  return new DomainError(REFUSALS[kind][s.role], `${subjectText(s)} ${F[kind]}${detail}`);
}

/** Daily and weekly quota of the participant's rule; none within hours_before_booking_to_ignore_rules of the start. */
export function quotaRefusal(s: Subject, startAt: Date, now: Date): DomainError | null {
  const { rule } = s.user;
  if (!rule) return null;
  if (startAt.getTime() - now.getTime() < rule.hours_before_booking_to_ignore_rules * HOUR_MS) return null;
  if (s.user.daily >= rule.max_rounds_per_day) return refusal('daily', s, ` (${rule.max_rounds_per_day})`);
  // A date between two of the rule's weeks belongs to none: no weekly quota.
  if (!s.user.week_end) return null;
  const allowed = s.user.unlock_count > 0 ? Math.min(s.user.unlocked, rule.max_rounds_per_week) : rule.max_rounds_per_week;
  if (s.user.weekly >= allowed) {
    return new DomainError(REFUSALS.noShifts[s.role], `${subjectText(s)} has ${F.noShifts} this week (${s.user.weekly} of ${allowed} used)`);
  }
  return null;
}

/** The participants as the checks name them (the booker first, unless the staff book), or why one cannot take part. */
export function subjectsOf(participantIds: readonly string[], facts: readonly ParticipantFacts[], asAdmin: boolean): Subject[] | DomainError {
  const subjects: Subject[] = [];
  for (const [i, id] of participantIds.entries()) {
    const user = facts.find((u) => u.id === id);
    if (!user || !user.active || !user.accepted_terms)
      return new DomainError('PARTNER_NOT_FOUND', `${F.partnerNotFound}: ${id} is not an active member who accepted the terms`);
    subjects.push({ user, role: !asAdmin && i === 0 ? 'USER' : 'PARTNER' });
  }
  return subjects;
}

/** What the checks of one booking weigh: the occurrence and its participants as read, who books, and when. */
export interface BookingCase {
  occurrence: BookableOccurrence;
  subjects: Subject[] | DomainError;
  asAdmin: boolean;
  now: Date;
  /** The club's, in which a refusal names its dates. */
  timeZone: string;
}

/** The refusal of a suspended member's booking (issue 42), naming when the suspension ends on the club's clock. */
function suspendedRefusal(s: Subject, until: string, timeZone: string): DomainError {
  const { date, time } = wallClockText(new Date(until), timeZone);
  const whose = s.role === 'USER' ? 'Le tue prenotazioni sono sospese' : `Le prenotazioni di ${s.user.name} ${s.user.surname} sono sospese`;
  return new DomainError(
    'BOOKING_SUSPENDED',
    `${whose} fino al ${date} alle ${time} per assenze non giustificate o annullamenti tardivi: per revocare la sospensione rivolgiti alla segreteria.`,
  );
}

/**
 * The first refusal of a booking in DESIGN §4's order, or null when it may be made: booking allowed → not already
 * booked → not started and, for a member, inside the active booking week → every participant exists, is active and
 * accepted the terms → medical certificate → qualification → no overlap → daily limit, then the weekly quota as far
 * as the unlock times have released it. The engine throws it; the lists say it of each occurrence (bookability).
 */
export function bookingRefusal({ occurrence, subjects, asAdmin, now, timeZone }: BookingCase): DomainError | null {
  if (!asAdmin && !occurrence.is_booking_allowed) return new DomainError('BOOKING_NOT_ALLOWED', F.notAllowed);
  if (occurrence.booking_id) return new DomainError('SESSION_ALREADY_BOOKED', `This session is ${F.alreadyBooked}`);
  const startAt = new Date(occurrence.start_at);
  // A shift whose booking was released as a no-show (issue 42) is offered again once started, until it ends.
  const releasedPlace = occurrence.released_no_show === true && now.getTime() < new Date(occurrence.end_at).getTime();
  if (startAt.getTime() <= now.getTime() && !releasedPlace)
    return new DomainError('SESSION_STARTED', `${F.past}: it started at ${occurrence.start_at}`);
  if (subjects instanceof DomainError) return subjects;
  if (!asAdmin && subjects[0]) {
    // The booker's active week, as the read computed it (booking/rule-sql.ts).
    const { active_week_start: start, active_week_end: end } = subjects[0].user;
    if (occurrence.date < start || occurrence.date > end) {
      return new DomainError('BOOKING_OUTSIDE_ACTIVE_WEEK', `${F.past} or outside the active booking week (${start} – ${end})`);
    }
  }
  if (!asAdmin) {
    // A member's fair-play suspension (issue 42) refuses their own bookings and their being chosen as a partner; the
    // staff still book them (they decide).
    for (const s of subjects) if (s.user.suspended_until) return suspendedRefusal(s, s.user.suspended_until, timeZone);
  }
  for (const s of subjects) if (s.user.medical !== 'approved') return refusal('medical', s);
  for (const s of subjects) if (!s.user.qualified) return refusal('qualifications', s);
  for (const s of subjects) if (s.user.busy) return refusal('overlap', s);
  if (!asAdmin) {
    for (const s of subjects) {
      const quota = quotaRefusal(s, startAt, now);
      if (quota) return quota;
    }
  }
  return null;
}

/**
 * When time lifts a member's refusal of their own booking (bookability's opens_at): the day their rule's next week
 * becomes the active one, and their quota being released by an unlock time or ceasing to apply close to the start.
 * Null when no waiting makes the occurrence bookable before it starts. The instants come from the engine's read
 * (rule-sql.ts defines the booking week once).
 */
export function opensAt(code: ApiErrorCode, c: { occurrence: BookableOccurrence; user: ParticipantFacts; today: string }): Date | null {
  const { occurrence, user, today } = c;
  const start = Date.parse(occurrence.start_at);
  let opens: number;
  if (code === 'BOOKING_OUTSIDE_ACTIVE_WEEK') {
    // A date no week holds (week_opens_at null) is never in the active one.
    const weekOpens = occurrence.date > today ? user.week_opens_at : null;
    if (!weekOpens) return null;
    opens = Math.max(Date.parse(weekOpens), quotaOpening(user, occurrence, start));
  } else if (code === 'WEEKLY_LIMIT_USER' || code === 'DAILY_LIMIT_USER') {
    opens = quotaOpening(user, occurrence, start);
  } else if (code === 'BOOKING_SUSPENDED' && user.suspended_until) {
    // Issue 42: the suspension ends (the other checks may still refuse then).
    opens = Date.parse(user.suspended_until);
  } else return null;
  return Number.isFinite(opens) && opens < start ? new Date(opens) : null;
}

/**
 * The first instant the member's rule lets them book the occurrence starting at `start` (ms), as far as quotas go:
 * at once without a rule or with shifts to spare; else when an unlock time of the date's week releases one more
 * than they booked that week; else when the quotas stop applying, hours_before_booking_to_ignore_rules before the start.
 */
export function quotaOpening(user: ParticipantFacts, occurrence: BookableOccurrence, start: number): number {
  const rule = user.rule;
  if (!rule) return -Infinity;
  const ignored = start - rule.hours_before_booking_to_ignore_rules * HOUR_MS;
  if (user.daily >= rule.max_rounds_per_day) return ignored;
  if (!user.week_start || !user.week_end || occurrence.date > user.week_end) return -Infinity;
  if (user.weekly >= rule.max_rounds_per_week) return ignored;
  if (!user.releases.length) return -Infinity;
  let shifts = 0;
  for (const release of user.releases) {
    shifts += release.shifts;
    if (Math.min(shifts, rule.max_rounds_per_week) > user.weekly) return Math.min(Date.parse(release.at), ignored);
  }
  return ignored;
}
