import { screen, within } from '@testing-library/react';
import type { AuditEntry } from 'shared-api';
import { renderApp } from '../../testing/render-app';
import { profileOf, sessionUser } from '../../testing/fixtures';
import { loadRemoteComponent } from '../../remotes/runtime';

jest.mock('../../remotes/runtime', () => ({
  loadSlotOfferers: jest.fn(async () => []),
  loadSlot: jest.fn(),
  loadDomainRoutes: jest.fn(),
  loadRemoteComponent: jest.fn(),
}));
(loadRemoteComponent as jest.MockedFunction<typeof loadRemoteComponent>).mockResolvedValue((() => null) as never);

const user = sessionUser();
const profile = profileOf(user);
const ADMIN = { _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', name: 'Anna', surname: 'Verdi' };
const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  _id: crypto.randomUUID(),
  at: '2026-11-25T09:30:00.000Z',
  actor: { _id: profile._id, name: profile.name, surname: profile.surname },
  ip: '10.0.0.7',
  action: 'sign-in',
  entity: 'users',
  entity_id: profile._id,
  changes: {},
  ...overrides,
});

// The first render loads the profile's lazy parts: a cold start on a busy machine takes longer than the default second.
const card = async () => within(await screen.findByRole('region', { name: 'Attività recente' }, { timeout: 10_000 }));

test("'Attività recente' lists the member's sign-ins and profile changes, newest first, naming who else made one", async () => {
  const activity = [
    entry({
      at: '2026-11-25T10:00:00.000Z',
      action: 'edit',
      actor: ADMIN,
      ip: '127.0.0.1',
      changes: { phone_number: { before: '+39 1', after: '+39 2' } },
    }),
    entry({ at: '2026-11-25T09:45:00.000Z', action: 'edit', changes: { email: { before: 'a@b.it', after: 'c@d.it' } } }),
    entry({}),
  ];
  renderApp('/user/profile', { user, api: { 'GET /user/me': { body: profile }, 'GET /user/me/activity': { body: { data: activity } } } });
  const items = await (await card()).findAllByRole('listitem');
  expect(items.map((li) => li.textContent)).toEqual([
    '25/11/2026 11:00Modifica: telefono (da Anna Verdi)',
    '25/11/2026 10:45Modifica: email',
    '25/11/2026 10:30Accesso da 10.0.0.7',
  ]);
});

test('with no entries it says so', async () => {
  renderApp('/user/profile', { user, api: { 'GET /user/me': { body: profile }, 'GET /user/me/activity': { body: { data: [] } } } });
  expect(await (await card()).findByText('Nessuna attività registrata.')).toBeInTheDocument();
});
