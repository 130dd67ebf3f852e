import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from 'shared-api';
import { renderApp } from '../../testing/render-app';
import { sessionUser } from '../../testing/fixtures';
import { reloadPage } from './reload-page';

// jsdom cannot reload a page: the one-line module that does it is replaced.
jest.mock('./reload-page', () => ({ reloadPage: jest.fn() }));
const reload = reloadPage as jest.MockedFunction<typeof reloadPage>;

const pending = sessionUser({ has_accepted_terms: false, permissions: ['*'] });

beforeEach(() => reload.mockReset());

async function openGate(api = {}) {
  const view = renderApp('/', { user: pending, api });
  const gate = await screen.findByTestId('terms-gate');
  return { ...view, gate: within(gate) };
}

test('blocks a user who has not accepted: the error shows and no permission is granted', async () => {
  const { server, gate } = await openGate();
  expect(gate.getByText('Devi accettare i termini e le condizioni per continuare.')).toBeInTheDocument();
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  expect(useAuthStore.getState().permissions).toEqual([]);
  expect(server.callsTo('GET /user/me')).toHaveLength(0);

  await userEvent.keyboard('{Escape}');
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  // Only Accetta and Esci end it: no '×' that never works.
  expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'Chiudi' })).not.toBeInTheDocument();
});

test('both boxes are required, flagged only after pressing accept', async () => {
  const { server, gate } = await openGate();
  expect(gate.queryByText('Campo obbligatorio')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Accetta' }));
  expect(gate.getAllByText('Campo obbligatorio')).toHaveLength(2);
  await userEvent.click(gate.getByLabelText(/informativa sulla privacy/));
  await userEvent.click(screen.getByRole('button', { name: 'Accetta' }));
  expect(gate.getAllByText('Campo obbligatorio')).toHaveLength(1);
  expect(server.callsTo('POST /auth/accept-terms')).toHaveLength(0);
});

test('accepting sends both flags, confirms and reloads the page', async () => {
  const { server, gate } = await openGate({ 'POST /auth/accept-terms': { body: { status: 'success' } } });
  await userEvent.click(gate.getByLabelText(/informativa sulla privacy/));
  await userEvent.click(gate.getByLabelText(/regolamento/));
  await userEvent.click(screen.getByRole('button', { name: 'Accetta' }));
  expect(
    await screen.findByText('I termini sono stati accettati correttamente. Ricarica la pagina manualmente se non venisse fatto automaticamente.'),
  ).toBeInTheDocument();
  expect(server.callsTo('POST /auth/accept-terms')[0]?.body).toEqual({ privacy_policy: true, regulations: true });
  expect(reload).toHaveBeenCalledTimes(1);
});

test('a failure says to try again and does not reload', async () => {
  const { gate } = await openGate({ 'POST /auth/accept-terms': { status: 500, body: { message: 'boom' } } });
  await userEvent.click(gate.getByLabelText(/informativa sulla privacy/));
  await userEvent.click(gate.getByLabelText(/regolamento/));
  await userEvent.click(screen.getByRole('button', { name: 'Accetta' }));
  expect(await screen.findByText("Errore durante l'invio, riprova")).toBeInTheDocument();
  expect(reload).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Accetta' })).toBeEnabled();
});

test('each document can be downloaded as a PDF', async () => {
  URL.createObjectURL = jest.fn(() => 'blob:pdf');
  URL.revokeObjectURL = jest.fn();
  const saved: string[] = [];
  // jsdom cannot follow a download link: record the file name the browser would save instead.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const pdf = { body: 'pdf' };
  const { server, gate } = await openGate({ 'GET /pdf/privacy-policy': pdf, 'GET /pdf/regulations': { status: 404, body: { message: 'missing' } } });
  await userEvent.click(gate.getByRole('button', { name: "Scarica l'informativa sulla privacy (PDF)" }));
  await waitFor(() => expect(saved).toEqual(['informativa_privacy']));
  expect(server.callsTo('GET /pdf/privacy-policy')).toHaveLength(1);
  await userEvent.click(gate.getByRole('button', { name: 'Scarica il regolamento (PDF)' }));
  expect(await screen.findByText('Errore durante il download del file. Assicurati che il file sia disponibile e riprova.')).toBeInTheDocument();
});

test('a user whose terms are accepted never sees the gate', async () => {
  renderApp('/', { user: sessionUser() });
  await screen.findByRole('heading', { name: 'Ciao Giulia!' });
  expect(screen.queryByTestId('terms-gate')).not.toBeInTheDocument();
});
