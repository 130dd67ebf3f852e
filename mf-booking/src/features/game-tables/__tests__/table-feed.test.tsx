import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { GameTablesPage } from '../components/GameTablesPage';
import { list } from '../../../test/handlers';
import { TABLES } from '../../../test/fixtures';

/**
 * Issue 44 item 8: a table's calendar feed had an API but no screen. Gestione tavoli opens 'Calendario del Tavolo N':
 * Attiva makes the address, shown with 'Aggiungi al calendario' (webcal://), Copia, Rigenera (confirmed) and Disattiva.
 */
const table = TABLES[0]!;
const path = `/training-session/game-tables/${table._id}/calendar-feed`;
const FIRST = 'https://portale.test/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const SECOND = 'https://portale.test/calendar/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';

it('turns a table feed on, regenerates it after confirming, and turns it off', async () => {
  let url: string | null = null;
  const next = [FIRST, SECOND];
  const api = mockApi({
    'GET /training-session/game-tables': list(TABLES),
    [`GET ${path}`]: () => ({ body: { url } }),
    [`POST ${path}`]: () => {
      url = next.shift() ?? SECOND;
      return { body: { url } };
    },
    [`DELETE ${path}`]: () => {
      url = null;
      return { body: { url } };
    },
  });
  const user = userEvent.setup();
  renderWithProviders(<GameTablesPage />, { route: '/bookings/game-tables' });
  await user.click(await screen.findByRole('button', { name: `Calendario del Tavolo ${table.number}` }));
  const dialog = await screen.findByRole('dialog', { name: `Calendario del Tavolo ${table.number}` });
  await user.click(await within(dialog).findByRole('button', { name: 'Attiva' }));
  expect(await within(dialog).findByLabelText('Indirizzo del calendario')).toHaveValue(FIRST);
  expect(within(dialog).getByRole('link', { name: 'Aggiungi al calendario' })).toHaveAttribute(
    'href',
    'webcal://portale.test/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics',
  );

  await user.click(within(dialog).getByRole('button', { name: 'Rigenera' }));
  const confirm = await screen.findByRole('dialog', { name: 'Rigenera indirizzo' });
  await user.click(within(confirm).getByRole('button', { name: 'Rigenera' }));
  await waitFor(() => expect(within(dialog).getByLabelText('Indirizzo del calendario')).toHaveValue(SECOND));
  expect(api.callsTo(`POST ${path}`)).toHaveLength(2);

  await user.click(within(dialog).getByRole('button', { name: 'Disattiva' }));
  expect(await within(dialog).findByRole('button', { name: 'Attiva' })).toBeInTheDocument();
  expect(api.callsTo(`DELETE ${path}`)).toHaveLength(1);
});
