import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AttendanceRow } from 'shared-api';
import { clubToday } from 'shared-ui';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { AttendancePage } from '../components/AttendancePage';

const MARCO = { _id: '00000000-0000-4000-8000-000000000001', name: 'Marco', surname: 'Rossi' };
const GIULIA = { _id: '00000000-0000-4000-8000-000000000002', name: 'Giulia', surname: 'Bianchi' };
const LUCA = { _id: '00000000-0000-4000-8000-000000000003', name: 'Luca', surname: 'Verdi' };

const row = (over: Partial<AttendanceRow>): AttendanceRow => ({
  booking_id: '00000000-0000-4000-8000-0000000000b1',
  title: 'Allenamento libero',
  date: clubToday(),
  start_time: '19:00',
  end_time: '20:30',
  start_at: '2000-01-01T18:00:00.000Z',
  end_at: '2000-01-01T19:30:00.000Z',
  table_number: 3,
  no_show: false,
  participants: [
    { ...MARCO, checked_in: true },
    { ...GIULIA, checked_in: false },
  ],
  ...over,
});

test("lists today's bookings with who is present; staff mark one present with the keyboard, and the list reloads", async () => {
  let giuliaIn = false;
  const booking = () =>
    row({
      participants: [
        { ...MARCO, checked_in: true },
        { ...GIULIA, checked_in: giuliaIn },
      ],
    });
  const noShow = row({
    booking_id: '00000000-0000-4000-8000-0000000000b2',
    start_time: '17:00',
    end_time: '18:30',
    table_number: 1,
    title: 'Serale',
    no_show: true,
    participants: [{ ...LUCA, checked_in: false }],
  });
  const api = mockApi({
    'GET /training-session/check-ins': () => ({ body: { data: [noShow, booking()] } }),
    'POST /training-session/booking/00000000-0000-4000-8000-0000000000b1/check-in': () => {
      giuliaIn = true;
      return { body: booking() };
    },
  });
  renderWithProviders(<AttendancePage />);
  expect(screen.getByRole('heading', { name: 'Presenze' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Caricamento in corso...');
  const shift = await screen.findByRole('article', { name: '19:00-20:30 · Tavolo 3 · Allenamento libero' });
  expect(api.callsTo('GET /training-session/check-ins')[0]?.query.get('date')).toBe(clubToday());
  expect(within(shift).getByText('Marco Rossi').parentElement).toHaveTextContent('Presente');
  expect(within(shift).getByText('Giulia Bianchi').parentElement).toHaveTextContent('Non registrato');
  const released = screen.getByRole('article', { name: '17:00-18:30 · Tavolo 1 · Serale' });
  expect(within(released).getByText('Non presentato')).toBeInTheDocument();
  expect(within(released).getByText('Luca Verdi').parentElement).toHaveTextContent('Assente');
  expect(within(released).queryByRole('button')).not.toBeInTheDocument();

  // Keyboard: the day, then the one button of the page.
  const user = userEvent.setup();
  await user.tab();
  expect(screen.getByLabelText('Giorno')).toHaveFocus();
  await user.tab();
  expect(within(shift).getByRole('button', { name: 'Segna presente Giulia Bianchi' })).toHaveFocus();
  await user.keyboard('{Enter}');
  await waitFor(() => expect(within(shift).getByText('Giulia Bianchi').parentElement).toHaveTextContent('Presente'));
  expect(api.callsTo('POST /training-session/booking/00000000-0000-4000-8000-0000000000b1/check-in')[0]?.body).toEqual({ userIds: [GIULIA._id] });
  expect(await screen.findByText('Presenza registrata')).toBeInTheDocument();
});

test("'Segna tutti presenti' checks every participant in; another day is read when chosen", async () => {
  const api = mockApi({
    'GET /training-session/check-ins': (call) => ({
      body: {
        data:
          call.query.get('date') === '2026-11-20'
            ? []
            : [
                row({
                  participants: [
                    { ...MARCO, checked_in: false },
                    { ...GIULIA, checked_in: false },
                  ],
                }),
              ],
      },
    }),
    'POST /training-session/booking/00000000-0000-4000-8000-0000000000b1/check-in': { body: row({}) },
  });
  const user = userEvent.setup();
  renderWithProviders(<AttendancePage />);
  await user.click(await screen.findByRole('button', { name: 'Segna tutti presenti' }));
  await waitFor(() => expect(api.callsTo('POST /training-session/booking/00000000-0000-4000-8000-0000000000b1/check-in')).toHaveLength(1));
  expect(api.callsTo('POST /training-session/booking/00000000-0000-4000-8000-0000000000b1/check-in')[0]?.body).toEqual({});

  const day = screen.getByLabelText('Giorno');
  await user.clear(day);
  await user.type(day, '20/11/2026');
  expect(await screen.findByText('Nessuna prenotazione in questo giorno')).toBeInTheDocument();
});

test('an error says so and offers Ricarica', async () => {
  let fail = true;
  mockApi({ 'GET /training-session/check-ins': () => (fail ? { status: 500, body: { message: 'boom' } } : { body: { data: [row({})] } }) });
  const user = userEvent.setup();
  renderWithProviders(<AttendancePage />);
  const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
  expect(alert).toHaveTextContent('Errore durante il recupero delle presenze.');
  fail = false;
  await user.click(within(alert).getByRole('button', { name: 'Ricarica' }));
  expect(await screen.findByRole('article', { name: /Allenamento libero/ })).toBeInTheDocument();
});
