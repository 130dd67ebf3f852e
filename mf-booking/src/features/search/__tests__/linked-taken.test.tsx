import { screen, within } from '@testing-library/react';
import { clubToday } from 'shared-ui';
import { useAuthStore, type TrainingSession } from 'shared-api';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { SearchPage } from '../components/SearchPage';
import { addDays } from '../../../lib/club-time';
import { list, referenceHandlers } from '../../../test/handlers';
import { TABLES, makeSession, person } from '../../../test/fixtures';

/**
 * Issue 44 item 8: the waitlist mail's link (book=<session>) to a shift someone else booked first opened the search
 * with the shift among 'Turni al completo' and said nothing of why the booking did not open. The page says it.
 */
const day = addDays(clubToday(), 2);
const at = `/book-session?date=${encodeURIComponent(JSON.stringify(day))}`;
const TAKEN =
  'Il turno «Allenamento libero» delle 19:30 - 21:00, Tavolo 3, che ti abbiamo segnalato è già stato prenotato da un altro socio, ' +
  'arrivato prima di te. Lo trovi qui sotto tra i turni al completo.';

function setup(route: string, free: TrainingSession[], full: TrainingSession[]) {
  mockApi({
    ...referenceHandlers,
    'GET /user/me/waitlist': { body: { data: [] } },
    'GET /training-session': (call) => (call.query.get('available') === 'false' ? list(full) : list(free)),
  });
  renderWithProviders(<SearchPage />, { route });
}

const taken = makeSession({
  specific_date: day,
  title: 'Allenamento libero',
  start_time: '19:30',
  end_time: '21:00',
  game_table: TABLES[2],
  booking_id: '00000000-0000-4000-8000-0000000000b1',
  participants: [person('Marco', 'Rossi'), person('Luca', 'Ferrari')],
  bookability: { bookable: false, refusal: 'SESSION_ALREADY_BOOKED', opens_at: null },
});

describe('the link of a waitlist mail to a shift already taken', () => {
  beforeEach(() => {
    useAuthStore.setState({
      user: {
        _id: '00000000-0000-4000-8000-00000000a001',
        name: 'Giulia',
        surname: 'Bianchi',
        email: 'g@example.it',
        has_accepted_terms: true,
        permissions: ['book_session'],
      },
    });
  });

  it('says the shift was booked by someone who came first, and shows it among the booked-out shifts', async () => {
    const free = makeSession({ specific_date: day, title: 'Altro turno', bookability: { bookable: true, refusal: null, opens_at: null } });
    setup(`${at}&book=${taken._id}`, [free], [taken]);
    expect(await screen.findByText(TAKEN)).toHaveAttribute('role', 'status');
    expect(within(screen.getByRole('list', { name: 'Turni al completo' })).getByRole('article', { name: /^Allenamento libero/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says nothing of the kind without the link, or when the linked shift is still free', async () => {
    setup(at, [], [taken]);
    await screen.findByRole('list', { name: 'Turni al completo' });
    expect(screen.queryByText(/che ti abbiamo segnalato/)).not.toBeInTheDocument();
  });
});
