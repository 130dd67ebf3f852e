import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Enrollment, TrainingGroup } from 'shared-api';
import { clubToday } from 'shared-ui';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { GROUP_USERS, TRAINER, makeEnrollment, makeTrainingGroup, uuid } from '../../../test/fixtures';
import { list } from '../../../test/handlers';
import { TrainingGroupsPage } from '../components/TrainingGroupsPage';

const GROUP = makeTrainingGroup();
const GIULIA = makeEnrollment();
const participantsPath = (g: TrainingGroup) => `GET /user/training-group/${g._id}/participants`;

function setup(
  groups: TrainingGroup[] = [GROUP],
  participants: Record<string, Enrollment[]> = { [GROUP._id]: [GIULIA] },
  extra: Parameters<typeof mockApi>[0] = {},
) {
  const api = mockApi({
    'GET /user/training-group': list(groups),
    ...Object.fromEntries(groups.map((g) => [participantsPath(g), { body: { data: participants[g._id] ?? [] } }])),
    'GET /user': list(GROUP_USERS),
    ...extra,
  });
  const user = userEvent.setup();
  renderWithProviders(<TrainingGroupsPage />, { route: '/registry/users/training-groups' });
  return { api, user };
}

const card = async (title: string) => screen.findByRole('region', { name: title });
const dialog = (name: string) => screen.getByRole('dialog', { name });

