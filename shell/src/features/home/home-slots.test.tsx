import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SlotEntries } from 'shared-ui';
import { renderApp } from '../../testing/render-app';
import { profileOf, sessionUser } from '../../testing/fixtures';
import { loadSlot, loadSlotOfferers } from '../../remotes/runtime';

jest.mock('../../remotes/runtime', () => ({ loadSlotOfferers: jest.fn(), loadSlot: jest.fn(), loadDomainRoutes: jest.fn() }));
const offerers = loadSlotOfferers as jest.MockedFunction<typeof loadSlotOfferers>;
const slot = loadSlot as jest.MockedFunction<typeof loadSlot>;

/** A block as a domain app's './home' offers it. */
const block = (title: string) =>
  function Block() {
    return (
      <section className="shell-card" aria-label={title}>
        <h2>{title}</h2>
      </section>
    );
  };

const booking: SlotEntries<'home'> = [
  { id: 'next', order: 10, Component: block('Prossima prenotazione') },
  { id: 'staff', order: 60, permissions: ['bookings_access'], Component: block('Turni di oggi') },
];
const certificates: SlotEntries<'home'> = [{ id: 'medical', order: 30, Component: block('Certificato medico') }];
const finance: SlotEntries<'home'> = [{ id: 'dues', order: 40, Component: block('Pagamenti in sospeso') }];
const MODULES: Record<string, SlotEntries<'home'>> = { mf_booking: booking, mf_certificates: certificates, mf_finance: finance };

const member = sessionUser({ permissions: ['book_session'] });
const api = { 'GET /user/me': { body: profileOf(member) } };
const blocks = () => within(document.querySelector('.shell-home__blocks') as HTMLElement);

beforeEach(() => {
  offerers.mockReset().mockResolvedValue(['mf_finance', 'mf_booking', 'mf_certificates']);
  slot.mockReset().mockImplementation(async (remote) => MODULES[remote] as never);
});

test("the home page shows every app's 'home' blocks the user may see, in their order, under the shell's greeting", async () => {
  renderApp('/', { user: member, api });
  expect(await screen.findByRole('heading', { name: 'Ciao Giulia!' })).toBeInTheDocument();
  await screen.findByRole('region', { name: 'Pagamenti in sospeso' });
  await screen.findByRole('region', { name: 'Certificato medico' });
  const titles = blocks()
    .getAllByRole('region')
    .map((r) => r.getAttribute('aria-label'));
  expect(titles).toEqual(['Prossima prenotazione', 'Certificato medico', 'Pagamenti in sospeso']);
  // The slot declares the staff block's permission: a member does not get it.
  expect(screen.queryByRole('region', { name: 'Turni di oggi' })).not.toBeInTheDocument();
  expect(offerers).toHaveBeenCalledWith('home');
  // The apps load side by side, each asked once.
  expect(slot.mock.calls.map(([remote]) => remote).sort()).toEqual(['mf_booking', 'mf_certificates', 'mf_finance']);
});

test('staff holding the permission also get the block that asks for it', async () => {
  const staff = sessionUser({ permissions: ['bookings_access'] });
  renderApp('/', { user: staff, api: { 'GET /user/me': { body: profileOf(staff) } } });
  expect(await screen.findByRole('region', { name: 'Turni di oggi' })).toBeInTheDocument();
});

test("an app that cannot be loaded leaves a short notice in its place and the others' blocks work; Riprova loads it again", async () => {
  let down = true;
  slot.mockImplementation(async (remote) => {
    if (remote === 'mf_booking' && down) throw new Error('offline');
    return MODULES[remote] as never;
  });
  renderApp('/', { user: member, api });
  const notice = await screen.findByTestId('slot-fallback');
  expect(notice).toHaveTextContent('Sezione non disponibile.');
  expect(await screen.findByRole('region', { name: 'Certificato medico' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Pagamenti in sospeso' })).toBeInTheDocument();
  down = false;
  await userEvent.click(within(notice).getByRole('button', { name: 'Riprova' }));
  expect(await screen.findByRole('region', { name: 'Prossima prenotazione' })).toBeInTheDocument();
  expect(slot.mock.calls.filter(([remote]) => remote === 'mf_booking').map(([, , attempt]) => attempt)).toEqual([0, 1]);
});

test('a block that throws shows the notice in its place, the other blocks stay', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const Broken = () => {
    throw new Error('boom');
  };
  slot.mockImplementation(async (remote) => (remote === 'mf_finance' ? [{ id: 'dues', order: 40, Component: Broken }] : MODULES[remote]) as never);
  renderApp('/', { user: member, api });
  expect(await screen.findByRole('alert')).toHaveTextContent('Sezione non disponibile.');
  expect(await screen.findByRole('region', { name: 'Prossima prenotazione' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Certificato medico' })).toBeInTheDocument();
});

test('while the apps load, the slot reserves as many placeholders as blocks it showed this user last time', async () => {
  localStorage.clear();
  const staff = sessionUser({ permissions: ['bookings_access'] });
  const staffApi = { 'GET /user/me': { body: profileOf(staff) } };
  const first = renderApp('/', { user: staff, api: staffApi });
  await screen.findByRole('region', { name: 'Pagamenti in sospeso' });
  await screen.findByRole('region', { name: 'Turni di oggi' });
  first.unmount();
  // The next visit: the apps answer only when told to.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  slot.mockImplementation(async (remote) => {
    await held;
    return MODULES[remote] as never;
  });
  renderApp('/', { user: staff, api: staffApi });
  await screen.findByRole('heading', { name: 'Ciao Giulia!' });
  await screen.findAllByText('Caricamento in corso...');
  // Four blocks last time from three apps: four placeholders.
  await waitFor(() => expect(document.querySelectorAll('.shell-home__blocks > .shell-slot-placeholder')).toHaveLength(4));
  answer();
  await screen.findByRole('region', { name: 'Pagamenti in sospeso' });
  expect(document.querySelectorAll('.shell-home__blocks > .shell-slot-placeholder')).toHaveLength(0);
});
