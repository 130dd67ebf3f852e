/**
 * @jest-environment jest-fixed-jsdom
 *
 * jsdom, not the suites' happy-dom (jest-environment.mjs): upload() sends through XMLHttpRequest for its progress,
 * and under happy-dom that request reached Node's fetch with its relative address ('Failed to parse URL from
 * /api/v1/user/fitet') instead of msw's answer.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi, type Handlers } from 'shared-ui/testing/api';
import type { FitetImportReport } from 'shared-api';
import { FitetPage } from '../components/FitetPage';
import { list } from '../../../test/handlers';
import { testFile } from '../../../test/fixtures';
import { makeFitetRecord } from '../../../test/reference-fixtures';

const REPORT: FitetImportReport = {
  total: 4,
  created: 1,
  updated: 1,
  rejected: [
    { line: 4, member_id: '9999999', reason: 'Nessun utente con questo codice tessera' },
    { line: 5, member_id: '1038114', reason: 'Data scadenza non valida: 31/02/2026' },
  ],
};

function setup(extra: Handlers = {}) {
  const api = mockApi({ 'GET /user/fitet': list([makeFitetRecord()]), ...extra });
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<FitetPage />, { route: '/registry/users/fitet' });
  return { api, user };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function openUpload(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Carica file FITET' }));
  return screen.findByRole('dialog', { name: 'Carica file FITET' });
}

describe('Dati FITET', () => {
  it('lists card code, card type, category, issue and expiry date in Italian format, and the member', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Dati FITET' })).toBeInTheDocument();
    const row = (await screen.findByRole('cell', { name: '1045872' })).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1045872', 'Agonistica', '3ª categoria', '01/09/2025', '31/08/2026', 'Rossi Marco', 'ModificaElimina']);
    expect(screen.getByRole('button', { name: 'Scarica' })).toBeInTheDocument();
  });

  it('uploads the file with its progress, then shows the counts and every refused row with its reason', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { api, user } = setup({
      'POST /user/fitet': async () => {
        await answered;
        return { body: REPORT };
      },
    });
    const dialog = await openUpload(user);
    await user.upload(within(dialog).getByLabelText(/^File FITET/), testFile(['x'.repeat(2048)], 'tesserati.xlsx', XLSX));
    const listCalls = api.callsTo('GET /user/fitet').length;
    await user.click(within(dialog).getByRole('button', { name: 'Carica' }));
    // The test's network reports upload progress only with the answer: until then the bar shows the start.
    expect(await within(dialog).findByRole('progressbar', { name: 'Caricamento del file: 0%' })).toHaveAttribute('value', '0');
    expect(within(dialog).getByRole('button', { name: 'Carica' })).toBeDisabled();
    expect(within(dialog).getByLabelText(/^File FITET/)).toBeDisabled();
    release();

    const report = await screen.findByRole('dialog', { name: 'Resoconto importazione FITET' });
    expect(await screen.findByText('File FITET importato con successo!')).toBeInTheDocument();
    expect(
      within(report)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['1', '1', '2']);
    expect(
      within(report)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Create', 'Aggiornate', 'Rifiutate']);
    const rows = within(within(report).getByRole('table', { name: 'Righe rifiutate' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['4', '9999999', 'Nessun utente con questo codice tessera'],
      ['5', '1038114', 'Data scadenza non valida: 31/02/2026'],
    ]);
    const sent = api.callsTo('POST /user/fitet')[0]?.body as FormData;
    expect((sent.get('file') as File).name).toBe('tesserati.xlsx');
    await waitFor(() => expect(api.callsTo('GET /user/fitet').length).toBeGreaterThan(listCalls));
    await user.click(within(report).getByRole('button', { name: 'Chiudi resoconto' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's reason when it refuses the file (an old .xls) and keeps the dialog open", async () => {
    const message = 'Il formato .xls (Excel 97-2003) non è supportato: salva il file come .xlsx o .csv e caricalo di nuovo';
    const { user } = setup({ 'POST /user/fitet': { status: 400, body: { code: 'FILE_TYPE_NOT_ALLOWED', message } } });
    const dialog = await openUpload(user);
    await user.upload(
      within(dialog).getByLabelText(/^File FITET/),
      testFile([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0])], 'vecchio.xls', 'application/vnd.ms-excel'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Carica' }));
    const expected = `Si è verificato un errore durante il caricamento del file FITET: ${message}`;
    expect(await within(dialog).findByText(expected, { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Carica file FITET' })).toBeInTheDocument();
  });

  it('asks for a file, refuses other types and files over 5 MB before sending anything', async () => {
    const { api, user } = setup();
    const dialog = await openUpload(user);
    await user.click(within(dialog).getByRole('button', { name: 'Carica' }));
    expect(within(dialog).getByText('Campo obbligatorio')).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText(/^File FITET/), testFile(['%PDF-1.4'], 'tesserati.pdf', 'application/pdf'));
    expect(within(dialog).getByText('Tipo di file non accettato: tesserati.pdf')).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText(/^File FITET/), testFile(5 * 1024 * 1024 + 1, 'enorme.csv', 'text/csv'));
    expect(within(dialog).getByText('Il file enorme.csv supera la dimensione massima di 5 MB')).toBeInTheDocument();
    expect(api.callsTo('POST /user/fitet')).toHaveLength(0);
  });

  it('edits a row: the form shows the card code, sends the corrected fields and says it is done', async () => {
    const record = makeFitetRecord();
    const { api, user } = setup({ [`PATCH /user/fitet/${record._id}`]: { body: record } });
    const row = (await screen.findByRole('cell', { name: '1045872' })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Modifica' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica dato FITET' });
    expect(dialog).toHaveTextContent('Tessera 1045872 · Rossi Marco');
    const category = within(dialog).getByLabelText(/^Categoria/);
    await user.clear(category);
    await user.type(category, '2ª categoria');
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Dato FITET modificato con successo!')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /user/fitet/${record._id}`)[0]?.body).toEqual({
      card_type: 'Agonistica',
      category: '2ª categoria',
      start_date: '2025-09-01',
      end_date: '2026-08-31',
    });
  });

  it('deletes a row after the irreversible-operation warning', async () => {
    const record = makeFitetRecord();
    const { api, user } = setup({ [`DELETE /user/fitet/${record._id}`]: { status: 204 } });
    const row = (await screen.findByRole('cell', { name: '1045872' })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Elimina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Elimina dato FITET' });
    expect(dialog).toHaveTextContent("L'operazione non è reversibile");
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Dato FITET eliminato con successo!')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /user/fitet/${record._id}`)).toHaveLength(1);
  });
});
