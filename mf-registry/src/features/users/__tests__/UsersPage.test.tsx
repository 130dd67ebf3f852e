import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { nth, renderWithProviders } from 'shared-ui/testing';
import { useAuthStore, type User } from 'shared-api';
import { UsersPage } from '../components/UsersPage';
import { computeFiscalCode } from '../fiscal-code';
import { mockApi } from 'shared-ui/testing/api';
import { list, referenceHandlers } from '../../../test/handlers';
import { CATEGORY_ADULT, CATEGORY_MINOR, QUALIFICATION, makeUser, testFile, uuid } from '../../../test/fixtures';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelled = (label: string) => new RegExp(`^${escape(label)}( \\(obbligatorio\\))?$`);
const field = (label: string) => screen.getByLabelText(labelled(label));
const menu = (label: string) => screen.getByRole('combobox', { name: labelled(label) });

type UserEventApi = ReturnType<typeof userEvent.setup>;

async function choose(user: UserEventApi, label: string, option: string) {
  await user.click(menu(label));
  await user.click(screen.getByRole('option', { name: new RegExp(`^${escape(option)}`) }));
}

async function typeInto(user: UserEventApi, label: string, text: string) {
  const input = field(label);
  await user.clear(input);
  await user.type(input, text);
}

/**
 * Puts `text` in a field in one input event, as a paste does. Each typed character re-renders the whole form (its two
 * date pickers included), so filling it key by key cost about a second of each test that fills it; the tests of what
 * happens while a code or a name is typed (the fiscal code assistant) still type it.
 */
async function pasteInto(user: UserEventApi, label: string, text: string) {
  await user.clear(field(label));
  await user.paste(text);
}

/** Every required field of an adult, in the order a person fills the form; the code generates itself. */
async function fillAdult(user: UserEventApi) {
  await pasteInto(user, 'Numero libro soci', '42');
  await pasteInto(user, 'Nome', 'Mario');
  await pasteInto(user, 'Cognome', 'Rossi');
  await choose(user, 'Sesso', 'Maschio');
  await pasteInto(user, 'Data di nascita', '10/12/1985');
  await pasteInto(user, 'Luogo di nascita', 'San Giuliano Terme');
  await choose(user, 'Provincia di nascita', 'Pisa');
  await pasteInto(user, 'Email', 'mario.rossi@example.it');
  await pasteInto(user, 'Telefono', '3331234567');
  await pasteInto(user, 'Indirizzo di residenza', 'Via Roma 1');
  await pasteInto(user, 'Comune di residenza', 'Pisa');
  await choose(user, 'Provincia di residenza', 'Pisa');
  await pasteInto(user, 'CAP di residenza', '56100');
  await choose(user, 'Categoria', CATEGORY_ADULT.name);
  await waitFor(() => expect(field('Codice fiscale')).toHaveValue('RSSMRA85T10A562S'));
}

/** The form's own dialog (a date field's open calendar is a dialog too). */
const formDialog = () => screen.getByRole('dialog', { name: /utente$/ });
const submitButton = (label: 'Crea' | 'Salva' | 'Disattiva') => within(formDialog()).getByRole('button', { name: label });

function setup(users: User[] = [makeUser()], extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /user': list(users), ...referenceHandlers, ...extra });
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<UsersPage />, { route: '/registry/users/management' });
  return { api, user };
}

async function openCreate(user: UserEventApi) {
  await user.click(await screen.findByRole('button', { name: 'Aggiungi utente' }));
  return screen.findByRole('dialog', { name: 'Aggiungi utente' });
}

const rowOf = async (text: string) => (await screen.findByRole('cell', { name: text })).closest('tr') as HTMLElement;

afterEach(() => jest.restoreAllMocks());

