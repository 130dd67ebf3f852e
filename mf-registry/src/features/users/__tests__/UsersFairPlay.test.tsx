import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { useAuthStore, type Permission, type User } from 'shared-api';
import { UsersPage } from '../components/UsersPage';
import { list, referenceHandlers } from '../../../test/handlers';
import { makeUser, uuid } from '../../../test/fixtures';

const ME = makeUser({ _id: uuid(102), name: 'Anna', surname: 'Neri', email: 'anna.neri@example.it' });
const SUSPENDED = makeUser({ fair_play: { no_shows: 2, late_cancellations: 0, suspended_until: '2027-03-31T17:10:00Z' } });

function setup(permissions: Permission[], users: User[], extra: Parameters<typeof mockApi>[0] = {}) {
  useAuthStore.getState().setUser({ _id: ME._id, name: ME.name, surname: ME.surname, email: ME.email, has_accepted_terms: true, permissions });
  const api = mockApi({ 'GET /user': list(users), ...referenceHandlers, ...extra });
  const user = userEvent.setup();
  renderWithProviders(<UsersPage />, { route: '/registry/users/management' });
  return { api, user };
}

const rowOf = async (text: string) => (await screen.findByRole('cell', { name: text })).closest('tr') as HTMLElement;

afterEach(() => useAuthStore.getState().setUser(null));

describe("Gestione utenti: lifting a member's fair-play suspension (issue 42)", () => {
  it('is not offered to the registry staff without bookings_access', async () => {
    setup(['registry_access'], [SUSPENDED, ME]);
    expect(within(await rowOf('Mario')).queryByRole('button', { name: 'Altre azioni' })).not.toBeInTheDocument();
  });

  it('is offered to the bookings staff for a suspended member only: asks a note, sends it and reloads the list', async () => {
    const { api, user } = setup(['registry_access', 'bookings_access'], [SUSPENDED, ME], {
      [`POST /user/${SUSPENDED._id}/fair-play/lift`]: { body: { no_shows: 0, late_cancellations: 0, suspended_until: null } },
    });
    expect(within(await rowOf('Anna')).queryByRole('button', { name: 'Altre azioni' })).not.toBeInTheDocument();
    await user.click(within(await rowOf('Mario')).getByRole('button', { name: 'Altre azioni' }));
    await user.click(within(screen.getByRole('menu', { name: 'Altre azioni' })).getByRole('menuitem', { name: 'Revoca sospensione' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoca sospensione' });
    expect(dialog).toHaveTextContent('sospese fino al 31/03/2027 19:10');
    await user.click(within(dialog).getByRole('button', { name: 'Revoca' }));
    expect(await within(dialog).findByText('Campo obbligatorio')).toBeInTheDocument();
    expect(api.callsTo(`POST /user/${SUSPENDED._id}/fair-play/lift`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Nota/), 'Assenze giustificate');
    await user.click(within(dialog).getByRole('button', { name: 'Revoca' }));
    expect(await screen.findByText('Sospensione delle prenotazioni revocata!')).toBeInTheDocument();
    expect(api.callsTo(`POST /user/${SUSPENDED._id}/fair-play/lift`)[0]?.body).toEqual({ note: 'Assenze giustificate' });
    expect(api.callsTo('GET /user').length).toBeGreaterThan(1);
  });
});
