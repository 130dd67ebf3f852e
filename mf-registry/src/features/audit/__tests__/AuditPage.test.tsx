import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from 'shared-api';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { list } from '../../../test/handlers';
import { AuditPage } from '../components/AuditPage';

const ADMIN = { _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', name: 'Anna', surname: 'Amministratrice' };
const EDIT: AuditEntry = {
  _id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  at: '2026-11-25T09:30:00.000Z',
  actor: ADMIN,
  ip: '127.0.0.1',
  action: 'edit',
  entity: 'users',
  entity_id: '9b2d5c5e-1c1a-4c3e-9f7e-5b1f0d7a2c11',
  changes: { phone_number: { before: '+39 340 1112233', after: '+39 333 7654321' }, email: { before: null, after: 'marco@example.it' } },
};

const TABLE_ID = '4b2d5c5e-1c1a-4c3e-9f7e-5b1f0d7a2c11';
const BOOKING: AuditEntry = {
  _id: '1f8fad5b-d9cb-469f-a165-70867728950e',
  at: '2026-11-26T09:30:00.000Z',
  actor: ADMIN,
  ip: '127.0.0.1',
  action: 'book',
  entity: 'bookings',
  entity_id: '2b2d5c5e-1c1a-4c3e-9f7e-5b1f0d7a2c11',
  changes: {
    session_id: { before: null, after: '3b2d5c5e-1c1a-4c3e-9f7e-5b1f0d7a2c11' },
    date: { before: null, after: '2026-12-08' },
    start_at: { before: null, after: '2026-12-08T20:00:00+00:00' },
    participant_ids: { before: null, after: [ADMIN._id, 'b'] },
    is_booking_allowed: { before: true, after: false },
    game_table_id: { before: null, after: TABLE_ID },
    amount_cents: { before: null, after: 1250 },
  },
  // What GET /audit answers beside the entry: the records it names by id, by name (issue 44 item 6).
  names: {
    '2b2d5c5e-1c1a-4c3e-9f7e-5b1f0d7a2c11': 'Turno del 08/12/2026 ore 21:00, Tavolo 4',
    '3b2d5c5e-1c1a-4c3e-9f7e-5b1f0d7a2c11': 'Serale, 08/12/2026 ore 21:00, Tavolo 4',
    [ADMIN._id]: 'Amministratrice Anna',
    [TABLE_ID]: 'Tavolo 4',
  },
};

const ANONYMISED: AuditEntry = {
  _id: '5f8fad5b-d9cb-469f-a165-70867728950e',
  at: '2026-11-27T09:30:00.000Z',
  actor: ADMIN,
  ip: '127.0.0.1',
  action: 'anonymize',
  entity: 'users',
  entity_id: '6b2d5c5e-1c1a-4c3e-9f7e-5b1f0d7a2c11',
  changes: {
    name: { before: null, after: null },
    fiscal_code: { before: null, after: null },
    waitlist: { before: null, after: null },
    sessions: { before: null, after: null },
  },
  names: { '6b2d5c5e-1c1a-4c3e-9f7e-5b1f0d7a2c11': 'Anonimo Socio' },
};

function setup(entries: AuditEntry[] = [EDIT]) {
  const api = mockApi({
    'GET /audit': list(entries),
    'GET /user': list([{ ...ADMIN, email: 'admin@circolo.example' }]),
  });
  const user = userEvent.setup();
  renderWithProviders(<AuditPage />, { route: '/registry/audit' });
  return { api, user };
}

describe('Registro attività', () => {
  it('lists when, who, the action and the record in Italian, newest first', async () => {
    const { api } = setup();
    expect(await screen.findByRole('heading', { name: 'Registro attività' })).toBeInTheDocument();
    const row = (await screen.findByRole('cell', { name: 'Amministratrice Anna' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('cell', { name: 'Modifica' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'Utenti' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '25/11/2026 10:30' })).toBeInTheDocument();
    expect(api.callsTo('GET /audit')[0]!.query.get('sortBy')).toBeNull();
    expect(screen.getByRole('button', { name: 'Scarica' })).toBeInTheDocument();
  });

  it('opens a change with every field before and after, side by side', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Dettagli' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica — Utenti' });
    const phone = within(dialog).getByRole('rowheader', { name: 'Telefono' }).closest('tr') as HTMLElement;
    expect(
      within(phone)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['+39 340 1112233', '+39 333 7654321']);
    const email = within(dialog).getByRole('rowheader', { name: 'Email' }).closest('tr') as HTMLElement;
    expect(
      within(email)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['—', 'marco@example.it']);
    expect(within(dialog).getByText('127.0.0.1')).toBeInTheDocument();
  });

  it("a booking's entry in Italian: field names, dates and times on the club's clock, lists and yes/no (issue 44 item 6)", async () => {
    const { user } = setup([BOOKING]);
    await user.click(await screen.findByRole('button', { name: 'Dettagli' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prenotazione — Prenotazioni' });
    const row = (field: string) =>
      within(within(dialog).getByRole('rowheader', { name: field }).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // The session by its title, day, time and table; the booking itself named among the facts.
    expect(row('Sessione')).toEqual(['—', 'Serale, 08/12/2026 ore 21:00, Tavolo 4']);
    expect(within(dialog).getByText('Turno del 08/12/2026 ore 21:00, Tavolo 4')).toBeInTheDocument();
    expect(row('Data')).toEqual(['—', '08/12/2026']);
    // 20:00 UTC is 21:00 in Rome.
    expect(row('Inizio')).toEqual(['—', '08/12/2026 21:00']);
    // A person by name; an id the server does not name stays as it is.
    expect(row('Partecipanti')).toEqual(['—', 'Amministratrice Anna, b']);
    expect(row('Prenotabile')).toEqual(['Sì', 'No']);
    expect(row('Tavolo')).toEqual(['—', 'Tavolo 4']);
    expect(row('Importo')).toEqual(['—', '12,50\u00a0€']);
  });

  it('the list names the record of an entry: a booking by its shift and table (issue 44 item 6)', async () => {
    setup([BOOKING]);
    expect(await screen.findByRole('cell', { name: 'Prenotazioni: Turno del 08/12/2026 ore 21:00, Tavolo 4' })).toBeInTheDocument();
  });

  it('the anonymisation lists what was anonymised, in Italian, with no value (issue 44 item 6)', async () => {
    const { user } = setup([ANONYMISED]);
    await user.click(await screen.findByRole('button', { name: 'Dettagli' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anonimizzazione — Utenti' });
    const list = within(dialog).getByRole('list', { name: 'Dati anonimizzati' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Nome', 'Codice fiscale', "Iscrizioni alle liste d'attesa", 'Sessioni di accesso']);
    expect(within(dialog).getByText('Anonimo Socio')).toBeInTheDocument();
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  it('the unlock times of a rule are a record the filter offers', async () => {
    setup();
    await screen.findByRole('cell', { name: 'Amministratrice Anna' });
    expect(within(screen.getByLabelText('Elemento')).getByRole('option', { name: 'Orari di sblocco delle regole' })).toBeInTheDocument();
  });

  it('filters by record, user and period through the list query', async () => {
    const { api, user } = setup();
    await screen.findByRole('cell', { name: 'Amministratrice Anna' });
    await user.selectOptions(screen.getByLabelText('Elemento'), 'users');
    await waitFor(() => expect(api.callsTo('GET /audit').at(-1)!.query.get('entity')).toBe('users'));
    await user.click(screen.getByLabelText('Utente'));
    await user.click(await screen.findByRole('option', { name: /Amministratrice Anna/ }));
    await waitFor(() => expect(api.callsTo('GET /audit').at(-1)!.query.get('userId')).toBe(ADMIN._id));
    await user.type(screen.getByLabelText('Dal'), '01/11/2026');
    await waitFor(() => expect(api.callsTo('GET /audit').at(-1)!.query.get('from')).toBe('2026-11-01'));
  });

  it("keeps the list as it was while 'Al' comes before 'Dal', and says why", async () => {
    const { api, user } = setup();
    await screen.findByRole('cell', { name: 'Amministratrice Anna' });
    await user.type(screen.getByLabelText('Al'), '10/11/2026');
    await waitFor(() => expect(api.callsTo('GET /audit').at(-1)!.query.get('to')).toBe('2026-11-10'));
    await user.type(screen.getByLabelText('Dal'), '20/11/2026');
    expect(await screen.findByText('La data di fine non può precedere la data di inizio')).toBeInTheDocument();
    expect(api.callsTo('GET /audit').some((call) => call.query.get('from') === '2026-11-20')).toBe(false);
  });
});
