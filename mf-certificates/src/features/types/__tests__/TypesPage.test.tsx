import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CertificateType } from 'shared-api';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { makeType } from '../../../test/fixtures';
import { list } from '../../../test/handlers';
import { TypesPage } from '../components/TypesPage';
import { readDaysBeforeWarn as parseDays } from 'shared-api/contract';

function setup(types: CertificateType[] = [makeType()], extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /certificate/types': list(types), ...extra });
  const user = userEvent.setup();
  renderWithProviders(<TypesPage />, { route: '/certificates/types' });
  return { api, user };
}

const formDialog = () => screen.getByRole('dialog', { name: /tipologia$/ });
const rowOf = async (text: string) => (await screen.findByRole('cell', { name: text })).closest('tr') as HTMLElement;

afterEach(() => jest.restoreAllMocks());

test('parseDays keeps the whole numbers and flags the other pieces', () => {
  expect(parseDays('30, 7,1')).toEqual({ days: [30, 7, 1], invalid: false });
  expect(parseDays('30, a, 7,')).toEqual({ days: [30, 7], invalid: true });
  expect(parseDays('7.5')).toEqual({ days: [], invalid: true });
  expect(parseDays('')).toEqual({ days: [], invalid: false });
});

describe('Tipologie certificati', () => {
  it('lists name, days before warning and the medical flag', async () => {
    setup([makeType(), makeType({ _id: 'b', name: 'Brevetto di arbitro', days_before_warn: [30], is_medical: false })]);
    expect(await screen.findByRole('heading', { name: 'Tipologie certificati' })).toBeInTheDocument();
    const medical = await rowOf('Medico agonistico');
    expect(within(medical).getByText('30, 7')).toBeInTheDocument();
    expect(within(medical).getByText('Sì')).toBeInTheDocument();
    expect(within(await rowOf('Brevetto di arbitro')).getByText('No')).toBeInTheDocument();
  });

  it('requires name and days and sends nothing without them', async () => {
    const { api, user } = setup([]);
    await user.click(await screen.findByRole('button', { name: 'Aggiungi tipologia' }));
    await screen.findByRole('dialog', { name: /tipologia$/ });
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(within(formDialog()).getAllByText('Campo obbligatorio')).toHaveLength(2);
    expect(api.callsTo('POST /certificate/types')).toHaveLength(0);
  });

  it('reads the comma-separated days, says which input is not valid, drops it and creates the type', async () => {
    const { api, user } = setup([], { 'POST /certificate/types': { status: 201, body: makeType() } });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi tipologia' }));
    await user.type(await screen.findByLabelText(/^Nome/), 'Medico agonistico');
    await user.type(screen.getByLabelText(/^Giorni prima della notifica/), '7, trenta');
    expect(within(formDialog()).getByText('Input non valido per giorni prima della notifica')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Giorni prima della notifica/));
    await user.type(screen.getByLabelText(/^Giorni prima della notifica/), '7, 30');
    expect(within(formDialog()).queryByText('Input non valido per giorni prima della notifica')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText(/^Certificato medico/));
    // The validity starts at 12 months; this type's is 24 (issue 25: an approval's expiry is at most that far).
    expect(screen.getByLabelText(/^Validità \(mesi\)/)).toHaveValue('12');
    await user.clear(screen.getByLabelText(/^Validità \(mesi\)/));
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(within(formDialog()).getByText('Campo obbligatorio')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Validità \(mesi\)/), '24');
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Tipologia creata con successo!')).toBeInTheDocument();
    expect(api.callsTo('POST /certificate/types')[0]?.body).toEqual({
      name: 'Medico agonistico',
      days_before_warn: [30, 7],
      is_medical: true,
      validity_months: 24,
    });
  });

  it('sends the valid days when a piece is not a number', async () => {
    const { api, user } = setup([], { 'POST /certificate/types': { status: 201, body: makeType() } });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi tipologia' }));
    await user.type(await screen.findByLabelText(/^Nome/), 'Brevetto');
    await user.type(screen.getByLabelText(/^Giorni prima della notifica/), '15, x');
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Tipologia creata con successo!')).toBeInTheDocument();
    expect(api.callsTo('POST /certificate/types')[0]?.body).toEqual({
      name: 'Brevetto',
      days_before_warn: [15],
      is_medical: false,
      validity_months: 12,
    });
  });

  it('edits a type, its days shown as typed', async () => {
    const type = makeType({ days_before_warn: [30, 7, 1] });
    const { api, user } = setup([type], { [`PATCH /certificate/types/${type._id}`]: { body: type } });
    await user.click(within(await rowOf('Medico agonistico')).getByRole('button', { name: 'Modifica' }));
    expect(await screen.findByLabelText(/^Giorni prima della notifica/)).toHaveValue('30, 7, 1');
    await user.type(screen.getByLabelText(/^Giorni prima della notifica/), ', 60');
    await user.click(within(formDialog()).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Tipologia modificata con successo!')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /certificate/types/${type._id}`)[0]?.body).toEqual({
      name: 'Medico agonistico',
      days_before_warn: [60, 30, 7, 1],
      is_medical: true,
      validity_months: 12,
    });
  });

  it('deletes after the warning; a type still in use is refused with a clear message', async () => {
    const used = makeType();
    const unused = makeType({ _id: 'u', name: 'Brevetto di arbitro' });
    const { api, user } = setup([used, unused], {
      [`DELETE /certificate/types/${used._id}`]: {
        status: 409,
        body: { code: 'CERTIFICATE_TYPE_IN_USE', message: 'Impossibile eliminare la tipologia: è usata da 2 certificati.' },
      },
      [`DELETE /certificate/types/${unused._id}`]: { status: 204 },
    });
    await user.click(within(await rowOf('Medico agonistico')).getByRole('button', { name: 'Elimina' }));
    let dialog = await screen.findByRole('dialog', { name: 'Elimina tipologia' });
    expect(dialog).toHaveTextContent("L'operazione non è reversibile");
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Impossibile eliminare la tipologia: ci sono certificati di questo tipo.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));

    const listCalls = api.callsTo('GET /certificate/types').length;
    await user.click(within(await rowOf('Brevetto di arbitro')).getByRole('button', { name: 'Elimina' }));
    dialog = await screen.findByRole('dialog', { name: 'Elimina tipologia' });
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Tipologia eliminata con successo!')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /certificate/types')).toHaveLength(listCalls + 1));
  });
});
