import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from 'shared-api';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { captureDownloads, makeProfile, testFile } from '../../../test/fixtures';
import { MedicalCertificateCard } from '../components/MedicalCertificateCard';

function setup(profile: Partial<Profile> = {}, handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi(handlers);
  const refreshProfile = jest.fn(() => Promise.resolve());
  const user = userEvent.setup({ applyAccept: false });
  const me = makeProfile(profile);
  renderWithProviders(<MedicalCertificateCard profile={me} refreshProfile={refreshProfile} />, { route: '/user/profile' });
  return { api, user, refreshProfile, me };
}

const card = () => within(screen.getByRole('region', { name: 'Certificato medico' }));
const uploadButton = () => card().getByRole('button', { name: /^Carica(to)?$/ });

afterEach(() => jest.restoreAllMocks());

describe("the member's medical certificate on the profile", () => {
  it('not uploaded: says so and offers Carica', () => {
    setup({ medical_certificate_status: 'not_uploaded' });
    expect(screen.getByTestId('medical-status')).toHaveTextContent('Non caricato');
    expect(card().getByText('—')).toBeInTheDocument();
    expect(uploadButton()).toHaveTextContent('Carica');
    expect(uploadButton()).toBeEnabled();
    expect(uploadButton()).not.toHaveAccessibleDescription();
  });

  it('awaiting approval: the upload is disabled with its tooltip', () => {
    setup({ medical_certificate_status: 'not_approved' });
    expect(screen.getByTestId('medical-status')).toHaveTextContent('In attesa di approvazione');
    expect(uploadButton()).toHaveTextContent('Carica');
    expect(uploadButton()).toBeDisabled();
    expect(uploadButton()).toHaveAccessibleDescription('Il certificato caricato è in attesa di approvazione');
    expect(uploadButton().parentElement).toHaveAttribute('title', 'Il certificato caricato è in attesa di approvazione');
  });

  it('approved: Caricato, with the expiry date', () => {
    setup({ medical_certificate_status: 'approved', medical_certificate_expiration_date: '2027-09-30' });
    expect(screen.getByTestId('medical-status')).toHaveTextContent('Approvato');
    expect(card().getByText('30/09/2027')).toBeInTheDocument();
    expect(uploadButton()).toHaveTextContent('Caricato');
    expect(uploadButton()).toBeEnabled();
  });

  it('expired: Carica, with the tooltip asking for a new certificate', () => {
    setup({ medical_certificate_status: 'expired', medical_certificate_expiration_date: '2026-01-31' });
    expect(screen.getByTestId('medical-status')).toHaveTextContent('Scaduto');
    expect(uploadButton()).toHaveTextContent('Carica');
    expect(uploadButton()).toBeEnabled();
    expect(uploadButton()).toHaveAccessibleDescription('Certificato scaduto, carica un nuovo certificato');
  });

  it('uploads a pdf as multipart field file, then reads the profile again', async () => {
    const { api, user, refreshProfile } = setup({}, { 'POST /certificate/medical/user/me': { status: 201, body: { status: 'success' } } });
    await user.click(uploadButton());
    const dialog = await screen.findByRole('dialog', { name: 'Carica certificato medico' });
    await user.click(within(dialog).getByRole('button', { name: 'Carica' }));
    expect(await screen.findByText('Impossibile caricare il certificato: file mancante.')).toBeInTheDocument();
    expect(api.callsTo('POST /certificate/medical/user/me')).toHaveLength(0);

    await user.upload(screen.getByLabelText(/^File del certificato medico/), testFile(6 * 1024 * 1024, 'grande.pdf', 'application/pdf'));
    expect(await screen.findByText('Il file grande.pdf supera la dimensione massima di 5 MB')).toBeInTheDocument();
    await user.upload(screen.getByLabelText(/^File del certificato medico/), testFile(['GIF89a'], 'foto.gif', 'image/gif'));
    expect(await screen.findByText('Tipo di file non accettato: foto.gif')).toBeInTheDocument();

    await user.upload(screen.getByLabelText(/^File del certificato medico/), testFile(['%PDF-1.4'], 'visita.pdf', 'application/pdf'));
    await user.click(within(dialog).getByRole('button', { name: 'Carica' }));
    expect(await screen.findByText('Certificato caricato con successo!')).toBeInTheDocument();
    const body = api.callsTo('POST /certificate/medical/user/me')[0]?.body as FormData;
    expect((body.get('file') as File).name).toBe('visita.pdf');
    expect(refreshProfile).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Carica certificato medico' })).not.toBeInTheDocument();
  });

  it('a refused upload says so and keeps the dialog and the file', async () => {
    const { user, refreshProfile } = setup({}, { 'POST /certificate/medical/user/me': { status: 500, body: { message: 'boom' } } });
    await user.click(uploadButton());
    await user.upload(await screen.findByLabelText(/^File del certificato medico/), testFile(['%PDF-1.4'], 'visita.pdf', 'application/pdf'));
    await user.click(within(screen.getByRole('dialog', { name: 'Carica certificato medico' })).getByRole('button', { name: 'Carica' }));
    expect(await screen.findByText('Errore durante il caricamento del certificato.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Carica certificato medico' })).toHaveTextContent('visita.pdf');
    expect(refreshProfile).not.toHaveBeenCalled();
  });

  it('downloads the latest upload as certificato_{id}; without one says no certificate was found', async () => {
    const clicked = captureDownloads();
    let answer: { status?: number; body: unknown; headers?: Record<string, string> } = {
      status: 404,
      body: { code: 'MEDICAL_CERTIFICATE_NOT_FOUND', message: 'Medical certificate not found' },
    };
    const { user, me } = setup({}, { [`GET /certificate/user/${makeProfile()._id}/medical/file`]: () => answer });
    await user.click(card().getByRole('button', { name: 'Scarica certificato' }));
    expect(await screen.findByText('Non è stato trovato alcun certificato medico attivo per questo utente.')).toBeInTheDocument();
    expect(clicked).toHaveLength(0);

    answer = { body: '%PDF', headers: { 'content-type': 'application/pdf' } };
    await user.click(card().getByRole('button', { name: 'Scarica certificato' }));
    expect(await screen.findByText('File scaricato con successo!')).toBeInTheDocument();
    expect(clicked.map((a) => a.download)).toEqual([`certificato_${me._id}.pdf`]);
  });

  it('downloads the agonistic and non-agonistic request forms', async () => {
    const clicked = captureDownloads();
    const pdf = { body: '%PDF', headers: { 'content-type': 'application/pdf' } };
    const { api, user } = setup({}, { 'GET /pdf/medical-request/agonistic': pdf, 'GET /pdf/medical-request/non-agonistic': pdf });
    await user.click(card().getByRole('button', { name: 'Modulo certificato agonistico' }));
    await user.click(card().getByRole('button', { name: 'Modulo certificato non agonistico' }));
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(clicked.map((a) => a.download)).toEqual(['modulo_certificato_agonistico.pdf', 'modulo_certificato_non_agonistico.pdf']);
    expect(api.callsTo('GET /pdf/medical-request/agonistic')).toHaveLength(1);
  });
});