describe('Gestione utenti: list', () => {
  it('shows the users with category and status, and asks only active users when the toggle is on', async () => {
    const { api, user } = setup([makeUser(), makeUser({ _id: uuid(101), name: 'Luisa', surname: 'Verdi', deactivation_status: true })]);
    expect(await screen.findByRole('heading', { name: 'Gestione utenti' })).toBeInTheDocument();
    const mario = await rowOf('Mario');
    expect(within(mario).getByText('Socio ordinario')).toBeInTheDocument();
    expect(within(mario).getByText('Attivo')).toBeInTheDocument();
    expect(within(await rowOf('Luisa')).getByText('Disattivato')).toBeInTheDocument();
    expect(api.callsTo('GET /user').every((r) => r.query.get('onlyEnabled') === null)).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'Mostra solo utenti attivi' }));
    await waitFor(() => expect(api.callsTo('GET /user').at(-1)!.query.get('onlyEnabled')).toBe('true'));
  });

  it('shows, per member, how many of their bookings a booked partner left (issue 25)', async () => {
    setup([makeUser({ partner_left_bookings: 3 }), makeUser({ _id: uuid(101), name: 'Luisa', surname: 'Verdi', partner_left_bookings: 0 })]);
    expect(await screen.findByRole('columnheader', { name: /Lasciate dai compagni/ })).toBeInTheDocument();
    expect(within(await rowOf('Mario')).getByRole('cell', { name: '3' })).toBeInTheDocument();
    expect(within(await rowOf('Luisa')).getByRole('cell', { name: '0' })).toBeInTheDocument();
  });

  it("shows a member's fair-play counts, their booking suspension and its end on the club's clock in their state (issue 42)", async () => {
    setup([
      makeUser({ fair_play: { no_shows: 2, late_cancellations: 1, suspended_until: '2027-03-31T17:10:00Z' } }),
      makeUser({ _id: uuid(101), name: 'Luisa', surname: 'Verdi', fair_play: { no_shows: 0, late_cancellations: 0, suspended_until: null } }),
      makeUser({ _id: uuid(103), name: 'Paolo', surname: 'Neri', fair_play: { no_shows: 1, late_cancellations: 2, suspended_until: null } }),
    ]);
    expect(
      within(await rowOf('Mario')).getByRole('cell', {
        name: 'Attivo · 2 assenze · 1 disdetta tardiva · prenotazioni sospese fino al 31/03/2027 19:10',
      }),
    ).toBeInTheDocument();
    expect(within(await rowOf('Luisa')).getByRole('cell', { name: 'Attivo' })).toBeInTheDocument();
    expect(within(await rowOf('Paolo')).getByRole('cell', { name: 'Attivo · 1 assenza · 2 disdette tardive' })).toBeInTheDocument();
  });

  it('offers activate only to deactivated users and deactivate only to active ones', async () => {
    setup([makeUser(), makeUser({ _id: uuid(101), name: 'Luisa', surname: 'Verdi', deactivation_status: true })]);
    const mario = await rowOf('Mario');
    expect(within(mario).getByRole('button', { name: 'Disattiva' })).toBeInTheDocument();
    expect(within(mario).queryByRole('button', { name: 'Attiva' })).not.toBeInTheDocument();
    const luisa = await rowOf('Luisa');
    expect(within(luisa).getByRole('button', { name: 'Attiva' })).toBeInTheDocument();
    expect(within(luisa).queryByRole('button', { name: 'Disattiva' })).not.toBeInTheDocument();
  });

  it('does not offer deactivate or delete on the signed-in administrator’s own row', async () => {
    const me = makeUser({ _id: uuid(102), name: 'Anna', surname: 'Neri' });
    useAuthStore.getState().setUser({ _id: me._id, name: 'Anna', surname: 'Neri', email: me.email, has_accepted_terms: true, permissions: ['*'] });
    try {
      setup([makeUser(), me]);
      const anna = await rowOf('Anna');
      expect(within(anna).getByRole('button', { name: 'Modifica' })).toBeInTheDocument();
      expect(within(anna).queryByRole('button', { name: 'Disattiva' })).not.toBeInTheDocument();
      expect(within(anna).queryByRole('button', { name: 'Elimina' })).not.toBeInTheDocument();
      expect(within(await rowOf('Mario')).getByRole('button', { name: 'Elimina' })).toBeInTheDocument();
    } finally {
      useAuthStore.getState().setUser(null);
    }
  });
});

