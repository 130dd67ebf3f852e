import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureDownloads } from 'shared-ui/testing';
import { renderApp } from '../../testing/render-app';
import { profileOf, sessionUser } from '../../testing/fixtures';
import { loadRemoteComponent } from '../../remotes/runtime';

jest.mock('../../remotes/runtime', () => ({
  loadSlotOfferers: jest.fn(async () => []),
  loadSlot: jest.fn(),
  loadDomainRoutes: jest.fn(),
  loadRemoteComponent: jest.fn(),
}));
(loadRemoteComponent as jest.MockedFunction<typeof loadRemoteComponent>).mockResolvedValue((() => null) as never);

const user = sessionUser();
const clicked = captureDownloads();

const card = async () => within(await screen.findByRole('region', { name: 'I tuoi dati' }, { timeout: 10_000 }));

test("'Scarica i miei dati' downloads the member's ZIP under the server's name", async () => {
  const { server } = renderApp('/user/profile', {
    user,
    api: {
      'GET /user/me': () => ({ body: profileOf(user) }),
      'GET /user/me/export': () => ({
        body: 'zip',
        headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="dati-Rossi-Mario.zip"' },
      }),
    },
  });
  await userEvent.click((await card()).getByRole('button', { name: 'Scarica i miei dati' }));
  expect(await screen.findByText('File scaricato con successo!')).toBeInTheDocument();
  expect(server.callsTo('GET /user/me/export')).toHaveLength(1);
  await waitFor(() => expect(clicked.map((a) => a.download)).toEqual(['dati-Rossi-Mario.zip']));
});

test('a failed download says so and the button works again', async () => {
  renderApp('/user/profile', {
    user,
    api: { 'GET /user/me': () => ({ body: profileOf(user) }), 'GET /user/me/export': () => ({ status: 500, body: { message: 'errore' } }) },
  });
  const button = (await card()).getByRole('button', { name: 'Scarica i miei dati' });
  await userEvent.click(button);
  expect(await screen.findByText('Errore durante il download del file. Assicurati che il file sia disponibile e riprova.')).toBeInTheDocument();
  await waitFor(() => expect(button).toBeEnabled());
  expect(clicked).toHaveLength(0);
});
