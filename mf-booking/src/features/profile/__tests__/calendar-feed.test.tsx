import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiCall } from 'shared-ui/testing/api';

import { PROFILE_SLOT_PROPS, renderSlot, slotUser } from 'shared-ui/testing/slot';
import profile from '../../../exposes/profile';

const sessionUser = () => slotUser();
const props = PROFILE_SLOT_PROPS;

const user = sessionUser();
const FIRST = 'http://portale.test/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const SECOND = 'http://portale.test/calendar/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';

/** A feed endpoint that keeps its state, as the server does. */
function feedServer(initial: string | null) {
  let url = initial;
  const next = [FIRST, SECOND].filter((u) => u !== initial);
  return {
    'GET /user/me/calendar-feed': () => ({ body: { url } }),
    'POST /user/me/calendar-feed': () => {
      url = next.shift() ?? SECOND;
      return { body: { url } };
    },
    'DELETE /user/me/calendar-feed': (_call: ApiCall) => {
      url = null;
      return { body: { url } };
    },
  };
}

// The first render loads the profile's lazy parts: a cold start on a busy machine takes longer than the default second.
const card = async () => within(await screen.findByRole('region', { name: 'Calendario sul telefono' }, { timeout: 10_000 }));

test('off: Attiva makes the address, shown with Copia, Rigenera and Disattiva', async () => {
  renderSlot(profile, props, { user, api: feedServer(null) });
  const feed = await card();
  await userEvent.click(await feed.findByRole('button', { name: 'Attiva' }, { timeout: 10_000 }));
  expect(await feed.findByLabelText('Indirizzo del calendario')).toHaveValue(FIRST);
  for (const name of ['Copia', 'Rigenera', 'Disattiva']) expect(feed.getByRole('button', { name })).toBeInTheDocument();
});

test('Copia puts the address on the clipboard', async () => {
  const writeText = jest.fn().mockResolvedValue(undefined);
  renderSlot(profile, props, { user, api: feedServer(FIRST) });
  // userEvent installs its own clipboard: replace it after setup.
  const clicks = userEvent.setup();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  const feed = await card();
  await clicks.click(await feed.findByRole('button', { name: 'Copia' }));
  expect(writeText).toHaveBeenCalledWith(FIRST);
  expect(await screen.findByText(/Indirizzo copiato/)).toBeInTheDocument();
});

test('Rigenera asks first, then shows the new address; Disattiva turns it off', async () => {
  const { server } = renderSlot(profile, props, { user, api: feedServer(FIRST) });
  const feed = await card();
  await userEvent.click(await feed.findByRole('button', { name: 'Rigenera' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Il vecchio indirizzo smetterà subito di funzionare');
  expect(server.callsTo('POST /user/me/calendar-feed')).toHaveLength(0);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Rigenera' }));
  await waitFor(() => expect(feed.getByLabelText('Indirizzo del calendario')).toHaveValue(SECOND));
  expect(server.callsTo('POST /user/me/calendar-feed')).toHaveLength(1);
  await userEvent.click(feed.getByRole('button', { name: 'Disattiva' }));
  expect(await feed.findByRole('button', { name: 'Attiva' })).toBeInTheDocument();
  expect(server.callsTo('DELETE /user/me/calendar-feed')).toHaveLength(1);
});
