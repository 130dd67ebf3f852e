import { screen, within } from '@testing-library/react';
import { PROFILE_SLOT_PROPS, renderSlot, slotUser } from 'shared-ui/testing/slot';
import profile from '../../../exposes/profile';

const card = async () => within(await screen.findByRole('region', { name: 'Correttezza nelle prenotazioni' }, { timeout: 10_000 }));

test("a member who books sees their no-shows, late cancellations and a suspension's end on the profile", async () => {
  renderSlot(profile, PROFILE_SLOT_PROPS, {
    user: slotUser({ permissions: ['book_session'] }),
    api: {
      'GET /user/me/preferences': () => ({ body: { reminder_hours: null } }),
      'GET /user/me/calendar-feed': () => ({ body: { url: null } }),
      'GET /user/me/fair-play': () => ({ body: { no_shows: 2, late_cancellations: 1, suspended_until: '2026-12-03T23:00:00.000Z' } }),
    },
  });
  const record = await card();
  expect(await record.findByText('Assenze non giustificate')).toBeInTheDocument();
  const counts = record.getAllByRole('definition').map((dd) => dd.textContent);
  expect(counts).toEqual(['2', '1']);
  expect(record.getByRole('note')).toHaveTextContent('Prenotazioni sospese fino al 04/12/2026 00:00');
});

test('without a suspension the card says the member can book; a member who does not book sees no card', async () => {
  const api = {
    'GET /user/me/preferences': () => ({ body: { reminder_hours: null } }),
    'GET /user/me/calendar-feed': () => ({ body: { url: null } }),
    'GET /user/me/fair-play': () => ({ body: { no_shows: 0, late_cancellations: 0, suspended_until: null } }),
  };
  const { unmount } = renderSlot(profile, PROFILE_SLOT_PROPS, { user: slotUser({ permissions: ['book_session'] }), api });
  expect(await (await card()).findByText('Nessuna sospensione in corso: puoi prenotare.')).toBeInTheDocument();
  unmount();
  renderSlot(profile, PROFILE_SLOT_PROPS, { user: slotUser(), api });
  expect(await screen.findByRole('region', { name: 'Promemoria dei turni' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Correttezza nelle prenotazioni' })).not.toBeInTheDocument();
});
