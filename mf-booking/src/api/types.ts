/**
 * The booking API's shapes (shared-api/src/contract/booking.ts) the pages read.
 */
export type { BookedSession, GameTable, Participant, TrainingSession, SessionGroup, EditScope } from 'shared-api';
