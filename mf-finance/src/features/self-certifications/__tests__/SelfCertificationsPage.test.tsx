import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureDownloads, renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { SelfCertificationsPage } from '../components/SelfCertificationsPage';
import { list, selectorHandlers } from '../../../test/handlers';
import { GIULIA, makeSelfCertification } from '../../../test/fixtures';
import { choose, typeInto } from '../../../test/form';

const CERT = makeSelfCertification();
const pdfPath = `/finance/self-certification/${CERT._id}/pdf`;

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ ...selectorHandlers, 'GET /finance/self-certification': list([CERT]), ...extra });
  const user = userEvent.setup();
  renderWithProviders(<SelfCertificationsPage />, { route: '/finance/self-certifications' });
  return { api, user };
}

describe('Autocertificazioni', () => {
  const saved = captureDownloads();

  it('lists name, surname, month, year, amount, issue and creation dates', async () => {
    setup();
    const row = (await screen.findByRole('cell', { name: 'Rossi' })).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(0, 7)
        .map((c) => c.textContent?.replace(/\u00a0/g, ' ')),
    ).toEqual(['Marco', 'Rossi', 'Ottobre', '2026', '300,00 €', '02/11/2026', '02/11/2026']);
  });

  it('adds one: the user among available partners, the period as month and year, amount and release date', async () => {
    const { api, user } = setup({ 'POST /finance/self-certification': { status: 201, body: CERT } });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi autocertificazione' }));
    const form = await screen.findByRole('dialog', { name: 'Aggiungi autocertificazione' });
    await user.click(within(form).getByRole('button', { name: 'Crea' }));
    expect(within(form).getAllByText('Campo obbligatorio').length).toBeGreaterThanOrEqual(3);
    expect(api.callsTo('POST /finance/self-certification')).toHaveLength(0);

    await choose(user, 'Utente', 'Bianchi Giulia');
    await user.selectOptions(screen.getByLabelText(/^Mese/), 'Settembre');
    await user.selectOptions(screen.getByLabelText(/^Anno/), '2026');
    await typeInto(user, 'Importo', '120,50');
    await typeInto(user, 'Data di rilascio', '01/10/2026');
    await user.click(within(form).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Autocertificazione creata con successo!')).toBeInTheDocument();
    expect(api.callsTo('GET /user')[0]?.query.get('onlyAvailablePartners')).toBe('true');
    expect(api.callsTo('POST /finance/self-certification')[0]?.body).toEqual({
      user: GIULIA._id,
      period: { month: 9, year: 2026 },
      year: 2026,
      month: 9,
      amount: 120.5,
      release_date: '2026-10-01',
    });
  });

  it('downloads the PDF the server renders, with total amounts when ticked', async () => {
    const { api, user } = setup({
      [`GET ${pdfPath}`]: {
        body: '%PDF-1.7',
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="autocertificazione.pdf"' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Scarica PDF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scarica autocertificazione' });
    await user.click(within(dialog).getByLabelText('Mostra importi totali'));
    await user.click(within(dialog).getByRole('button', { name: 'Scarica PDF' }));
    expect(await screen.findByText('File scaricato con successo!')).toBeInTheDocument();
    expect(api.callsTo(`GET ${pdfPath}`)[0]?.query.get('showTotals')).toBe('true');
    expect(saved.map((a) => a.download)).toEqual(['autocertificazione.pdf']);
  });

  it('a failed download says so with the spec text', async () => {
    const { user } = setup({ [`GET ${pdfPath}`]: { status: 404, body: { code: 'SELF_CERTIFICATION_NOT_FOUND', message: 'x' } } });
    await user.click(await screen.findByRole('button', { name: 'Scarica PDF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scarica autocertificazione' });
    await user.click(within(dialog).getByRole('button', { name: 'Scarica PDF' }));
    expect(await screen.findByText('Errore durante il download del file. Assicurati che il file sia disponibile e riprova.')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });
});
