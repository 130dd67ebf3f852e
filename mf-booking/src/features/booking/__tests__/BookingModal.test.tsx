import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { BookingModal } from '../components/BookingModal';
import { list, referenceHandlers } from '../../../test/handlers';
import { PARTNERS, makeSession } from '../../../test/fixtures';

const session = makeSession({ title: 'Allenamento libero', start_time: '18:00', end_time: '19:30' });
const BOOK = `POST /training-session/${session._id}/book`;

function setup(mode: 'member' | 'admin', extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ ...referenceHandlers, ...extra });
  const user = userEvent.setup();
  const onClose = jest.fn();
  renderWithProviders(<BookingModal session={session} date="2026-11-24" mode={mode} onClose={onClose} />);
  return { api, user, onClose };
}

describe('booking modal', () => {
  it('member: shows the session, requires a partner, books with the occurrence date', async () => {
    const { api, user, onClose } = setup('member', { [BOOK]: { status: 201, body: { _id: 'b1' } } });
    const dialog = screen.getByRole('dialog', { name: 'Prenotati a: Allenamento libero' });
    expect(within(dialog).getByText('24/11/2026')).toBeInTheDocument();
    expect(within(dialog).getByText('18:00 - 19:30')).toBeInTheDocument();
    expect(within(dialog).getByText('90 minuti')).toBeInTheDocument();
    expect(within(dialog).getByText('Tavolo 1')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /user')).toHaveLength(1));
    expect(api.callsTo('GET /user')[0]!.query.get('onlyAvailablePartners')).toBe('true');
    expect(api.callsTo('GET /user')[0]!.query.get('limit')).toBe('500');

    await user.click(within(dialog).getByRole('button', { name: 'Prenota' }));
    expect(await within(dialog).findByText('Campo obbligatorio')).toBeInTheDocument();
    expect(api.callsTo(BOOK)).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: /^Scegli compagno/ }));
    await user.click(await screen.findByRole('option', { name: /Paolo Verdi/ }));
    // Single select: choosing another replaces the first.
    await user.click(within(dialog).getByRole('combobox', { name: /^Scegli compagno/ }));
    await user.click(await screen.findByRole('option', { name: /Lucia Bianchi/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Prenota' }));
    await waitFor(() => expect(api.callsTo(BOOK)).toHaveLength(1));
    expect(api.callsTo(BOOK)[0]!.body).toEqual({ partnersId: [PARTNERS[0]!._id], date: '2026-11-24' });
    expect(await screen.findByText('Turno prenotato correttamente!')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('member: a refusal shows its Italian text and keeps the modal open', async () => {
    const { user, onClose } = setup('member', {
      [BOOK]: {
        status: 409,
        body: { code: 'MEDICAL_CERTIFICATE_INVALID_USER', message: 'User Mario Rossi does not have a valid medical certificate' },
      },
    });
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /^Scegli compagno/ }));
    await user.click(await screen.findByRole('option', { name: /Lucia Bianchi/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Prenota' }));
    expect(await screen.findByText('Non puoi prenotare turni senza un certificato medico valido')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('member: a partner who cannot play is marked and not offered; Enter after choosing books (issue 26)', async () => {
    const noCertificate = {
      _id: '00000000-0000-4000-8000-0000000000cc',
      name: 'Carla',
      surname: 'Senzacert',
      email: 'carla@example.it',
      can_play: false,
    };
    const { api, user, onClose } = setup('member', {
      'GET /user': list([noCertificate, ...PARTNERS.map((p) => ({ ...p, can_play: true }))]),
      [BOOK]: { status: 201, body: { _id: 'b1' } },
    });
    const dialog = screen.getByRole('dialog');
    const menu = within(dialog).getByRole('combobox', { name: /^Scegli compagno/ });
    await user.click(menu);
    const options = await screen.findAllByRole('option');
    // Who can play first; the one who cannot is last, marked.
    expect(options.at(-1)).toHaveAccessibleName(/^Carla Senzacert carla@example.it Certificato medico non valido/);
    expect(options.at(-1)).toHaveAttribute('aria-disabled', 'true');
    await user.click(options.at(-1)!);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('option', { name: /Lucia Bianchi/ }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo(BOOK)).toHaveLength(1));
    expect(api.callsTo(BOOK)[0]!.body).toEqual({ partnersId: [PARTNERS[0]!._id], date: '2026-11-24' });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('admin: up to four participants', async () => {
    const { api, user } = setup('admin', { [BOOK]: { status: 201, body: { _id: 'b1' } } });
    const dialog = screen.getByRole('dialog', { name: 'Prenota degli utenti a: Allenamento libero' });
    const menu = () => within(dialog).getByRole('combobox', { name: /^Seleziona i partecipanti/ });
    await user.click(menu());
    for (const p of PARTNERS.slice(0, 4)) await user.click(await screen.findByRole('option', { name: new RegExp(`${p.name} ${p.surname}`) }));
    // The menu closed at four; the fifth cannot be chosen.
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(menu());
    expect(screen.getByRole('option', { name: /Sara Blu/ })).toHaveAttribute('aria-disabled', 'true');
    await user.click(menu());
    await user.click(within(dialog).getByRole('button', { name: 'Prenota' }));
    await waitFor(() => expect(api.callsTo(BOOK)).toHaveLength(1));
    expect(api.callsTo(BOOK)[0]!.body).toEqual({ partnersId: PARTNERS.slice(0, 4).map((p) => p._id), date: '2026-11-24', admin: true });
  });
});
