import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { nth, renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import type { Qualification } from 'shared-api';
import { QualificationsPage } from '../components/QualificationsPage';
import { list, referenceHandlers } from '../../../test/handlers';
import { MAILING_LISTS, RULES } from '../../../test/fixtures';
import { makeQualification } from '../../../test/reference-fixtures';

const menu = (label: string) => screen.getByRole('combobox', { name: new RegExp(`^${label}`) });
const formDialog = () => screen.getByRole('dialog', { name: /qualifica$/ });

function setup(qualifications: Qualification[] = [makeQualification()], extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ ...referenceHandlers, 'GET /user/qualification': list(qualifications), ...extra });
  const user = userEvent.setup();
  renderWithProviders(<QualificationsPage />, { route: '/registry/users/qualifications' });
  return { api, user };
}

const rowOf = async (text: string) => (await screen.findByRole('cell', { name: text })).closest('tr') as HTMLElement;

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Aggiungi qualifica' }));
  await screen.findByRole('dialog', { name: 'Aggiungi qualifica' });
}

describe('Qualifiche sociali', () => {
  it('lists name, description, colour, booking rules, mailing lists and priority', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Qualifiche sociali' })).toBeInTheDocument();
    const row = await rowOf('Agonista');
    expect(within(row).getByText('Atleti tesserati per i campionati')).toBeInTheDocument();
    expect(within(row).getByText('#1E88E5')).toBeInTheDocument();
    expect(within(row).getByText(nth(RULES, 0).name)).toBeInTheDocument();
    expect(within(row).getByText(nth(MAILING_LISTS, 1).name)).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '10' })).toBeInTheDocument();
  });

  it('sorts by priority on the server', async () => {
    const { api, user } = setup();
    await rowOf('Agonista');
    await user.click(screen.getByRole('button', { name: /Priorità/ }));
    await waitFor(() => expect(api.callsTo('GET /user/qualification').at(-1)?.query.get('sortBy')).toBe('priority'));
  });

  it('requires the name, starts priority at 0 and colour at #000000, stops at 5 booking rules, and creates', async () => {
    const { api, user } = setup([], { 'POST /user/qualification': { status: 201, body: makeQualification() } });
    await openCreate(user);
    expect(screen.getByLabelText(/^Priorità/)).toHaveValue('0');
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(within(formDialog()).getByText('Campo obbligatorio')).toBeInTheDocument();
    expect(api.callsTo('POST /user/qualification')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Nome/), 'Istruttore');
    await user.click(menu('Regole di prenotazione'));
    for (const rule of RULES.slice(0, 5)) await user.click(screen.getByRole('option', { name: new RegExp(rule.name) }));
    // closed at the limit; reopened, a sixth cannot be chosen
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(menu('Regole di prenotazione'));
    expect(screen.getByRole('option', { name: new RegExp(nth(RULES, 5).name) })).toHaveAttribute('aria-disabled', 'true');
    await user.click(menu('Regole di prenotazione'));

    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Qualifica creata con successo!')).toBeInTheDocument();
    expect(api.callsTo('POST /user/qualification')[0]?.body).toEqual({
      name: 'Istruttore',
      description: null,
      color: '#000000',
      priority: 0,
      reservation_rules: RULES.slice(0, 5).map((r) => r._id),
      mailing_list_classes: [],
    });
  });

  it.each([
    ['256', 'Il valore deve essere compreso tra 0 e 255'],
    ['1,5', 'Valore decimale non consentito'],
    ['', 'Campo obbligatorio'],
  ])('refuses priority %j with %j and sends nothing', async (typed, message) => {
    const { api, user } = setup([]);
    await openCreate(user);
    await user.type(screen.getByLabelText(/^Nome/), 'Istruttore');
    await user.clear(screen.getByLabelText(/^Priorità/));
    if (typed) await user.type(screen.getByLabelText(/^Priorità/), typed);
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(await within(formDialog()).findByText(message)).toBeInTheDocument();
    expect(api.callsTo('POST /user/qualification')).toHaveLength(0);
  });

  it('edits a qualification keeping its rules and mailing lists', async () => {
    const qualification = makeQualification();
    const { api, user } = setup([qualification], { [`PATCH /user/qualification/${qualification._id}`]: { body: qualification } });
    await user.click(within(await rowOf('Agonista')).getByRole('button', { name: 'Modifica' }));
    const priority = screen.getByLabelText(/^Priorità/);
    await user.clear(priority);
    await user.type(priority, '200');
    await user.click(within(formDialog()).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Qualifica modificata con successo!')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /user/qualification/${qualification._id}`)[0]?.body).toEqual({
      name: 'Agonista',
      description: 'Atleti tesserati per i campionati',
      color: '#1e88e5',
      priority: 200,
      reservation_rules: [nth(RULES, 0)._id],
      mailing_list_classes: [nth(MAILING_LISTS, 1)._id],
    });
  });

  it('reports a name already taken with its own text', async () => {
    const { user } = setup([], {
      'POST /user/qualification': { status: 409, body: { code: 'QUALIFICATION_NAME_TAKEN', message: 'Esiste già una qualifica con questo nome' } },
    });
    await openCreate(user);
    await user.type(screen.getByLabelText(/^Nome/), 'Agonista');
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Esiste già una qualifica con questo nome')).toBeInTheDocument();
    expect(formDialog()).toBeInTheDocument();
  });

  it('deletes after the irreversible-operation warning', async () => {
    const qualification = makeQualification();
    const { api, user } = setup([qualification], { [`DELETE /user/qualification/${qualification._id}`]: { status: 204 } });
    await user.click(within(await rowOf('Agonista')).getByRole('button', { name: 'Elimina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Elimina qualifica' });
    expect(dialog).toHaveTextContent("L'operazione non è reversibile");
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Qualifica eliminata con successo!')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /user/qualification/${qualification._id}`)).toHaveLength(1);
  });

  it("shows the server's 409 saying who still holds the qualification", async () => {
    const qualification = makeQualification();
    const { user } = setup([qualification], {
      [`DELETE /user/qualification/${qualification._id}`]: {
        status: 409,
        body: { code: 'QUALIFICATION_IN_USE', message: 'Impossibile eliminare la qualifica: è assegnata a 2 utenti.' },
      },
    });
    await user.click(within(await rowOf('Agonista')).getByRole('button', { name: 'Elimina' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Elimina qualifica' })).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Impossibile eliminare la qualifica: è assegnata a 2 utenti.')).toBeInTheDocument();
  });

  it('says that training sessions require the qualification when the server refuses its deletion for them', async () => {
    const qualification = makeQualification();
    const { user } = setup([qualification], {
      [`DELETE /user/qualification/${qualification._id}`]: {
        status: 409,
        body: { code: 'QUALIFICATION_REQUIRED_BY_SESSIONS', message: 'Impossibile eliminare la qualifica: è richiesta da turni di allenamento.' },
      },
    });
    await user.click(within(await rowOf('Agonista')).getByRole('button', { name: 'Elimina' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Elimina qualifica' })).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Impossibile eliminare la qualifica: è richiesta da turni di allenamento.')).toBeInTheDocument();
    expect(screen.queryByText("Si è verificato un errore durante l'eliminazione della qualifica")).not.toBeInTheDocument();
  });
});
