import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { nth, renderWithProviders } from 'shared-ui/testing';
import type { Category } from 'shared-api';
import { CategoriesPage } from '../components/CategoriesPage';
import { mockApi } from 'shared-ui/testing/api';
import { list, referenceHandlers } from '../../../test/handlers';
import { MAILING_LISTS, RULES, makeCategory, uuid } from '../../../test/fixtures';

const menu = (label: string) => screen.getByRole('combobox', { name: new RegExp(`^${label}`) });
const formDialog = () => screen.getByRole('dialog', { name: /categoria$/ });

function setup(categories: Category[] = [makeCategory()], extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ ...referenceHandlers, 'GET /user/category': list(categories), ...extra });
  const user = userEvent.setup();
  renderWithProviders(<CategoriesPage />, { route: '/registry/users/categories' });
  return { api, user };
}

const rowOf = async (text: string) => (await screen.findByRole('cell', { name: text })).closest('tr') as HTMLElement;

afterEach(() => jest.restoreAllMocks());

describe('Categorie utenti', () => {
  it('lists name, description, permissions, booking rules and mailing lists', async () => {
    setup([makeCategory({ permissions: ['book_session', 'registry_access'], mailing_list_classes: [nth(MAILING_LISTS, 0)] })]);
    expect(await screen.findByRole('heading', { name: 'Categorie utenti' })).toBeInTheDocument();
    const row = await rowOf('Socio ordinario');
    expect(within(row).getByText('Soci maggiorenni')).toBeInTheDocument();
    expect(within(row).getByText('Prenotazione turni, Anagrafica')).toBeInTheDocument();
    expect(within(row).getByText(nth(RULES, 0).name)).toBeInTheDocument();
    expect(within(row).getByText(nth(MAILING_LISTS, 0).name)).toBeInTheDocument();
  });

  it('requires the name and sends nothing without it', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Aggiungi categoria' }));
    // the form's chunk loads when it first opens
    await screen.findByRole('dialog', { name: /categoria$/ });
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(within(formDialog()).getByText('Campo obbligatorio')).toBeInTheDocument();
    expect(api.callsTo('POST /user/category')).toHaveLength(0);
  });

  it('stops at 5 booking rules and 5 mailing lists, offers the six permissions, and creates the category', async () => {
    const { api, user } = setup([], { 'POST /user/category': { status: 201, body: makeCategory() } });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi categoria' }));
    await user.type(screen.getByLabelText(/^Nome/), 'Agonisti');
    await user.type(screen.getByLabelText(/^Descrizione/), 'Squadra');

    await user.click(menu('Permessi'));
    const permissionOptions = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(permissionOptions.map((o) => o.querySelector('.ui-menu__description')?.textContent)).toEqual([
      'book_session',
      'registry_access',
      'certificates_access',
      'storage_access',
      'bookings_access',
      'finance_access',
      'platform_access',
    ]);
    await user.click(screen.getByRole('option', { name: /Prenotazione turni/ }));
    await user.click(screen.getByRole('option', { name: /Magazzino/ }));
    await user.click(menu('Permessi'));

    await user.click(menu('Regole di prenotazione'));
    for (const rule of RULES.slice(0, 5)) {
      await user.click(screen.getByRole('option', { name: new RegExp(rule.name) }));
    }
    // The menu closed at the limit; reopened, the other rules cannot be chosen.
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(menu('Regole di prenotazione'));
    expect(screen.getByRole('option', { name: new RegExp(nth(RULES, 5).name) })).toHaveAttribute('aria-disabled', 'true');
    await user.click(menu('Regole di prenotazione'));

    await user.click(menu('Mailing list'));
    // Six lists and a limit of five: no select-all, the menu closes at the fifth choice.
    expect(screen.queryByRole('button', { name: 'Seleziona tutto' })).not.toBeInTheDocument();
    for (const mailingList of MAILING_LISTS.slice(0, 5)) {
      await user.click(screen.getByRole('option', { name: new RegExp(mailingList.name) }));
    }
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Categoria creata con successo!')).toBeInTheDocument();
    expect(api.callsTo('POST /user/category')[0]?.body).toEqual({
      name: 'Agonisti',
      description: 'Squadra',
      permissions: ['book_session', 'storage_access'],
      reservation_rules: RULES.slice(0, 5).map((r) => r._id),
      mailing_list_classes: MAILING_LISTS.slice(0, 5).map((m) => m._id),
    });
  });

  it("keeps the administrators' '*' when their category is edited", async () => {
    const admins = makeCategory({ _id: uuid(201), name: 'Amministratori', permissions: ['*'], reservation_rules: [] });
    const { api, user } = setup([admins], { [`PATCH /user/category/${admins._id}`]: { body: admins } });
    await user.click(within(await rowOf('Amministratori')).getByRole('button', { name: 'Modifica' }));
    expect(menu('Permessi')).toHaveTextContent('Tutti i permessi');
    await user.click(within(formDialog()).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Categoria modificata con successo!')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /user/category/${admins._id}`)[0]?.body).toMatchObject({ name: 'Amministratori', permissions: ['*'] });
  });

  it('reports a failed edit', async () => {
    const category = makeCategory();
    const { user } = setup([category], { [`PATCH /user/category/${category._id}`]: { status: 500, body: { message: 'boom' } } });
    await user.click(within(await rowOf('Socio ordinario')).getByRole('button', { name: 'Modifica' }));
    await user.click(within(formDialog()).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Si è verificato un errore durante la modifica della categoria')).toBeInTheDocument();
  });

  it('deletes after the irreversible-operation warning and reloads the list', async () => {
    const category = makeCategory();
    const { api, user } = setup([category], { [`DELETE /user/category/${category._id}`]: { status: 204 } });
    await user.click(within(await rowOf('Socio ordinario')).getByRole('button', { name: 'Elimina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Elimina categoria' });
    expect(dialog).toHaveTextContent("L'operazione non è reversibile");
    const listCalls = api.callsTo('GET /user/category').length;
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Categoria eliminata con successo!')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /user/category/${category._id}`)).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET /user/category')).toHaveLength(listCalls + 1));
  });

  it("shows the server's explanation when a category still given to users cannot be deleted", async () => {
    const category = makeCategory();
    const { user } = setup([category], {
      [`DELETE /user/category/${category._id}`]: {
        status: 409,
        body: { code: 'CATEGORY_IN_USE', message: 'Impossibile eliminare la categoria: ci sono utenti associati.' },
      },
    });
    await user.click(within(await rowOf('Socio ordinario')).getByRole('button', { name: 'Elimina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Elimina categoria' });
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Impossibile eliminare la categoria: ci sono utenti associati.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Elimina categoria' })).toBeInTheDocument();
  });

  it('shows the generic creation error for a failure that is not a conflict', async () => {
    const { user } = setup([], { 'POST /user/category': { status: 500, body: { message: 'boom' } } });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi categoria' }));
    await user.type(screen.getByLabelText(/^Nome/), 'Ospiti');
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Si è verificato un errore durante la creazione della categoria')).toBeInTheDocument();
  });
});
