/** Rows the booking pages' tests answer with. */
import type { BookedSession, GameTable, Partner, TrainingSession } from '../api/types';

let next = 0;
export const uuid = () => `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

export const makeTable = (number: number, description = `Tavolo vicino alla finestra ${number}`): GameTable => ({ _id: uuid(), number, description });

export const TABLES: GameTable[] = [makeTable(1, 'Ingresso'), makeTable(2, 'Centrale'), makeTable(3, 'Fondo sala')];

export function makeSession(overrides: Partial<TrainingSession> = {}): TrainingSession {
  return {
    _id: uuid(),
    title: 'Allenamento libero',
    specific_date: '2026-11-24',
    start_time: '18:00',
    end_time: '19:30',
    color: '#1e88e5',
    is_booking_allowed: true,
    participant_qualifications: [],
    game_table: TABLES[0]!,
    participants: [],
    booking_id: null,
    group: null,
    ...overrides,
  };
}

export function makeBooking(overrides: Partial<BookedSession> = {}): BookedSession {
  return {
    _id: uuid(),
    trainingSession: { _id: uuid(), title: 'Allenamento serale', start_time: '18:00', end_time: '19:00' },
    session_date: '2026-11-30',
    participants: [
      { name: 'Mario', surname: 'Rossi' },
      { name: 'Lucia', surname: 'Bianchi' },
    ],
    game_table: { number: 2 },
    pastPrenotation: false,
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
