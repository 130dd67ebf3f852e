import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from 'shared-api';
import { renderApp } from '../../testing/render-app';
import { profileOf, sessionUser } from '../../testing/fixtures';
import type { Answer, ApiCall, Handler } from 'shared-ui/testing/api';
import type { ProfileCardProps } from 'shared-ui';
import { loadRemoteComponent } from '../../remotes/runtime';
import { resetLoadedComponents } from '../../remotes/RemoteComponent';

// jest cannot resolve federated imports: the module that calls loadRemote is the one replaced. The certificate card
// is mf_certificates' (its own tests cover it); here a stand-in shows what the shell hands it.
jest.mock('../../remotes/runtime', () => ({
  loadSlotOfferers: jest.fn(async () => []),
  loadSlot: jest.fn(),
  loadDomainRoutes: jest.fn(),
  loadRemoteComponent: jest.fn(),
}));
const loadComponent = loadRemoteComponent as jest.MockedFunction<typeof loadRemoteComponent>;

function StandInCard({ profile, refreshProfile }: ProfileCardProps) {
  return (
    <div data-testid="certificate-card">
      <span>Scadenza {profile.medical_certificate_expiration_date}</span>
      <button type="button" onClick={() => void refreshProfile()}>
        Aggiorna profilo
      </button>
    </div>
  );
}

beforeEach(() => {
  resetLoadedComponents();
  loadComponent.mockReset();
  loadComponent.mockResolvedValue(StandInCard as never);
});

const user = sessionUser();

/** A /user/me that reflects saved changes, as the real server would. */
function profileServer(patch: Handler = { body: {} }) {
  let stored: Profile = profileOf(user);
  return {
    'GET /user/me': () => ({ body: stored }),
    'PATCH /user/me': async (call: ApiCall) => {
      const answer = typeof patch === 'function' ? await patch(call) : patch;
      if (answer !== 'network-error' && (answer.status ?? 200) < 400) stored = { ...stored, ...(call.body as Partial<Profile>) };
      return answer;
    },
  };
}

async function openProfile(api: Record<string, Handler> = profileServer()) {
  const view = renderApp('/user/profile', { user, api });
  await screen.findByRole('heading', { name: 'Il tuo profilo, i tuoi dati' });
  await screen.findByDisplayValue('3331234567');
  return view;
}

const phone = () => screen.getByLabelText(/^Numero di telefono/);
const email = () => screen.getByLabelText(/^Email/);

test('the four cards show the member data', async () => {
  await openProfile();
  const personal = within(screen.getByRole('region', { name: 'Informazioni personali' }));
  expect(personal.getByText('Giulia')).toBeInTheDocument();
  expect(personal.getByText('BNCGLI90D52I726X')).toBeInTheDocument();
  expect(personal.getByText('Via Roma 12, Siena')).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Informazioni di accesso' })).getByDisplayValue(user.email)).toBeInTheDocument();
  const federation = within(screen.getByRole('region', { name: 'Dati federali' }));
  expect(federation.getByText('FT-102938')).toBeInTheDocument();
  expect(federation.getByText('Quarta categoria')).toBeInTheDocument();
  const registration = within(screen.getByRole('region', { name: 'Informazioni di iscrizione' }));
  expect(registration.getByText('Data di iscrizione')).toBeInTheDocument();
  // The certificate part is mf_certificates' './profile-card', handed the profile.
  expect(await registration.findByText('Scadenza 2031-06-30')).toBeInTheDocument();
  expect(loadComponent).toHaveBeenCalledWith('mf_certificates', 'profile-card', 0);
});

test("the certificate card can have the profile read again (after an upload changed the member's status)", async () => {
  const { server } = await openProfile();
  const reads = server.callsTo('GET /user/me').length;
  await userEvent.click(await screen.findByRole('button', { name: 'Aggiorna profilo' }));
  await waitFor(() => expect(server.callsTo('GET /user/me')).toHaveLength(reads + 1));
});