describe('Gestione utenti: create', () => {
  it('sends nothing while required fields are empty and marks them', async () => {
    const { api, user } = setup();
    await openCreate(user);
    await user.click(submitButton('Crea'));
    expect(screen.getAllByText('Campo obbligatorio')).toHaveLength(15);
    expect(within(field('Nome').closest('.ui-field') as HTMLElement).getByText('Campo obbligatorio')).toBeInTheDocument();
    expect(api.callsTo('POST /user')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Aggiungi utente' })).toBeInTheDocument();
  });

  it('generates the codice fiscale, sends the user as JSON and reloads the list', async () => {
    const { api, user } = setup([], { 'POST /user': { status: 201, body: makeUser() } });
    await openCreate(user);
    await fillAdult(user);
    expect(await screen.findByText('Codice fiscale generato automaticamente')).toBeInTheDocument();
    await choose(user, 'Qualifiche', QUALIFICATION.name);
    await choose(user, 'Categoria FITET', '3ª categoria');
    await pasteInto(user, 'Note', 'Preferisce il turno serale');
    const listCalls = api.callsTo('GET /user').length;

    await user.click(submitButton('Crea'));

    expect(await screen.findByText('Utente creato con successo!')).toBeInTheDocument();
    const post = nth(api.callsTo('POST /user'), 0);
    expect(post.body).toEqual({
      member_id: '42',
      name: 'Mario',
      surname: 'Rossi',
      email: 'mario.rossi@example.it',
      phone_number: '3331234567',
      fiscal_code: 'RSSMRA85T10A562S',
      birth_date: '1985-12-10',
      birth_province: 'PI',
      birth_place: 'San Giuliano Terme',
      residence_address: 'Via Roma 1',
      residence_province: 'PI',
      residence_place: 'Pisa',
      residence_postal_code: '56100',
      gender: 'M',
      parent_name: null,
      parent_surname: null,
      parent_fiscal_code: null,
      category: CATEGORY_ADULT._id,
      qualifications: [QUALIFICATION._id],
      reservation_rules: [],
      mailing_list_classes: [],
      fitet_data_code: null,
      fitet_data_category: '3ª categoria',
      contract_end_date: null,
      notes: 'Preferisce il turno serale',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Aggiungi utente' })).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo('GET /user')).toHaveLength(listCalls + 1));
  });

  it('fills birth date, gender, place and province from a valid codice fiscale', async () => {
    const { user } = setup();
    await openCreate(user);
    const code = computeFiscalCode({ name: 'Anna', surname: 'Bianchi', gender: 'F', birth_date: '1990-01-01', birth_place: 'Roma' })!;
    await typeInto(user, 'Codice fiscale', code.toLowerCase());
    expect(await screen.findByText('Dati autocompletati dal codice fiscale')).toBeInTheDocument();
    expect(field('Data di nascita')).toHaveValue('01/01/1990');
    expect(menu('Sesso')).toHaveTextContent('Femmina');
    expect(field('Luogo di nascita')).toHaveValue('Roma');
    expect(menu('Provincia di nascita')).toHaveTextContent('Roma');
  });

  it("lists provinces alphabetically by name, Estero last among birth provinces; 'Contratto' names the section only once", async () => {
    const { user } = setup();
    await openCreate(user);
    await user.click(menu('Provincia di residenza'));
    const residence = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent ?? '');
    expect(residence).toHaveLength(107);
    expect(residence.slice(0, 3)).toEqual(['Agrigento', 'Alessandria', 'Ancona']);
    expect(residence).toEqual([...residence].sort((a, b) => a.localeCompare(b, 'it')));
    expect(residence.indexOf("L'Aquila")).toBeGreaterThan(residence.indexOf('Isernia'));
    await user.keyboard('{Escape}');
    await user.click(menu('Provincia di nascita'));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').at(-1)).toHaveTextContent('Estero');
    await user.keyboard('{Escape}');
    expect(within(formDialog()).getAllByText('Contratto', { exact: true })).toHaveLength(1);
  });

  it('refuses a codice fiscale with a wrong check letter', async () => {
    const { api, user } = setup();
    await openCreate(user);
    await fillAdult(user);
    await typeInto(user, 'Codice fiscale', 'RSSMRA85T10A562X');
    expect(screen.getByText('Codice fiscale non valido: il carattere di controllo non corrisponde')).toBeInTheDocument();
    await user.click(submitButton('Crea'));
    expect(api.callsTo('POST /user')).toHaveLength(0);
  });

  it('asks the parent data of a minor, by category or by age, and requires them', async () => {
    const { api, user } = setup([], { 'POST /user': { status: 201, body: makeUser() } });
    await openCreate(user);
    await fillAdult(user);
    expect(screen.queryByLabelText(labelled('Nome del genitore'))).not.toBeInTheDocument();

    await choose(user, 'Categoria', CATEGORY_MINOR.name);
    expect(field('Nome del genitore')).toBeInTheDocument();
    await choose(user, 'Categoria', CATEGORY_ADULT.name);
    expect(screen.queryByLabelText(labelled('Nome del genitore'))).not.toBeInTheDocument();

    const tenYearsAgo = new Date().getFullYear() - 10;
    await typeInto(user, 'Data di nascita', `10/12/${tenYearsAgo}`);
    expect(field('Nome del genitore')).toBeInTheDocument();
    await user.click(submitButton('Crea'));
    for (const label of ['Nome del genitore', 'Cognome del genitore', 'Codice fiscale del genitore']) {
      expect(within(field(label).closest('.ui-field') as HTMLElement).getByText('Campo obbligatorio')).toBeInTheDocument();
    }
    expect(api.callsTo('POST /user')).toHaveLength(0);

    await pasteInto(user, 'Nome del genitore', 'Giulia');
    await pasteInto(user, 'Cognome del genitore', 'Rossi');
    await typeInto(user, 'Codice fiscale del genitore', 'RSSMRA85T10A562S');
    await user.click(submitButton('Crea'));
    await screen.findByText('Utente creato con successo!');
    expect(api.callsTo('POST /user')[0]?.body).toMatchObject({
      birth_date: `${tenYearsAgo}-12-10`,
      parent_name: 'Giulia',
      parent_surname: 'Rossi',
      parent_fiscal_code: 'RSSMRA85T10A562S',
    });
  });

  it('refuses a photo over 5 MB and a file of another type', async () => {
    const { user } = setup();
    await openCreate(user);
    const big = testFile(6 * 1024 * 1024, 'foto.png', 'image/png');
    await user.upload(field('Foto'), big);
    expect(screen.getByText('Il file foto.png supera la dimensione massima di 5 MB')).toBeInTheDocument();
    await user.upload(field('Foto'), testFile(['MZ'], 'programma.exe', 'application/octet-stream'));
    expect(screen.getByText('Tipo di file non accettato: programma.exe')).toBeInTheDocument();
    await user.upload(field('File del contratto'), testFile(['x'], 'contratto.mp3', 'audio/mpeg'));
    expect(screen.getByText('Tipo di file non accettato: contratto.mp3')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'File selezionati' })).not.toBeInTheDocument();
  });

  it('sends multipart with the photo and the contract, list fields as JSON text', async () => {
    const { api, user } = setup([], { 'POST /user': { status: 201, body: makeUser() } });
    await openCreate(user);
    await fillAdult(user);
    await choose(user, 'Qualifiche', QUALIFICATION.name);
    await user.upload(field('Foto'), testFile(['png'], 'foto.png', 'image/png'));
    await user.upload(field('File del contratto'), testFile(['%PDF'], 'contratto.pdf', 'application/pdf'));
    await user.click(submitButton('Crea'));
    await screen.findByText('Utente creato con successo!');

    const body = api.callsTo('POST /user')[0]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('image') as File).name).toBe('foto.png');
    expect((body.get('contract_file') as File).name).toBe('contratto.pdf');
    expect(body.get('qualifications')).toBe(JSON.stringify([QUALIFICATION._id]));
    expect(body.get('reservation_rules')).toBe('[]');
    expect(body.get('fiscal_code')).toBe('RSSMRA85T10A562S');
    expect(body.get('parent_name')).toBe('');
  });

  it("says 'Un utente con questa email esiste già' when the server reports the e-mail taken, and keeps the form", async () => {
    const { user } = setup([], {
      'POST /user': { status: 409, body: { code: 'EMAIL_TAKEN', message: 'User with this email already exists' } },
    });
    await openCreate(user);
    await fillAdult(user);
    await user.click(submitButton('Crea'));
    expect(await screen.findByText('Un utente con questa email esiste già')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Aggiungi utente' })).toBeInTheDocument();
    expect(field('Nome')).toHaveValue('Mario');
  });

  it('shows the generic error toast for any other failure', async () => {
    const { user } = setup([], { 'POST /user': { status: 500, body: { message: 'boom' } } });
    await openCreate(user);
    await fillAdult(user);
    await user.click(submitButton('Crea'));
    expect(await screen.findByText("Si è verificato un errore durante la creazione dell'utente")).toBeInTheDocument();
  });

  it("adds the server's explanation of a refused input, and keeps the form", async () => {
    const { user } = setup([], {
      'POST /user': { status: 400, body: { code: 'FILE_TYPE_NOT_ALLOWED', message: 'Tipo di file non accettato: foto.png' } },
    });
    await openCreate(user);
    await fillAdult(user);
    await user.click(submitButton('Crea'));
    expect(
      await screen.findByText("Si è verificato un errore durante la creazione dell'utente: Tipo di file non accettato: foto.png"),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Aggiungi utente' })).toBeInTheDocument();
  });
});

