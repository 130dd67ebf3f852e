/**
 * The booking API's shapes (shared-api/src/contract/booking.ts) and the few the pages read beside them.
 */
export type { BookedSession, GameTable, Participant, TrainingSession, SessionGroup, EditScope } from 'shared-api';

/** A user of the partner list (GET /user?onlyAvailablePartners=true, spec 000 §3). */
export interface Partner {
  _id?: string;
  id?: string;
  name?: string;
  surname?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  /** Whether they can play today (a valid medical certificate): the picker marks the others and does not offer them. */
  can_play?: boolean;
}

export interface ListOf<T> {
  data: T[];
}

/** Lists come as a bare array or `{ data }` (spec 000 §3). */
export function rowsOf<T>(answer: T[] | ListOf<T> | null | undefined): T[] {
  if (!answer) return [];
  return Array.isArray(answer) ? answer : Array.isArray(answer.data) ? answer.data : [];
}