test('the profile works when the certificates app cannot be loaded; Riprova loads the card again', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  loadComponent.mockReset();
  loadComponent.mockRejectedValueOnce(new Error('ScriptNetworkError'));
  loadComponent.mockResolvedValueOnce(StandInCard as never);
  await openProfile();
  const registration = within(screen.getByRole('region', { name: 'Informazioni di iscrizione' }));
  const fallback = await registration.findByTestId('remote-fallback');
  expect(fallback).toHaveTextContent('Impossibile caricare il certificato medico.');
  // The rest of the profile keeps working.
  expect(registration.getByText('Data di iscrizione')).toBeInTheDocument();
  expect(phone()).toHaveValue('3331234567');
  await userEvent.click(within(fallback).getByRole('button', { name: 'Riprova' }));
  expect(await registration.findByTestId('certificate-card')).toBeInTheDocument();
  expect(loadComponent.mock.calls).toEqual([
    ['mf_certificates', 'profile-card', 0],
    ['mf_certificates', 'profile-card', 1],
  ]);
  jest.restoreAllMocks();
});

test('focus shows save and cancel; cancel restores the value and sends nothing', async () => {
  const { server } = await openProfile();
  expect(screen.queryByRole('button', { name: 'Salva modifiche' })).not.toBeInTheDocument();
  await userEvent.click(phone());
  expect(screen.getByRole('button', { name: 'Salva modifiche' })).toBeInTheDocument();
  await userEvent.clear(phone());
  await userEvent.type(phone(), '3470000000');
  await userEvent.click(screen.getByRole('button', { name: 'Annulla modifiche' }));
  expect(phone()).toHaveValue('3331234567');
  expect(screen.queryByRole('button', { name: 'Salva modifiche' })).not.toBeInTheDocument();
  expect(server.callsTo('PATCH /user/me')).toHaveLength(0);
});

test('clicking elsewhere reverts an unsaved edit', async () => {
  const { server } = await openProfile();
  await userEvent.clear(email());
  await userEvent.type(email(), 'nuova@example.it');
  await userEvent.click(screen.getByRole('heading', { name: 'Il tuo profilo, i tuoi dati' }));
  expect(email()).toHaveValue(user.email);
  expect(server.callsTo('PATCH /user/me')).toHaveLength(0);
});

test('save sends nothing when the value did not change', async () => {
  const { server } = await openProfile();
  await userEvent.click(phone());
  await userEvent.click(screen.getByRole('button', { name: 'Salva modifiche' }));
  expect(server.callsTo('PATCH /user/me')).toHaveLength(0);
});

test('save sends only the changed value and confirms', async () => {
  const { server } = await openProfile();
  await userEvent.clear(phone());
  await userEvent.type(phone(), '3470000000');
  await userEvent.click(screen.getByRole('button', { name: 'Salva modifiche' }));
  expect(await screen.findByText('Modifiche salvate con successo')).toBeInTheDocument();
  expect(server.callsTo('PATCH /user/me').map((c) => c.body)).toEqual([{ phone_number: '3470000000' }]);
  expect(phone()).toHaveValue('3470000000');
});

test('an invalid e-mail is not sent', async () => {
  const { server } = await openProfile();
  await userEvent.clear(email());
  await userEvent.type(email(), 'giulia@');
  await userEvent.click(screen.getByRole('button', { name: 'Salva modifiche' }));
  expect(screen.getByText('Inserisci un indirizzo email valido')).toBeInTheDocument();
  expect(server.callsTo('PATCH /user/me')).toHaveLength(0);
});

test('a server refusal rolls the value back', async () => {
  await openProfile(profileServer({ status: 409, body: { message: 'Email already used' } }));
  await userEvent.clear(email());
  await userEvent.type(email(), 'presa@example.it');
  await userEvent.click(screen.getByRole('button', { name: 'Salva modifiche' }));
  expect(await screen.findByText('Errore durante il salvataggio delle modifiche. Riprova più tardi.')).toBeInTheDocument();
  await waitFor(() => expect(email()).toHaveValue(user.email));
});

test('a network failure rolls the value back with its own message', async () => {
  await openProfile(profileServer('network-error'));
  await userEvent.clear(phone());
  await userEvent.type(phone(), '3470000000{Enter}');
  expect(await screen.findByText('Errore di rete durante il salvataggio delle modifiche. Riprova più tardi.')).toBeInTheDocument();
  await waitFor(() => expect(phone()).toHaveValue('3331234567'));
});

