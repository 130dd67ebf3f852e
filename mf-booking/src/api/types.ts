/**
 * The booking API's shapes as the pages read them (spec 000 §3). They follow the server's contract
 * (shared-api/src/contract/booking.ts) field for field; kept here as the front end's view so a page compiles
 * against the fields it shows.
 */

export interface GameTable {
  _id: string;
  number: number;
  description: string;
}

export interface PersonName {
  _id?: string;
  name: string;
  surname: string;
}

export interface SessionGroupInfo {
  _id?: string;
  start_date: string;
  end_date: string;
}

/** One session, or one occurrence of a group on a date (isVirtual, virtualGroupId). */
export interface TrainingSession {
  _id: string;
  title: string;
  /** The date of a single session, or of the occurrence returned for a range. */
  specific_date: string | null;
  day?: number | null;
  start_time: string;
  end_time: string;
  color?: string | null;
  is_booking_allowed: boolean;
  participant_qualifications: string[];
  game_table: GameTable | null;
  game_tables?: GameTable[];
  session_not_considered_for_stats?: boolean;
  participants?: PersonName[];
  participant_colors?: string[];
  booking_id?: string | null;
  group?: SessionGroupInfo | null;
  group_game_tables?: GameTable[];
  group_week_days?: number[];
  isVirtual?: boolean;
  virtualGroupId?: string | null;
}

/** A booking of GET /user/me/booked-sessions. */
export interface BookedSession {
  _id: string;
  trainingSession: { _id: string; title: string; start_time: string; end_time: string };
  session_date?: string | null;
  specific_date?: string | null;
  participants?: PersonName[];
  users?: PersonName[];
  game_table?: { number: number } | null;
  pastPrenotation?: boolean;
}

/** A user of the partner list (GET /user?onlyAvailablePartners=true). */
export interface Partner {
  _id?: string;
  id?: string;
  name?: string;
  surname?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
}

export interface ListOf<T> {
  data: T[];
}

/** Lists come as a bare array or `{ data }` (spec 000 §3). */
export function rowsOf<T>(answer: T[] | ListOf<T> | null | undefined): T[] {
  if (!answer) return [];
  return Array.isArray(answer) ? answer : Array.isArray(answer.data) ? answer.data : [];
}