describe('Gestione utenti: edit', () => {
  it('opens with the stored data and files, regenerates the code when the name changes, and sends PATCH', async () => {
    const stored = makeUser({
      image: { url: '/api/v1/user/files/foto-mario', name: 'mario.jpg', mime: 'image/jpeg', size: 2048 },
      contract_file: { url: '/api/v1/user/files/contratto-mario', name: 'contratto-2024.pdf', mime: 'application/pdf', size: 4096 },
    });
    const { api, user } = setup([stored], { [`PATCH /user/${stored._id}`]: { body: stored } });
    await user.click(within(await rowOf('Mario')).getByRole('button', { name: 'Modifica' }));
    await screen.findByRole('dialog', { name: 'Modifica utente' });
    expect(field('Codice fiscale')).toHaveValue('RSSMRA85T10A562S');
    expect(menu('Categoria')).toHaveTextContent(CATEGORY_ADULT.name);
    expect(screen.getByRole('link', { name: 'mario.jpg' })).toHaveAttribute('href', '/api/v1/user/files/foto-mario');
    expect(screen.getByRole('link', { name: 'contratto-2024.pdf' })).toHaveAttribute('href', '/api/v1/user/files/contratto-mario');

    await typeInto(user, 'Nome', 'Marco');
    expect(await screen.findByText('Codice fiscale rigenerato automaticamente')).toBeInTheDocument();
    const regenerated = computeFiscalCode({
      name: 'Marco',
      surname: 'Rossi',
      gender: 'M',
      birth_date: '1985-12-10',
      birth_place: 'San Giuliano Terme',
      birth_province: 'PI',
    });
    expect(field('Codice fiscale')).toHaveValue(regenerated);
    await typeInto(user, 'Telefono', '3470000000');
    await user.click(submitButton('Salva'));

    expect(await screen.findByText('Utente modificato con successo!')).toBeInTheDocument();
    const patch = nth(api.callsTo(`PATCH /user/${stored._id}`), 0);
    expect(patch.body).toMatchObject({ name: 'Marco', fiscal_code: regenerated, phone_number: '3470000000', category: CATEGORY_ADULT._id });
    expect(patch.body).not.toHaveProperty('image');
  });

  it('shows the generic edit error toast', async () => {
    const stored = makeUser();
    const { user } = setup([stored], { [`PATCH /user/${stored._id}`]: { status: 500, body: { message: 'boom' } } });
    await user.click(within(await rowOf('Mario')).getByRole('button', { name: 'Modifica' }));
    await user.click(submitButton('Salva'));
    expect(await screen.findByText("Si è verificato un errore durante la modifica dell'utente")).toBeInTheDocument();
  });
});

