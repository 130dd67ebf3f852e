import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_ERRORS } from 'shared-api';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { CheckInPage } from '../components/CheckInPage';

const TOKEN = 'nonce123.firma456';
const renderPage = () => renderWithProviders(<CheckInPage />, { route: `/check-in/${TOKEN}`, path: '/check-in/:token' });

const result = {
  booking_id: '00000000-0000-4000-8000-0000000000b1',
  title: 'Allenamento libero',
  date: '2026-11-25',
  start_time: '19:00',
  end_time: '20:30',
  table_number: 3,
  participants: [
    { _id: '00000000-0000-4000-8000-000000000001', name: 'Marco', surname: 'Rossi', checked_in: true },
    { _id: '00000000-0000-4000-8000-000000000002', name: 'Giulia', surname: 'Bianchi', checked_in: true },
  ],
};

test("one tap checks the member and their partner in with the table's token, then shows 'Presente' and the shift", async () => {
  const api = mockApi({ [`POST /check-in/${TOKEN}`]: () => ({ body: result }) });
  renderPage();
  expect(screen.getByRole('heading', { name: 'Registra la presenza' })).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: /Anche il mio compagno/ })).toBeChecked();
  await userEvent.click(screen.getByRole('button', { name: 'Sono al tavolo' }));
  expect(await screen.findByText('Presente', { selector: '.ui-badge' })).toBeInTheDocument();
  expect(screen.getByText('25/11/2026 · 19:00-20:30 · Tavolo 3')).toBeInTheDocument();
  expect(screen.getByText(/Giulia Bianchi/)).toHaveTextContent('Giulia Bianchi: Presente');
  expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ withPartners: true });
});

test('alone: the partner box unticked sends withPartners false', async () => {
  const api = mockApi({
    [`POST /check-in/${TOKEN}`]: () => ({ body: { ...result, participants: [{ ...result.participants[0], checked_in: true }] } }),
  });
  renderPage();
  await userEvent.click(screen.getByRole('checkbox', { name: /Anche il mio compagno/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Sono al tavolo' }));
  await screen.findByText('Presente', { selector: '.ui-badge' });
  expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ withPartners: false });
});

test('a refusal says what to do in Italian, and the button stays to try again', async () => {
  mockApi({
    [`POST /check-in/${TOKEN}`]: () => ({ status: 409, body: { code: 'CHECK_IN_NO_BOOKING', message: API_ERRORS.CHECK_IN_NO_BOOKING.text } }),
  });
  renderPage();
  await userEvent.click(screen.getByRole('button', { name: 'Sono al tavolo' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(API_ERRORS.CHECK_IN_NO_BOOKING.text);
  expect(screen.getByRole('button', { name: 'Sono al tavolo' })).toBeEnabled();
});