describe('Gruppi di allenamento', () => {
  it('shows a card per group with trainer, week days, time range, maximum and its participants', async () => {
    const expired = makeEnrollment({
      _id: uuid(601),
      trainee: { _id: uuid(411), name: 'Luca', surname: 'Ferrari', medical_certificate: { current_end_date: '2025-01-31', status: 'expired' } },
      cost: 20,
    });
    const { api } = setup([GROUP], { [GROUP._id]: [GIULIA, expired] });
    const group = await card('Agonisti serie C');
    expect(within(group).getByText('Rossi Marco')).toBeInTheDocument();
    expect(within(group).getByText('Lunedì, Mercoledì')).toBeInTheDocument();
    expect(within(group).getByText('18:00–19:30')).toBeInTheDocument();
    expect(within(group).getByText('8')).toBeInTheDocument();

    const table = await within(group).findByRole('table', { name: 'Partecipanti di Agonisti serie C' });
    const giulia = within(table).getByRole('cell', { name: 'Bianchi Giulia' }).closest('tr') as HTMLElement;
    expect(within(giulia).getByText('31/03/2027')).toBeInTheDocument();
    expect(within(giulia).getByText('Valido')).toHaveClass('ui-badge--success');
    expect(within(giulia).getByText('35,50 €')).toBeInTheDocument();
    expect(within(giulia).getByText('15/09/2026')).toBeInTheDocument();
    const luca = within(table).getByRole('cell', { name: 'Ferrari Luca' }).closest('tr') as HTMLElement;
    expect(within(luca).getByText('Scaduto')).toHaveClass('ui-badge--danger');
    expect(within(luca).getByText('20,00 €')).toBeInTheDocument();
    expect(api.callsTo('GET /user/training-group')[0]?.query.get('limit')).toBe('12');
  });

  it("says the load failed, as every list does, with 'Ricarica'", async () => {
    setup([], {}, { 'GET /user/training-group': { status: 503, body: { message: 'Servizio non disponibile' } } });
    expect(await screen.findAllByText('Errore durante il recupero dei dati.')).not.toHaveLength(0);
    expect(await screen.findByRole('button', { name: 'Ricarica' })).toBeInTheDocument();
  });

  it('requires trainer, week days, times and maximum, then creates the group', async () => {
    const created = makeTrainingGroup({ _id: uuid(501), description: 'Corso principianti', week_days: [2, 4], enrollments: 0 });
    const { api, user } = setup([], {}, { 'POST /user/training-group': { status: 201, body: created } });
    expect(await screen.findByText('Nessun gruppo di allenamento: aggiungine uno.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aggiungi gruppo' }));
    const form = await screen.findByRole('dialog', { name: 'Aggiungi gruppo di allenamento' });
    await user.click(within(form).getByRole('button', { name: 'Crea' }));
    expect(within(form).getAllByText('Campo obbligatorio')).toHaveLength(5);
    expect(api.callsTo('POST /user/training-group')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Descrizione/), 'Corso principianti');
    await user.click(within(form).getByRole('combobox', { name: /^Allenatore/ }));
    await user.click(await screen.findByRole('option', { name: /Rossi Marco/ }));
    await user.click(within(form).getByRole('combobox', { name: /^Giorni della settimana/ }));
    await user.click(screen.getByRole('option', { name: 'Giovedì' }));
    await user.click(screen.getByRole('option', { name: 'Martedì' }));
    await user.click(within(form).getByRole('combobox', { name: /^Giorni della settimana/ }));
    await user.type(within(form).getByLabelText(/^Ora di inizio/), '19:30');
    await user.type(within(form).getByLabelText(/^Ora di fine/), '18:00');
    await user.type(within(form).getByLabelText(/^Numero massimo di partecipanti/), '10');
    await user.click(within(form).getByRole('button', { name: 'Crea' }));
    // The contract's rule, the one the server applies too.
    expect(await within(form).findByText("L'ora di fine deve essere successiva all'ora di inizio")).toBeInTheDocument();
    expect(api.callsTo('POST /user/training-group')).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/^Ora di fine/));
    await user.type(within(form).getByLabelText(/^Ora di fine/), '21:00');
    await user.click(within(form).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Gruppo di allenamento creato con successo!')).toBeInTheDocument();
    expect(api.callsTo('POST /user/training-group')[0]?.body).toEqual({
      description: 'Corso principianti',
      trainer: TRAINER._id,
      // As the contract reads them: in order, once each.
      week_days: [2, 4],
      start_time: '19:30',
      end_time: '21:00',
      max_trainees: 10,
    });
    // The picker read only what it needs, of active users.
    const picker = api.callsTo('GET /user')[0]?.query;
    expect([picker?.get('reducedDetails'), picker?.get('onlyEnabled'), picker?.get('limit')]).toEqual(['true', 'true', '300']);
  });

  it('edits a group', async () => {
    const { api, user } = setup(undefined, undefined, { [`PATCH /user/training-group/${GROUP._id}`]: { body: { ...GROUP, max_trainees: 12 } } });
    await user.click(within(await card('Agonisti serie C')).getByRole('button', { name: 'Modifica Agonisti serie C' }));
    const form = await screen.findByRole('dialog', { name: 'Modifica gruppo di allenamento' });
    const max = within(form).getByLabelText(/^Numero massimo di partecipanti/);
    await user.clear(max);
    await user.type(max, '12');
    await user.click(within(form).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Gruppo di allenamento modificato con successo!')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /user/training-group/${GROUP._id}`)[0]?.body).toEqual({
      description: 'Agonisti serie C',
      trainer: TRAINER._id,
      week_days: [1, 3],
      start_time: '18:00',
      end_time: '19:30',
      max_trainees: 12,
    });
  });

  it('refuses to delete a group with participants with the Italian text of the spec', async () => {
    const { user } = setup(undefined, undefined, {
      [`DELETE /user/training-group/${GROUP._id}`]: {
        status: 409,
        body: { code: 'TRAINING_GROUP_HAS_ENROLLMENTS', message: 'Cannot delete training group as it has active enrollments' },
      },
    });
    await user.click(within(await card('Agonisti serie C')).getByRole('button', { name: 'Elimina Agonisti serie C' }));
    const confirm = await screen.findByRole('dialog', { name: 'Elimina gruppo di allenamento' });
    expect(confirm).toHaveTextContent("L'operazione non è reversibile");
    await user.click(within(confirm).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Impossibile eliminare il gruppo di allenamento, ha ancora partecipanti iscritti')).toBeInTheDocument();
    expect(dialog('Elimina gruppo di allenamento')).toBeInTheDocument();
  });

  it('deletes a group without participants and reloads the cards', async () => {
    const empty = makeTrainingGroup({ enrollments: 0 });
    const { api, user } = setup([empty], { [empty._id]: [] }, { [`DELETE /user/training-group/${empty._id}`]: { status: 204 } });
    const group = await card('Agonisti serie C');
    expect(await within(group).findByText('Nessun partecipante iscritto')).toBeInTheDocument();
    const loads = api.callsTo('GET /user/training-group').length;
    await user.click(within(group).getByRole('button', { name: 'Elimina Agonisti serie C' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Elimina gruppo di allenamento' })).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Gruppo di allenamento eliminato con successo!')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /user/training-group').length).toBeGreaterThan(loads));
  });

  it('adds a participant with monthly fee and enrollment date', async () => {
    const luca = nthUser(1);
    const { api, user } = setup(undefined, undefined, {
      [`POST /user/training-group/${GROUP._id}/user/${luca._id}`]: { status: 201, body: makeEnrollment({ _id: uuid(602) }) },
    });
    await user.click(within(await card('Agonisti serie C')).getByRole('button', { name: 'Aggiungi partecipante a Agonisti serie C' }));
    const form = await screen.findByRole('dialog', { name: 'Aggiungi partecipante' });
    expect(within(form).getByLabelText(/^Data di iscrizione/)).not.toHaveValue('');
    await user.click(within(form).getByRole('button', { name: 'Aggiungi' }));
    expect(within(form).getAllByText('Campo obbligatorio')).toHaveLength(2);

    await user.click(within(form).getByRole('combobox', { name: /^Partecipante/ }));
    await user.click(await screen.findByRole('option', { name: /Ferrari Luca/ }));
    await user.type(within(form).getByLabelText(/^Quota mensile/), '40,50');
    await user.click(within(form).getByRole('button', { name: 'Aggiungi' }));
    expect(await screen.findByText('Partecipante aggiunto con successo!')).toBeInTheDocument();
    expect(api.callsTo(`POST /user/training-group/${GROUP._id}/user/${luca._id}`)[0]?.body).toEqual({ cost: 40.5, enrollment_date: clubToday() });
  });

  it.each([
    ['TRAINING_GROUP_FULL', 'Il gruppo di allenamento ha già raggiunto il numero massimo di partecipanti (8)'],
    ['ALREADY_ENROLLED', "L'utente è già iscritto a questo gruppo di allenamento"],
  ])('shows why an enrollment is refused (%s)', async (code, message) => {
    const giulia = nthUser(0);
    const { user } = setup(undefined, undefined, {
      [`POST /user/training-group/${GROUP._id}/user/${giulia._id}`]: { status: 409, body: { code, message } },
    });
    await user.click(within(await card('Agonisti serie C')).getByRole('button', { name: 'Aggiungi partecipante a Agonisti serie C' }));
    const form = await screen.findByRole('dialog', { name: 'Aggiungi partecipante' });
    await user.click(within(form).getByRole('combobox', { name: /^Partecipante/ }));
    await user.click(await screen.findByRole('option', { name: /Bianchi Giulia/ }));
    await user.type(within(form).getByLabelText(/^Quota mensile/), '30');
    await user.click(within(form).getByRole('button', { name: 'Aggiungi' }));
    expect(
      await screen.findByText(`Si è verificato un errore durante l'aggiunta del partecipante al gruppo di allenamento: ${message}`),
    ).toBeInTheDocument();
    expect(dialog('Aggiungi partecipante')).toBeInTheDocument();
  });

  it("edits a participant's fee and removes a participant after confirmation", async () => {
    const { api, user } = setup(undefined, undefined, {
      [`PATCH /user/training-group/enrollment/${GIULIA._id}`]: { body: { ...GIULIA, cost: 45 } },
      [`DELETE /user/training-group/${GROUP._id}/user/${GIULIA.trainee._id}`]: { status: 204 },
    });
    const group = await card('Agonisti serie C');
    await user.click(await within(group).findByRole('button', { name: 'Modifica Bianchi Giulia' }));
    const form = await screen.findByRole('dialog', { name: 'Modifica partecipante' });
    expect(within(form).getByLabelText(/^Partecipante/)).toHaveValue('Bianchi Giulia');
    const fee = within(form).getByLabelText(/^Quota mensile/);
    expect(fee).toHaveValue('35,5');
    await user.clear(fee);
    await user.type(fee, '45');
    await user.click(within(form).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Partecipante modificato con successo!')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /user/training-group/enrollment/${GIULIA._id}`)[0]?.body).toEqual({ cost: 45, enrollment_date: '2026-09-15' });

    await user.click(within(group).getByRole('button', { name: 'Rimuovi Bianchi Giulia' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rimuovi partecipante' });
    expect(confirm).toHaveTextContent('Sei sicuro di voler rimuovere Bianchi Giulia dal gruppo?');
    await user.click(within(confirm).getByRole('button', { name: 'Rimuovi' }));
    expect(await screen.findByText('Partecipante rimosso con successo!')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /user/training-group/${GROUP._id}/user/${GIULIA.trainee._id}`)).toHaveLength(1);
  });
});

function nthUser(i: number) {
  const found = GROUP_USERS[i];
  if (!found) throw new Error(`no user ${i}`);
  return found;
}
