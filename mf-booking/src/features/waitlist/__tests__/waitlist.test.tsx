import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore, type WaitlistEntry } from 'shared-api';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { EventDetailModal } from '../../calendar/components/EventDetailModal';
import { MyBookingsPage } from '../../my-bookings/components/MyBookingsPage';
import { makeSession, person } from '../../../test/fixtures';

const ME = '00000000-0000-4000-8000-000000000001';
beforeEach(() => {
  useAuthStore.setState({
    user: { _id: ME, name: 'Giulia', surname: 'Bianchi', email: 'g@example.it', has_accepted_terms: true, permissions: ['book_session'] },
  });
});

const booked = (participants = [person('Marco', 'Rossi'), person('Luca', 'Ferrari')]) =>
  makeSession({
    specific_date: '2026-11-27',
    booking_id: '00000000-0000-4000-8000-0000000000b1',
    participants,
    bookability: { bookable: false, refusal: 'SESSION_ALREADY_BOOKED', opens_at: null },
  });

function entryOf(session: ReturnType<typeof booked>, overrides: Partial<WaitlistEntry> = {}): WaitlistEntry {
  return {
    _id: '00000000-0000-4000-8000-0000000000e1',
    training_session_id: session._id,
    date: session.specific_date,
    title: session.title,
    start_time: '18:00',
    end_time: '19:30',
    start_at: session.start_at,
    game_table: { _id: session.game_table._id, number: session.game_table.number },
    partner_id: null,
    free: false,
    position: 1,
    created_at: '2026-11-25T09:00:00Z',
    ...overrides,
  };
}

/** A waitlist endpoint that keeps its entries, as the server does. */
function waitlistServer(session: ReturnType<typeof booked>, initial: WaitlistEntry[] = [], extra: Parameters<typeof mockApi>[0] = {}) {
  let entries = initial;
  return mockApi({
    ...extra,
    'GET /user/me/waitlist': () => ({ body: { data: entries } }),
    [`POST /training-session/${session._id}/waitlist`]: () => {
      entries = [entryOf(session)];
      return { status: 201, body: { status: 'success' } };
    },
    [`DELETE /training-session/${session._id}/waitlist`]: () => {
      entries = [];
      return { body: { status: 'success' } };
    },
  });
}

test("a shift booked by others offers 'Avvisami se si libera'; joined, it shows the place and 'Esci dalla lista'", async () => {
  const session = booked();
  const api = waitlistServer(session);
  const user = userEvent.setup();
  renderWithProviders(<EventDetailModal session={session} onClose={() => undefined} />);
  await user.click(await screen.findByRole('button', { name: 'Avvisami se si libera' }));
  expect(await screen.findByText("Sei in lista d'attesa (posizione 1): ti avviseremo per email se si libera.")).toBeInTheDocument();
  expect(api.callsTo(`POST /training-session/${session._id}/waitlist`)[0]?.body).toEqual({ date: '2026-11-27', partnersId: [] });
  await user.click(screen.getByRole('button', { name: 'Esci dalla lista' }));
  expect(await screen.findByRole('button', { name: 'Avvisami se si libera' })).toBeInTheDocument();
  expect(api.callsTo(`DELETE /training-session/${session._id}/waitlist`)[0]?.query.get('date')).toBe('2026-11-27');
});

test('no waitlist on one’s own booking, nor on a free shift', async () => {
  const mine = booked([{ _id: ME, name: 'Giulia', surname: 'Bianchi', color: '#000' }, person('Marco', 'Rossi')]);
  waitlistServer(mine);
  const { unmount } = renderWithProviders(<EventDetailModal session={mine} onClose={() => undefined} />);
  await screen.findByText('Giulia Bianchi, Marco Rossi');
  expect(screen.queryByRole('button', { name: 'Avvisami se si libera' })).not.toBeInTheDocument();
  unmount();
  const free = makeSession({ bookability: { bookable: true, refusal: null, opens_at: null } });
  renderWithProviders(<EventDetailModal session={free} onClose={() => undefined} />);
  await screen.findByText('Nessun partecipante');
  expect(screen.queryByRole('button', { name: 'Avvisami se si libera' })).not.toBeInTheDocument();
});

test("Le mie prenotazioni lists the waitlists: a freed shift links to its booking, 'Esci dalla lista' leaves", async () => {
  const session = booked();
  const api = waitlistServer(session, [entryOf(session, { free: true })], { 'GET /user/me/booked-sessions': () => ({ body: { data: [] } }) });
  const user = userEvent.setup();
  renderWithProviders(<MyBookingsPage />, { route: '/user/bookings' });
  const section = within(await screen.findByRole('region', { name: "Liste d'attesa" }));
  const link = section.getByRole('link', { name: 'prenotalo ora' });
  const target = new URL(link.getAttribute('href')!, 'http://x');
  expect(target.pathname).toBe('/book-session');
  expect(target.searchParams.get('book')).toBe(session._id);
  expect(JSON.parse(target.searchParams.get('date')!)).toBe('2026-11-27');
  await user.click(section.getByRole('button', { name: 'Esci dalla lista' }));
  await waitFor(() => expect(screen.queryByRole('region', { name: "Liste d'attesa" })).not.toBeInTheDocument());
  expect(api.callsTo(`DELETE /training-session/${session._id}/waitlist`)).toHaveLength(1);
});