describe('an e-mail change the server wants confirmed with the password (REAUTH_REQUIRED)', () => {
  /** Refuses a new e-mail until POST /auth/verifypassword succeeded, as the server does. */
  function reauthServer() {
    let verified = false;
    const profile = profileServer(({ body }) =>
      (body as { email?: string }).email !== undefined && !verified
        ? { status: 403, body: { code: 'REAUTH_REQUIRED', message: 'Per continuare conferma la tua password attuale.' } }
        : { body: {} },
    );
    return {
      ...profile,
      'POST /auth/verifypassword': ({ body }: ApiCall) => {
        verified = (body as { password: string }).password === 'attuale123';
        return { body: { correct: verified } };
      },
    };
  }

  test('asks the password, then saves the e-mail', async () => {
    const { server } = await openProfile(reauthServer());
    await userEvent.clear(email());
    await userEvent.type(email(), 'nuova@example.it{Enter}');
    const dialog = within(await screen.findByRole('dialog', { name: 'Conferma la tua password' }));
    expect(email()).toHaveValue(user.email);
    expect(screen.queryByText('Errore durante il salvataggio delle modifiche. Riprova più tardi.')).not.toBeInTheDocument();

    await userEvent.type(dialog.getByLabelText(/^Password attuale/), 'sbagliata1{Enter}');
    expect(await dialog.findByText('Password errata, riprova')).toBeInTheDocument();
    await userEvent.clear(dialog.getByLabelText(/^Password attuale/));
    await userEvent.type(dialog.getByLabelText(/^Password attuale/), 'attuale123{Enter}');

    expect(await screen.findByText('Modifiche salvate con successo')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(email()).toHaveValue('nuova@example.it'));
    expect(server.callsTo('PATCH /user/me').map((c) => c.body)).toEqual([{ email: 'nuova@example.it' }, { email: 'nuova@example.it' }]);
  });

  test('cancelling keeps the old e-mail and sends nothing more', async () => {
    const { server } = await openProfile(reauthServer());
    await userEvent.clear(email());
    await userEvent.type(email(), 'nuova@example.it{Enter}');
    const dialog = within(await screen.findByRole('dialog', { name: 'Conferma la tua password' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Annulla' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(email()).toHaveValue(user.email);
    expect(server.callsTo('PATCH /user/me')).toHaveLength(1);
    expect(server.callsTo('POST /auth/verifypassword')).toHaveLength(0);
  });
});

describe("the 'Modifica password' dialog", () => {
  async function openDialog(api: Record<string, Handler> = {}) {
    const view = await openProfile({ ...profileServer(), ...api });
    await userEvent.click(screen.getByRole('button', { name: 'Modifica password' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Modifica password' }));
    expect(dialog.getByText('Sei sicuro di voler modificare la password?')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Conferma' }));
    return { ...view, dialog };
  }

  test('confirm, verify the old password, set the new one', async () => {
    const { server, dialog } = await openDialog({
      'POST /auth/verifypassword': ({ body }) => ({ body: { correct: (body as { password: string }).password === 'vecchia123' } }),
      'PATCH /auth/updatepassword/me': { body: { status: 'success' } },
    });
    await userEvent.click(dialog.getByRole('button', { name: 'Verifica' }));
    expect(dialog.getByText('Campo obbligatorio')).toBeInTheDocument();
    expect(server.callsTo('POST /auth/verifypassword')).toHaveLength(0);

    await userEvent.type(dialog.getByLabelText(/^Password attuale/), 'sbagliata1{Enter}');
    expect(await dialog.findByText('Password errata, riprova')).toBeInTheDocument();

    await userEvent.clear(dialog.getByLabelText(/^Password attuale/));
    await userEvent.type(dialog.getByLabelText(/^Password attuale/), 'vecchia123{Enter}');
    expect(await dialog.findByLabelText(/^Nuova password/)).toBeInTheDocument();

    await userEvent.type(dialog.getByLabelText(/^Nuova password/), 'nuovissima1');
    await userEvent.type(dialog.getByLabelText(/^Ripeti la nuova password/), 'nuovissima2');
    await userEvent.click(dialog.getByRole('button', { name: 'Salva' }));
    expect(dialog.getByText('Le password non coincidono, riprova')).toBeInTheDocument();
    expect(server.callsTo('PATCH /auth/updatepassword/me')).toHaveLength(0);

    // Two equal passwords that are too short: the contract's rule speaks, nothing is sent.
    for (const label of [/^Nuova password/, /^Ripeti la nuova password/]) {
      await userEvent.clear(dialog.getByLabelText(label));
      await userEvent.type(dialog.getByLabelText(label), 'corta');
    }
    await userEvent.click(dialog.getByRole('button', { name: 'Salva' }));
    expect(await dialog.findByText('La password deve contenere almeno 8 caratteri')).toBeInTheDocument();
    expect(server.callsTo('PATCH /auth/updatepassword/me')).toHaveLength(0);

    // Eight spaces: long enough, but blank; the contract refuses them too.
    for (const label of [/^Nuova password/, /^Ripeti la nuova password/]) {
      await userEvent.clear(dialog.getByLabelText(label));
      await userEvent.type(dialog.getByLabelText(label), '        ');
    }
    await userEvent.click(dialog.getByRole('button', { name: 'Salva' }));
    expect(await dialog.findByText('La password non può essere vuota o composta solo da spazi')).toBeInTheDocument();
    expect(server.callsTo('PATCH /auth/updatepassword/me')).toHaveLength(0);

    for (const label of [/^Nuova password/, /^Ripeti la nuova password/]) await userEvent.clear(dialog.getByLabelText(label));
    await userEvent.type(dialog.getByLabelText(/^Nuova password/), 'nuovissima1');
    await userEvent.type(dialog.getByLabelText(/^Ripeti la nuova password/), 'nuovissima1{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('PATCH /auth/updatepassword/me')[0]?.body).toEqual({ newPassword: 'nuovissima1' });
    expect(server.callsTo('POST /auth/verifypassword').map((c) => c.body)).toEqual([{ password: 'sbagliata1' }, { password: 'vecchia123' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Modifica password' }));
    expect(screen.getByText('Sei sicuro di voler modificare la password?')).toBeInTheDocument();
  });

  test('a failed check and a failed update have their messages', async () => {
    let verifyAnswer: Answer = { status: 500, body: {} };
    const { dialog } = await openDialog({
      'POST /auth/verifypassword': () => verifyAnswer,
      'PATCH /auth/updatepassword/me': { status: 500, body: { message: 'boom' } },
    });
    await userEvent.type(dialog.getByLabelText(/^Password attuale/), 'vecchia123{Enter}');
    expect(await screen.findByText('Errore nella verifica della password.')).toBeInTheDocument();

    verifyAnswer = { body: { correct: true } };
    await userEvent.click(dialog.getByRole('button', { name: 'Verifica' }));
    await userEvent.type(await dialog.findByLabelText(/^Nuova password/), 'nuovissima1');
    await userEvent.type(dialog.getByLabelText(/^Ripeti la nuova password/), 'nuovissima1{Enter}');
    expect(await screen.findAllByText("Errore durante l'aggiornamento della password.")).not.toHaveLength(0);
    expect(dialog.getByLabelText(/^Ripeti la nuova password/)).toHaveAttribute('aria-invalid', 'true');
  });

  test('neither Escape nor × closes it while its request runs', async () => {
    let answer!: (a: Answer) => void;
    const { dialog } = await openDialog({ 'POST /auth/verifypassword': () => new Promise<Answer>((res) => (answer = res)) });
    await userEvent.type(dialog.getByLabelText(/^Password attuale/), 'vecchia123{Enter}');
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Verifica' })).toBeDisabled());
    expect(dialog.getByRole('button', { name: 'Chiudi' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Modifica password' })).toBeInTheDocument();
    answer({ body: { correct: true } });
    expect(await dialog.findByLabelText(/^Nuova password/)).toBeInTheDocument();
  });

  test('Escape closes and clears everything; Enter confirms the first step', async () => {
    const { dialog } = await openDialog({ 'POST /auth/verifypassword': { body: { correct: false } } });
    await userEvent.type(dialog.getByLabelText(/^Password attuale/), 'qualcosa1');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Modifica password' }));
    expect(screen.getByText('Sei sicuro di voler modificare la password?')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByLabelText(/^Password attuale/)).toHaveValue('');
    expect(screen.getByLabelText(/^Password attuale/)).toHaveFocus();
  });
});

test('Logout: toast and /login; /login even when the server fails', async () => {
  const { server } = await openProfile({ ...profileServer(), 'POST /auth/logout': { status: 204 } });
  await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
  expect(await screen.findByText('Logout effettuato con successo!')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
  expect(server.callsTo('POST /auth/logout')).toHaveLength(1);
});

test('a failed logout still leads to /login', async () => {
  await openProfile({ ...profileServer(), 'POST /auth/logout': { status: 500, body: { message: 'boom' } } });
  await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
  expect(await screen.findByText('Errore durante il logout.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
});
