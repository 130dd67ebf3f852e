import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Certificate } from 'shared-api';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { ANNA, MARIO, captureDownloads, makeCertificate, testFile, uuid } from '../../../test/fixtures';
import { TYPES, list, selectorHandlers } from '../../../test/handlers';
import { CertificatesPage } from '../components/CertificatesPage';

function setup(certificates: Certificate[] = [makeCertificate()], extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ ...selectorHandlers, 'GET /certificate': list(certificates), ...extra });
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<CertificatesPage />, { route: '/certificates/management' });
  return { api, user };
}

const rowOf = async (text: string) => (await screen.findAllByRole('cell', { name: text }))[0]?.closest('tr') as HTMLElement;
const dialog = (name: string) => screen.getByRole('dialog', { name });
const pathOf = (c: Certificate) => `/certificate/${c._id}/user/${c.user._id}`;

const approved = (overrides: Partial<Certificate>): Certificate => {
  const base = makeCertificate(overrides);
  return {
    ...base,
    is_approved: true,
    active_record_content: base.active_record_content && { ...base.active_record_content, isApproved: true, end_date: base.current_end_date },
  };
};

afterEach(() => jest.restoreAllMocks());

describe('Gestione certificati', () => {
  it('lists every column, with the state coloured: valid green, expiring orange, expired red, others grey', async () => {
    setup([
      approved({ _id: uuid(1), user: MARIO, status: 'valid', is_valid: true, current_end_date: '2027-10-01', notes: 'Visita annuale' }),
      approved({ _id: uuid(2), user: ANNA, status: 'is_expiring', is_valid: true, current_end_date: '2026-12-01' }),
      approved({ _id: uuid(3), user: { ...ANNA, _id: uuid(102), surname: 'Verdi' }, status: 'expired', current_end_date: '2026-01-01' }),
      makeCertificate({ _id: uuid(4), user: { ...MARIO, _id: uuid(103), surname: 'Neri' } }),
      makeCertificate({ _id: uuid(5), user: { ...MARIO, _id: uuid(104), surname: 'Gialli' }, active_record_content: null, status: 'missing' }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Gestione certificati' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    for (const h of ['Tipologia', 'Cognome', 'Nome', 'Codice fiscale', 'File', 'Scadenza', 'Approvato', 'Valido', 'Note']) {
      expect(headers.some((text) => text?.startsWith(h))).toBe(true);
    }
    const mario = await rowOf('Rossi');
    expect(within(mario).getByText('RSSMRA85T10A562S')).toBeInTheDocument();
    expect(within(mario).getByText('01/10/2027')).toBeInTheDocument();
    expect(within(mario).getByText('Visita annuale')).toBeInTheDocument();
    const badge = (row: HTMLElement) => row.querySelector('[data-state]');
    expect(badge(mario)).toHaveTextContent('Valido');
    expect(badge(mario)).toHaveClass('ui-badge--success');
    expect(badge(await rowOf('Bianchi'))).toHaveClass('ui-badge--warning');
    expect(badge(await rowOf('Bianchi'))).toHaveTextContent('In scadenza');
    expect(badge(await rowOf('Verdi'))).toHaveClass('ui-badge--danger');
    const pending = await rowOf('Neri');
    expect(badge(pending)).toHaveTextContent('Da approvare');
    expect(badge(pending)?.className).toBe('ui-badge');
    expect(within(pending).getByRole('button', { name: 'Approva' })).toBeInTheDocument();
    expect(within(mario).queryByRole('button', { name: 'Approva' })).not.toBeInTheDocument();
    expect(within(await rowOf('Gialli')).getByText('Nessun file')).toBeInTheDocument();
  });

  it('sorts by the server keys of the columns', async () => {
    const { api, user } = setup();
    await rowOf('Rossi');
    await user.click(within(screen.getByRole('columnheader', { name: /Tipologia/ })).getByRole('button'));
    await waitFor(() => expect(api.callsTo('GET /certificate').at(-1)?.query.get('sortBy')).toBe('type'));
    await user.click(within(screen.getByRole('columnheader', { name: /Scadenza/ })).getByRole('button'));
    await waitFor(() => expect(api.callsTo('GET /certificate').at(-1)?.query.get('sortBy')).toBe('current_end_date'));
  });

  it('approves an upload: notes required in the form, the expiry date too for a medical certificate (issue 25)', async () => {
    const certificate = makeCertificate();
    const record = certificate.active_record_content!;
    const { api, user } = setup([certificate], {
      [`PATCH ${pathOf(certificate)}/record/${record.recordId}/approve`]: { body: approved({ status: 'valid' }) },
    });
    await user.click(within(await rowOf('Rossi')).getByRole('button', { name: 'Approva' }));
    await screen.findByRole('dialog', { name: 'Approva certificato' });
    await user.click(within(dialog('Approva certificato')).getByRole('button', { name: 'Approva' }));
    expect(within(dialog('Approva certificato')).getAllByText('Campo obbligatorio')).toHaveLength(2);
    expect(api.callsTo(`PATCH ${pathOf(certificate)}/record/${record.recordId}/approve`)).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Data di scadenza/), '30/09/2027');
    await user.type(screen.getByLabelText(/^Note/), 'Visita del medico sportivo');
    await user.click(within(dialog('Approva certificato')).getByRole('button', { name: 'Approva' }));
    expect(await screen.findByText('Certificato approvato con successo!')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${pathOf(certificate)}/record/${record.recordId}/approve`)[0]?.body).toEqual({
      end_date: '2027-09-30',
      notes: 'Visita del medico sportivo',
    });
  });

  it('reports a failed approval with the spec text', async () => {
    const certificate = makeCertificate();
    const { user } = setup([certificate], {
      [`PATCH ${pathOf(certificate)}/record/${certificate.active_record_content!.recordId}/approve`]: { status: 500, body: { message: 'boom' } },
    });
    await user.click(within(await rowOf('Rossi')).getByRole('button', { name: 'Approva' }));
    await user.type(await screen.findByLabelText(/^Data di scadenza/), '30/09/2027');
    await user.type(screen.getByLabelText(/^Note/), 'Ok');
    await user.click(within(dialog('Approva certificato')).getByRole('button', { name: 'Approva' }));
    expect(await screen.findByText("Errore durante l'approvazione del certificato.")).toBeInTheDocument();
  });

  it("says why an approval is refused: one's own certificate, an expiry beyond the type's validity", async () => {
    const certificate = makeCertificate();
    const path = `PATCH ${pathOf(certificate)}/record/${certificate.active_record_content!.recordId}/approve`;
    let answer = { status: 403, body: { code: 'CERTIFICATE_OWN_RECORD', message: 'x' } };
    const { user } = setup([certificate], { [path]: () => answer });
    await user.click(within(await rowOf('Rossi')).getByRole('button', { name: 'Approva' }));
    await user.type(await screen.findByLabelText(/^Data di scadenza/), '31/12/2099');
    await user.type(screen.getByLabelText(/^Note/), 'Ok');
    await user.click(within(dialog('Approva certificato')).getByRole('button', { name: 'Approva' }));
    expect(
      await screen.findByText('Non puoi approvare né modificare un tuo certificato: deve farlo un altro responsabile dei certificati.'),
    ).toBeInTheDocument();
    answer = {
      status: 400,
      body: {
        code: 'CERTIFICATE_END_DATE_TOO_FAR',
        message: 'La data di scadenza supera la validità della tipologia: al massimo il 28/02/2029 (12 mesi).',
      },
    };
    await user.click(within(dialog('Approva certificato')).getByRole('button', { name: 'Approva' }));
    expect(
      await screen.findByText('La data di scadenza supera la validità della tipologia: al massimo il 28/02/2029 (12 mesi).'),
    ).toBeInTheDocument();
  });

  it("edits the expiry date; 'No records found to update' is shown in Italian, other failures generically", async () => {
    const certificate = makeCertificate({ active_record_content: null, status: 'missing' });
    let answer: { status: number; body: unknown } = { status: 404, body: { code: 'NO_RECORDS_TO_UPDATE', message: 'No records found to update' } };
    const { api, user } = setup([certificate], { [`PATCH ${pathOf(certificate)}`]: () => answer });
    await user.click(within(await rowOf('Rossi')).getByRole('button', { name: 'Modifica' }));
    await user.type(await screen.findByLabelText(/^Data di scadenza/), '31/12/2027');
    await user.click(within(dialog('Modifica certificato')).getByRole('button', { name: 'Salva' }));
    expect(
      await screen.findByText('Non sono stati trovati record per aggiornare la data di scadenza. Assicurati di aver caricato un record'),
    ).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${pathOf(certificate)}`)[0]?.body).toEqual({ end_date: '2027-12-31' });

    answer = { status: 500, body: { message: 'boom' } };
    await user.click(within(dialog('Modifica certificato')).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Errore durante la modifica del certificato')).toBeInTheDocument();

    answer = { status: 200, body: certificate };
    await user.click(within(dialog('Modifica certificato')).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Certificato modificato con successo!')).toBeInTheDocument();
  });

  it('creates a certificate from a type and a user, both required', async () => {
    const { api, user } = setup([], { 'POST /certificate': { status: 201, body: makeCertificate() } });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi certificato' }));
    await screen.findByRole('dialog', { name: 'Aggiungi certificato' });
    await user.click(within(dialog('Aggiungi certificato')).getByRole('button', { name: 'Crea' }));
    expect(within(dialog('Aggiungi certificato')).getAllByText('Campo obbligatorio')).toHaveLength(2);
    expect(api.callsTo('POST /certificate')).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: /^Tipologia/ }));
    await user.click(await screen.findByRole('option', { name: /^Medico agonistico/ }));
    await user.click(screen.getByRole('combobox', { name: /^Utente/ }));
    await user.click(await screen.findByRole('option', { name: /^Bianchi Anna/ }));
    await user.click(within(dialog('Aggiungi certificato')).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Certificato creato con successo!')).toBeInTheDocument();
    expect(api.callsTo('POST /certificate')[0]?.body).toEqual({ type: TYPES[0]!._id, user: ANNA._id, notes: null });
    // The user selector is the picker certificates staff may read (spec 001 §7: GET /user?limit=500).
    expect(Object.fromEntries(api.callsTo('GET /user')[0]!.query)).toEqual({ limit: '500', reducedDetails: 'true' });
  });

  it('says when the user already has a certificate of that type', async () => {
    const { user } = setup([], { 'POST /certificate': { status: 409, body: { code: 'CERTIFICATE_EXISTS', message: 'exists' } } });
    await user.click(await screen.findByRole('button', { name: 'Aggiungi certificato' }));
    await user.click(await screen.findByRole('combobox', { name: /^Tipologia/ }));
    await user.click(await screen.findByRole('option', { name: /^Medico agonistico/ }));
    await user.click(screen.getByRole('combobox', { name: /^Utente/ }));
    await user.click(await screen.findByRole('option', { name: /^Rossi Mario/ }));
    await user.click(within(dialog('Aggiungi certificato')).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText("L'utente ha già un certificato di questa tipologia")).toBeInTheDocument();
  });

  it('uploads a file for a user: required, 5 MB, pdf or image, sent as multipart field file', async () => {
    const certificate = makeCertificate({ active_record_content: null, status: 'missing' });
    const { api, user } = setup([certificate], { [`POST ${pathOf(certificate)}`]: { status: 201, body: makeCertificate() } });
    await user.click(within(await rowOf('Rossi')).getByRole('button', { name: 'Carica file' }));
    await screen.findByRole('dialog', { name: 'Carica certificato' });
    await user.click(within(dialog('Carica certificato')).getByRole('button', { name: 'Carica' }));
    expect(await screen.findByText('Impossibile caricare il certificato: ID o file mancanti.')).toBeInTheDocument();
    expect(within(dialog('Carica certificato')).getByText('Campo obbligatorio')).toBeInTheDocument();

    await user.upload(screen.getByLabelText(/^File del certificato/), testFile(6 * 1024 * 1024, 'grande.pdf', 'application/pdf'));
    expect(await screen.findByText('Il file grande.pdf supera la dimensione massima di 5 MB')).toBeInTheDocument();
    await user.upload(screen.getByLabelText(/^File del certificato/), testFile(['x'], 'foglio.xlsx', 'application/vnd.ms-excel'));
    expect(await screen.findByText('Tipo di file non accettato: foglio.xlsx')).toBeInTheDocument();
    expect(api.callsTo(`POST ${pathOf(certificate)}`)).toHaveLength(0);

    await user.upload(screen.getByLabelText(/^File del certificato/), testFile(['%PDF-1.4'], 'visita.pdf', 'application/pdf'));
    await user.click(within(dialog('Carica certificato')).getByRole('button', { name: 'Carica' }));
    expect(await screen.findByText('Certificato caricato con successo!')).toBeInTheDocument();
    const body = api.callsTo(`POST ${pathOf(certificate)}`)[0]?.body as FormData;
    expect((body.get('file') as File).name).toBe('visita.pdf');
  });

  it('reports a refused upload with the spec text and the reason', async () => {
    const certificate = makeCertificate();
    const { user } = setup([certificate], {
      [`POST ${pathOf(certificate)}`]: {
        status: 400,
        body: { code: 'FILE_TYPE_NOT_ALLOWED', message: 'Il contenuto del file non è un PDF, PNG o JPEG' },
      },
    });
    await user.click(within(await rowOf('Rossi')).getByRole('button', { name: 'Carica file' }));
    await user.upload(await screen.findByLabelText(/^File del certificato/), testFile(['PK'], 'finto.pdf', 'application/pdf'));
    await user.click(within(dialog('Carica certificato')).getByRole('button', { name: 'Carica' }));
    expect(
      await screen.findByText('Errore durante il caricamento del certificato.: Il contenuto del file non è un PDF, PNG o JPEG'),
    ).toBeInTheDocument();
  });

  it('downloads the uploaded file by its URL', async () => {
    const certificate = makeCertificate();
    const record = certificate.active_record_content!;
    const clicked = captureDownloads();
    const { user } = setup([certificate], {
      [`GET ${pathOf(certificate)}/record/${record.recordId}/file`]: {
        body: 'pdf',
        headers: { 'content-disposition': 'attachment; filename="visita.pdf"' },
      },
    });
    await user.click(within(await rowOf('Rossi')).getByRole('button', { name: 'visita.pdf' }));
    expect(await screen.findByText('File scaricato con successo!')).toBeInTheDocument();
    expect(clicked.map((a) => a.download)).toEqual(['visita.pdf']);
  });

  it('deletes after the irreversible-operation warning and reloads the list', async () => {
    const certificate = makeCertificate();
    const { api, user } = setup([certificate], { [`DELETE ${pathOf(certificate)}`]: { status: 204 } });
    await user.click(within(await rowOf('Rossi')).getByRole('button', { name: 'Elimina' }));
    const confirm = await screen.findByRole('dialog', { name: 'Elimina certificato' });
    expect(confirm).toHaveTextContent("L'operazione non è reversibile");
    const listCalls = api.callsTo('GET /certificate').length;
    await user.click(within(confirm).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Certificato eliminato con successo!')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /certificate')).toHaveLength(listCalls + 1));
  });
});
