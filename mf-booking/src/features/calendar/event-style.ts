import type { TrainingSession } from 'shared-api';
import type { CSSProperties } from 'react';

/** Default colours (spec 000 §2.12, 001 §9): member calendar blue; back office green, booked red; participants black. */
export const MEMBER_DEFAULT = '#1e88e5';
export const ADMIN_DEFAULT = '#2e7d32';
export const BOOKED_COLOUR = '#d32f2f';
export const PARTICIPANT_DEFAULT = '#000000';

export type CalendarMode = 'member' | 'admin';

export const isBooked = (s: TrainingSession) => Boolean(s.booking_id) || (s.participants?.length ?? 0) > 0;

/** A session's own colour, or the mode's default. */
export const sessionColour = (s: TrainingSession, mode: CalendarMode) => s.color || (mode === 'admin' ? ADMIN_DEFAULT : MEMBER_DEFAULT);

/** The border colours of a card: one, or two for a split border (two distinct participant colours). */
export function borderColours(s: TrainingSession, mode: CalendarMode): [string] | [string, string] {
  const colours = [...new Set((s.participant_colors ?? []).filter(Boolean))];
  if (isBooked(s) && colours.length >= 2) return [colours[0]!, colours[1]!];
  if (mode === 'admin' && isBooked(s)) return [BOOKED_COLOUR];
  return [sessionColour(s, mode)];
}

export function borderStyle(s: TrainingSession, mode: CalendarMode): CSSProperties {
  const [first, second] = borderColours(s, mode);
  return second ? { borderColor: first, borderRightColor: second, borderBottomColor: second } : { borderColor: first };
}

export const eventKey = (s: TrainingSession) => `${s._id}|${s.specific_date}`;

export const participantNames = (s: TrainingSession) => (s.participants ?? []).map((p) => `${p.name} ${p.surname}`).join(', ');