describe('Gestione utenti: delete, activate, deactivate', () => {
  it('deletes after the irreversible-operation warning', async () => {
    const stored = makeUser();
    const { api, user } = setup([stored], { [`DELETE /user/${stored._id}`]: { status: 204 } });
    await user.click(within(await rowOf('Mario')).getByRole('button', { name: 'Elimina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Elimina utente' });
    expect(dialog).toHaveTextContent("Sei sicuro di voler eliminare questo utente? L'operazione non è reversibile");
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Utente eliminato con successo!')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /user/${stored._id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Elimina utente' })).not.toBeInTheDocument());
  });

  it('keeps the delete dialog open with the error toast when the server refuses', async () => {
    const stored = makeUser();
    const { user } = setup([stored], { [`DELETE /user/${stored._id}`]: { status: 500, body: { message: 'boom' } } });
    await user.click(within(await rowOf('Mario')).getByRole('button', { name: 'Elimina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Elimina utente' });
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText("Si è verificato un errore durante l'eliminazione dell'utente")).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Elimina utente' })).toBeInTheDocument();
  });

  it('activates a deactivated user', async () => {
    const stored = makeUser({ deactivation_status: true });
    const { api, user } = setup([stored], { [`PATCH /user/${stored._id}/activate`]: { body: { ...stored, deactivation_status: false } } });
    await user.click(within(await rowOf('Mario')).getByRole('button', { name: 'Attiva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attiva utente' });
    await user.click(within(dialog).getByRole('button', { name: 'Attiva' }));
    expect(await screen.findByText('Utente attivato con successo!')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /user/${stored._id}/activate`)).toHaveLength(1);
  });

  it('deactivates with an optional end date', async () => {
    const stored = makeUser();
    const { api, user } = setup([stored], { [`PATCH /user/${stored._id}/deactivate`]: { body: { ...stored, deactivation_status: true } } });
    await user.click(within(await rowOf('Mario')).getByRole('button', { name: 'Disattiva' }));
    await screen.findByRole('dialog', { name: 'Disattiva utente' });
    await typeInto(user, 'Data di fine disattivazione', '30/06/2030');
    await user.click(submitButton('Disattiva'));
    expect(await screen.findByText('Utente disattivato con successo!')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /user/${stored._id}/deactivate`)[0]?.body).toEqual({ end_date: '2030-06-30' });
  });

  it('deactivates without an end date and reports a failure', async () => {
    const stored = makeUser();
    const { api, user } = setup([stored], { [`PATCH /user/${stored._id}/deactivate`]: { status: 500, body: { message: 'boom' } } });
    await user.click(within(await rowOf('Mario')).getByRole('button', { name: 'Disattiva' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Disattiva utente' })).getByRole('button', { name: 'Disattiva' }));
    expect(await screen.findByText("Si è verificato un errore durante la disattivazione dell'utente")).toBeInTheDocument();
    expect(api.callsTo(`PATCH /user/${stored._id}/deactivate`)[0]?.body).toEqual({ end_date: null });
  });

  it('refuses a past end date on the client, saying why, and sends nothing', async () => {
    const stored = makeUser();
    const { api, user } = setup([stored]);
    await user.click(within(await rowOf('Mario')).getByRole('button', { name: 'Disattiva' }));
    await screen.findByRole('dialog', { name: 'Disattiva utente' });
    await typeInto(user, 'Data di fine disattivazione', '01/01/2020');
    await user.click(submitButton('Disattiva'));
    expect(within(formDialog()).getByText('La data di fine disattivazione non può essere nel passato')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /user/${stored._id}/deactivate`)).toHaveLength(0);
  });

  it("shows the server's reason, by its code, when it refuses a deactivation", async () => {
    const stored = makeUser();
    const refusal = { status: 400, body: { code: 'DEACTIVATION_END_IN_PAST', message: 'La data di fine disattivazione non può essere nel passato' } };
    const { user } = setup([stored], { [`PATCH /user/${stored._id}/deactivate`]: refusal });
    await user.click(within(await rowOf('Mario')).getByRole('button', { name: 'Disattiva' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Disattiva utente' })).getByRole('button', { name: 'Disattiva' }));
    expect(
      await screen.findByText(
        "Si è verificato un errore durante la disattivazione dell'utente: La data di fine disattivazione non può essere nel passato",
      ),
    ).toBeInTheDocument();
  });
});
