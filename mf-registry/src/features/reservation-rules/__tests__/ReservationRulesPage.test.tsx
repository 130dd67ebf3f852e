import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { nth, renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import type { ReservationRule } from 'shared-api';
import { ReservationRulesPage } from '../components/ReservationRulesPage';
import { list } from '../../../test/handlers';
import { makeReservationRule } from '../../../test/reference-fixtures';

const formDialog = () => screen.getByRole('dialog', { name: /regola di prenotazione$/ });

function setup(rules: ReservationRule[] = [makeReservationRule()], extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /user/reservation-rule': list(rules), ...extra });
  const user = userEvent.setup();
  renderWithProviders(<ReservationRulesPage />, { route: '/registry/users/booking-rules' });
  return { api, user };
}

const rowOf = async (text: string) => (await screen.findByRole('cell', { name: text })).closest('tr') as HTMLElement;
type User = ReturnType<typeof userEvent.setup>;

/** Fills every required field but the unlock times. */
async function fillRule(user: User) {
  await user.type(screen.getByLabelText(/^Nome/), 'Agonisti');
  await user.type(screen.getByLabelText(/^Turni massimi a settimana/), '4');
  await user.type(screen.getByLabelText(/^Turni massimi al giorno/), '2');
  await user.type(screen.getByLabelText(/^Ore prima del turno per ignorare le regole/), '3');
  await user.type(screen.getByLabelText(/^Ore prima del turno per annullare/), '12');
  await user.selectOptions(screen.getByLabelText(/^Giorno di inizio settimana/), 'Lunedì');
  await user.selectOptions(screen.getByLabelText(/^Giorno di fine settimana/), 'Domenica');
}

async function fillUnlockTime(user: User, index: number, day: string, hour: string, shifts: string) {
  await user.selectOptions(nth(screen.getAllByLabelText('Giorno (obbligatorio)'), index), day);
  await user.type(nth(screen.getAllByLabelText('Orario (obbligatorio)'), index), hour);
  await user.type(nth(screen.getAllByLabelText('Numero di turni (obbligatorio)'), index), shifts);
}

async function openCreate(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Aggiungi regola' }));
  await screen.findByRole('dialog', { name: 'Aggiungi regola di prenotazione' });
}

describe('Regole di prenotazione', () => {
  it('lists every column of the rule, week days by name and unlock times as readable text', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Regole di prenotazione' })).toBeInTheDocument();
    const row = await rowOf('Standard soci');
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 9)).toEqual([
      'Standard soci',
      'Regola di base',
      '3',
      '1',
      '2',
      '24',
      'Lunedì',
      'Domenica',
      'Lun 18:00 · 2 turniGio 09:30 · 1 turno',
    ]);
    expect(within(row).getByText('Lun 18:00 · 2 turni')).toBeInTheDocument();
    expect(within(row).getByText('Gio 09:30 · 1 turno')).toBeInTheDocument();
  });

  it('creates a rule with two unlock times', async () => {
    const { api, user } = setup([], { 'POST /user/reservation-rule': { status: 201, body: makeReservationRule() } });
    await openCreate(user);
    await fillRule(user);
    await fillUnlockTime(user, 0, 'Lunedì', '18:00', '2');
    await user.click(screen.getByRole('button', { name: 'Aggiungi orario di sblocco' }));
    await fillUnlockTime(user, 1, 'Giovedì', '09:30', '1');
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Regola di prenotazione creata con successo!')).toBeInTheDocument();
    expect(api.callsTo('POST /user/reservation-rule')[0]?.body).toEqual({
      name: 'Agonisti',
      description: null,
      max_rounds_per_week: 4,
      max_rounds_per_day: 2,
      hours_before_booking_to_ignore_rules: 3,
      hours_before_booking_to_cancel: 12,
      week_start_day: 1,
      week_end_day: 0,
      unlock_times: [
        { day: 1, hour: '18:00', num_shifts: 2 },
        { day: 4, hour: '09:30', num_shifts: 1 },
      ],
      no_show_limit: null,
      late_cancellation_limit: null,
      fair_play_period_days: 30,
      suspension_days: 7,
    });
  });

  it('requires the numbers and the week days and refuses decimals; nothing is sent', async () => {
    const { api, user } = setup([]);
    await openCreate(user);
    await user.type(screen.getByLabelText(/^Nome/), 'Agonisti');
    await user.type(screen.getByLabelText(/^Turni massimi a settimana/), '2,5');
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(await within(formDialog()).findByText('Valore decimale non consentito')).toBeInTheDocument();
    // max per day, both hours, start and end day
    expect(within(formDialog()).getAllByText('Campo obbligatorio')).toHaveLength(5);
    expect(api.callsTo('POST /user/reservation-rule')).toHaveLength(0);
  });

  it('does not send while an unlock time is started but incomplete', async () => {
    const { api, user } = setup([], { 'POST /user/reservation-rule': { status: 201, body: makeReservationRule() } });
    await openCreate(user);
    await fillRule(user);
    await user.selectOptions(screen.getByLabelText('Giorno (obbligatorio)'), 'Martedì');
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(await within(formDialog()).findAllByText('Campo obbligatorio')).toHaveLength(2);
    expect(api.callsTo('POST /user/reservation-rule')).toHaveLength(0);
    await user.type(screen.getByLabelText('Orario (obbligatorio)'), '20:00');
    await user.type(screen.getByLabelText('Numero di turni (obbligatorio)'), '3');
    await user.click(within(formDialog()).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Regola di prenotazione creata con successo!')).toBeInTheDocument();
    expect(api.callsTo('POST /user/reservation-rule')[0]?.body).toMatchObject({ unlock_times: [{ day: 2, hour: '20:00', num_shifts: 3 }] });
  });

  it('edits a rule: its values and unlock times are in the form, a removed unlock time is gone from the payload', async () => {
    const rule = makeReservationRule();
    const { api, user } = setup([rule], { [`PATCH /user/reservation-rule/${rule._id}`]: { body: rule } });
    await user.click(within(await rowOf('Standard soci')).getByRole('button', { name: 'Modifica' }));
    expect(screen.getByLabelText(/^Turni massimi a settimana/)).toHaveValue('3');
    expect(screen.getByLabelText(/^Giorno di fine settimana/)).toHaveDisplayValue('Domenica');
    await user.click(screen.getByRole('button', { name: 'Elimina Orario di sblocco 2' }));
    await user.click(within(formDialog()).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Regola di prenotazione modificata con successo!')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /user/reservation-rule/${rule._id}`)[0]?.body).toEqual({
      name: 'Standard soci',
      description: 'Regola di base',
      max_rounds_per_week: 3,
      max_rounds_per_day: 1,
      hours_before_booking_to_ignore_rules: 2,
      hours_before_booking_to_cancel: 24,
      week_start_day: 1,
      week_end_day: 0,
      unlock_times: [{ day: 1, hour: '18:00', num_shifts: 2 }],
      no_show_limit: null,
      late_cancellation_limit: null,
      fair_play_period_days: 30,
      suspension_days: 7,
    });
  });

  it("sets the rule's fair-play limits (issue 42): blank is none, a limit below 1 or a period over a year is refused", async () => {
    const rule = makeReservationRule({ late_cancellation_limit: 3 });
    const { api, user } = setup([rule], { [`PATCH /user/reservation-rule/${rule._id}`]: { body: rule } });
    await user.click(within(await rowOf('Standard soci')).getByRole('button', { name: 'Modifica' }));
    expect(screen.getByLabelText(/^Annullamenti tardivi prima della sospensione/)).toHaveValue('3');
    expect(screen.getByLabelText(/^Assenze non giustificate prima della sospensione/)).toHaveValue('');
    await user.type(screen.getByLabelText(/^Assenze non giustificate prima della sospensione/), '0');
    await user.clear(screen.getByLabelText(/^Periodo di conteggio/));
    await user.type(screen.getByLabelText(/^Periodo di conteggio/), '400');
    await user.click(within(formDialog()).getByRole('button', { name: 'Salva' }));
    expect(await within(formDialog()).findByText('Il valore deve essere almeno 1')).toBeInTheDocument();
    expect(within(formDialog()).getByText('Il valore deve essere compreso tra 1 e 365')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /user/reservation-rule/${rule._id}`)).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Assenze non giustificate prima della sospensione/));
    await user.type(screen.getByLabelText(/^Assenze non giustificate prima della sospensione/), '2');
    await user.clear(screen.getByLabelText(/^Annullamenti tardivi prima della sospensione/));
    await user.clear(screen.getByLabelText(/^Periodo di conteggio/));
    await user.type(screen.getByLabelText(/^Periodo di conteggio/), '60');
    await user.clear(screen.getByLabelText(/^Durata della sospensione/));
    await user.type(screen.getByLabelText(/^Durata della sospensione/), '14');
    await user.click(within(formDialog()).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Regola di prenotazione modificata con successo!')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /user/reservation-rule/${rule._id}`)[0]?.body).toMatchObject({
      no_show_limit: 2,
      late_cancellation_limit: null,
      fair_play_period_days: 60,
      suspension_days: 14,
    });
  });

  it("shows the server's 409 when the rule is still given to someone, and deletes a free one", async () => {
    const held = makeReservationRule();
    const free = makeReservationRule({ _id: '00000000-0000-4000-8000-000000000499', name: 'Prova', unlock_times: [] });
    const { api, user } = setup([held, free], {
      [`DELETE /user/reservation-rule/${held._id}`]: {
        status: 409,
        body: { code: 'RESERVATION_RULE_IN_USE', message: 'Impossibile eliminare la regola di prenotazione: è assegnata a 1 categoria.' },
      },
      [`DELETE /user/reservation-rule/${free._id}`]: { status: 204 },
    });
    await user.click(within(await rowOf('Standard soci')).getByRole('button', { name: 'Elimina' }));
    let dialog = await screen.findByRole('dialog', { name: 'Elimina regola di prenotazione' });
    expect(dialog).toHaveTextContent("L'operazione non è reversibile");
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Impossibile eliminare la regola di prenotazione: è assegnata a 1 categoria.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));

    await user.click(within(await rowOf('Prova')).getByRole('button', { name: 'Elimina' }));
    dialog = await screen.findByRole('dialog', { name: 'Elimina regola di prenotazione' });
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Regola di prenotazione eliminata con successo!')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /user/reservation-rule/${free._id}`)).toHaveLength(1);
  });
});
