/** Rows the booking pages' tests answer with. */
import type { BookedSession, GameTable, Participant, TrainingSession } from '../api/types';
import type { Partner } from '../features/booking/api/book-session';

let next = 0;
export const uuid = () => `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

export const makeTable = (number: number, description = `Tavolo vicino alla finestra ${number}`): GameTable => ({ _id: uuid(), number, description });

export const TABLES: GameTable[] = [makeTable(1, 'Ingresso'), makeTable(2, 'Centrale'), makeTable(3, 'Fondo sala')];

export function makeSession(overrides: Partial<TrainingSession> = {}): TrainingSession {
  const table = overrides.game_table ?? TABLES[0]!;
  return {
    _id: uuid(),
    title: 'Allenamento libero',
    specific_date: '2026-11-24',
    day: 2,
    start_time: '18:00',
    end_time: '19:30',
    duration: 90,
    start_at: '2026-11-24T17:00:00.000Z',
    end_at: '2026-11-24T18:30:00.000Z',
    color: '#1e88e5',
    is_booking_allowed: true,
    participant_qualifications: [],
    game_table: table,
    game_tables: [table],
    session_not_considered_for_stats: false,
    participants: [],
    participant_colors: [],
    booking_id: null,
    group: null,
    group_week_days: [],
    group_game_tables: [],
    recurring_days: [],
    isVirtual: false,
    virtualGroupId: null,
    ...overrides,
  };
}

export const person = (name: string, surname: string, color = '#000000'): Participant => ({ _id: uuid(), name, surname, color });

export function makeBooking(overrides: Partial<BookedSession> = {}): BookedSession {
  const participants = [person('Mario', 'Rossi'), person('Lucia', 'Bianchi')];
  const date = overrides.session_date ?? '2026-11-30';
  return {
    _id: uuid(),
    trainingSession: { _id: uuid(), title: 'Allenamento serale', start_time: '18:00', end_time: '19:00' },
    session_date: date,
    specific_date: date,
    start_at: `${date}T17:00:00.000Z`,
    end_at: `${date}T18:00:00.000Z`,
    participants,
    users: participants,
    game_table: TABLES[1]!,
    pastPrenotation: false,
    can_cancel: true,
    booked_by: { _id: participants[0]!._id, name: 'Mario', surname: 'Rossi' },
    booked_by_me: true,
    ...overrides,
  };
}

export const PARTNERS: Partner[] = [
  { _id: uuid(), name: 'Lucia', surname: 'Bianchi', email: 'lucia@example.it' },
  { _id: uuid(), name: 'Paolo', surname: 'Verdi', email: 'paolo@example.it' },
  { _id: uuid(), name: 'Anna', surname: 'Neri', email: 'anna@example.it' },
  { _id: uuid(), name: 'Luca', surname: 'Gialli', email: 'luca@example.it' },
  { _id: uuid(), name: 'Sara', surname: 'Blu', email: 'sara@example.it' },
];
