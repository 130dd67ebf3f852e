import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { TABLE_MESSAGES, clubToday, formatDate } from 'shared-ui';
import { captureDownloads, renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { BookingsCalendarPage, MemberCalendarPage } from '../components/CalendarPages';
import { mondayOf, visibleRange } from '../layout';
import { addDays } from '../../../lib/club-time';
import { list, referenceHandlers } from '../../../test/handlers';
import { TABLES, makeSession, person } from '../../../test/fixtures';

const today = clubToday();
// A day of this week still to come (or today on Sunday), so the member may book it.
const day = addDays(mondayOf(today), 6) >= today ? addDays(mondayOf(today), 6) : today;

function setup(page: 'member' | 'admin', sessions = [makeSession({ specific_date: day })], extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ ...referenceHandlers, 'GET /training-session': list(sessions), ...extra });
  const user = userEvent.setup();
  renderWithProviders(page === 'member' ? <MemberCalendarPage /> : <BookingsCalendarPage />);
  return { api, user };
}

const lastQuery = (api: ReturnType<typeof mockApi>) => Object.fromEntries(api.callsTo('GET /training-session').at(-1)!.query);

describe('calendar, member mode', () => {
  it('offers only week and day, opens on the week and reads Monday to Sunday with limit 1000', async () => {
    const { api, user } = setup('member');
    const views = screen.getByRole('tablist', { name: 'Vista' });
    expect(
      within(views)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Settimana', 'Giorno']);
    expect(within(views).getByRole('tab', { name: 'Settimana' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('grid', { name: 'Vista settimana' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /training-session').length).toBeGreaterThan(0));
    // The member's read asks whether each occurrence is theirs to book (issue 26).
    expect(lastQuery(api)).toEqual({ ...visibleRange('week', today), bookability: 'true', page: '1', limit: '1000' });

    await user.click(within(views).getByRole('tab', { name: 'Giorno' }));
    expect(screen.getByRole('grid', { name: 'Vista giorno' })).toBeInTheDocument();
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ startDate: today, endDate: today }));
    expect(screen.queryByRole('grid', { name: 'Vista mese' })).not.toBeInTheDocument();
  });

  it("a free session says 'Clicca per prenotare' and opens the member booking modal", async () => {
    const { user } = setup('member', [makeSession({ specific_date: day, title: 'Serale', start_time: '18:00', end_time: '19:30' })]);
    const event = await screen.findByRole('button', { name: /^18:00 - 19:30 Serale Tavolo 1 / });
    expect(within(event).getByText('Clicca per prenotare')).toBeInTheDocument();
    expect(within(event).getByText('Nessun partecipante')).toBeInTheDocument();
    await user.click(event);
    expect(await screen.findByRole('dialog', { name: 'Prenotati a: Serale' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Scegli compagno/ })).toBeInTheDocument();
  });

  it('a booked session opens its details with the participants and Chiudi', async () => {
    const booked = makeSession({
      specific_date: day,
      title: 'Prenotato',
      booking_id: '00000000-0000-4000-8000-0000000000bb',
      participants: [person('Mario', 'Rossi', '#ff0000'), person('Lucia', 'Bianchi', '#0000ff')],
      participant_colors: ['#ff0000', '#0000ff'],
    });
    const { user } = setup('member', [booked]);
    const event = await screen.findByRole('button', { name: /Prenotato Tavolo 1 Mario Rossi, Lucia Bianchi/ });
    expect(within(event).queryByText('Clicca per prenotare')).not.toBeInTheDocument();
    // Two participant colours: a split border.
    expect(event.parentElement).toHaveStyle({ borderTopColor: '#ff0000', borderRightColor: '#0000ff' });
    await user.click(event);
    const dialog = await screen.findByRole('dialog', { name: 'Prenotato' });
    expect(within(dialog).getByText('Mario Rossi, Lucia Bianchi')).toBeInTheDocument();
    expect(within(dialog).getByText('90 minuti')).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Chiudi' }).at(-1)!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("every table's sessions of one time slot are one entry in the week; it opens their day, where each has its card", async () => {
    const three = TABLES.map((t) => makeSession({ specific_date: day, game_table: t, title: `Turno ${t.number}` }));
    const { api, user } = setup('member', three);
    const slot = await screen.findByRole('button', { name: /^18:00 - 19:30 3 turni 3 tavoli · 3 liberi Scegli il tavolo$/ });
    expect(screen.queryByRole('button', { name: /^18:00 - 19:30 Turno 1 Tavolo 1/ })).not.toBeInTheDocument();
    await user.click(slot);
    expect(screen.getByRole('tab', { name: 'Giorno' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ startDate: day, endDate: day }));
    const detailed = await screen.findByRole('button', { name: /^18:00 - 19:30 Turno 2 Tavolo 2 / });
    expect(within(detailed).getByText('Nessun partecipante')).not.toHaveClass('ui-visually-hidden');
    expect(within(detailed).getByText('Clicca per prenotare')).toBeInTheDocument();
  });

  it('three overlapping sessions of different times in a week column are compact, side by side', async () => {
    const three = [
      makeSession({ specific_date: day, game_table: TABLES[0], title: 'Turno 1', start_time: '18:00', end_time: '19:30' }),
      makeSession({ specific_date: day, game_table: TABLES[1], title: 'Turno 2', start_time: '18:30', end_time: '19:30' }),
      makeSession({ specific_date: day, game_table: TABLES[2], title: 'Turno 3', start_time: '19:00', end_time: '20:00' }),
    ];
    setup('member', three);
    const event = await screen.findByRole('button', { name: /^18:00 - 19:30 Turno 1 Tavolo 1 / });
    // Compact: only time and title show; table and participants stay for screen readers.
    expect(within(event).getByText('Nessun partecipante')).toHaveClass('ui-visually-hidden');
    expect(event.parentElement).toHaveStyle({ width: `${100 / 3}%` });
  });

  it("what the member cannot book says why instead of 'Clicca per prenotare', and its details say it whole", async () => {
    const started = makeSession({
      specific_date: day,
      title: 'Iniziato',
      bookability: { bookable: false, refusal: 'SESSION_STARTED', opens_at: null },
    });
    const later = makeSession({
      specific_date: day,
      title: 'Più avanti',
      start_time: '20:00',
      end_time: '21:00',
      game_table: TABLES[1],
      // Monday 30 November 2026, 09:00 in Rome.
      bookability: { bookable: false, refusal: 'WEEKLY_LIMIT_USER', opens_at: '2026-11-30T08:00:00Z' },
    });
    const { user } = setup('member', [started, later]);
    const event = await screen.findByRole('button', { name: /^18:00 - 19:30 Iniziato Tavolo 1 Nessun partecipante Già iniziato$/ });
    expect(within(event).queryByText('Clicca per prenotare')).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /^20:00 - 21:00 Più avanti Tavolo 2 Nessun partecipante Prenotabile da lun 30\/11 alle 09:00$/ }),
    ).toBeInTheDocument();
    await user.click(event);
    const dialog = await screen.findByRole('dialog', { name: 'Iniziato' });
    expect(within(dialog).getByText('Questo turno è già iniziato: non si può più prenotare')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /^Prenotati a/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Chiudi' }).at(-1)!);
    await user.click(screen.getByRole('button', { name: /^20:00 - 21:00 Più avanti/ }));
    const opens = await screen.findByRole('dialog', { name: 'Più avanti' });
    expect(within(opens).getByText('Non hai turni a disposizione per prenotare in questa settimana')).toBeInTheDocument();
    expect(within(opens).getByText('Prenotabile da lunedì 30/11/2026 alle 09:00')).toBeInTheDocument();
  });

  it('keeps its table, view and date in the address, and starts from them', async () => {
    let search = '';
    function Location() {
      search = useLocation().search;
      return null;
    }
    const api = mockApi({ ...referenceHandlers, 'GET /training-session': list([]) });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(
      <>
        <MemberCalendarPage />
        <Location />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Tavolo 2' }));
    await user.click(screen.getByRole('tab', { name: 'Giorno' }));
    await user.click(screen.getByRole('button', { name: 'Successivo' }));
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({ table: TABLES[1]!._id, view: 'day', date: addDays(today, 1) });
    unmount();
    renderWithProviders(<MemberCalendarPage />, { route: `/book-session-calendar${search}` });
    expect(screen.getByRole('tab', { name: 'Giorno' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('button', { name: 'Tavolo 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: `Scegli la data: ${formatDate(addDays(today, 1))}` })).toBeInTheDocument();
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ startDate: addDays(today, 1), endDate: addDays(today, 1), table_id: TABLES[1]!._id }));
  });

  it('the table arrows wrap around and filter the read by table', async () => {
    const { api, user } = setup('member');
    await screen.findByRole('button', { name: 'Tavolo 1' });
    await user.click(screen.getByRole('button', { name: 'Tavolo precedente' }));
    expect(screen.getByRole('button', { name: 'Tavolo 3' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(lastQuery(api).table_id).toBe(TABLES[2]!._id));
    await user.click(screen.getByRole('button', { name: 'Tavolo successivo' }));
    expect(screen.getByRole('button', { name: 'Tavolo 1' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Tutti i tavoli' }));
    await waitFor(() => expect(lastQuery(api).table_id).toBeUndefined());
  });

  it('navigates by week and the picker snaps a week to its Monday', async () => {
    const { api, user } = setup('member');
    await user.click(screen.getByRole('button', { name: 'Successivo' }));
    await waitFor(() => expect(lastQuery(api).startDate).toBe(addDays(mondayOf(today), 7)));
    await user.click(screen.getByRole('button', { name: /^Scegli la data/ }));
    const picker = await screen.findByRole('dialog', { name: 'Scegli la data' });
    const input = within(picker).getByLabelText(/Un giorno della settimana/);
    await user.clear(input);
    await user.type(input, '13/01/2027');
    await user.keyboard('{Escape}');
    await user.click(within(picker).getByRole('button', { name: 'Vai' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ startDate: '2027-01-11', endDate: '2027-01-17' }));
  });
});

describe('calendar, admin mode', () => {
  it('opens on the month with limit 3000, shows two events a day and the rest behind +N', async () => {
    const sessions = ['17:00', '18:00', '19:00', '20:00'].map((start, i) =>
      makeSession({
        specific_date: today,
        title: `Turno ${i + 1}`,
        start_time: start,
        end_time: `${Number(start.slice(0, 2)) + 1}:00`,
        color: i === 2 ? '#aa0000' : '#00aa00',
      }),
    );
    const { api, user } = setup('admin', sessions);
    expect(screen.getByRole('grid', { name: 'Vista mese' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /training-session').length).toBeGreaterThan(0));
    expect(lastQuery(api)).toEqual({ ...visibleRange('month', today), page: '1', limit: '3000' });
    const more = await screen.findByRole('button', { name: /^Altri 2 turni/ });
    expect(more).toHaveTextContent('+2');
    expect(screen.getByRole('button', { name: /^17:00 - 18:00 Turno 1 Tavolo 1/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^19:00 - 20:00 Turno 3 Tavolo/ })).not.toBeInTheDocument();
    await user.click(more);
    const popup = await screen.findByRole('dialog', { name: /^Turni del/ });
    expect(within(popup).getByRole('button', { name: /^19:00 - 20:00 Turno 3 Tavolo/ })).toBeInTheDocument();
    expect(within(popup).getByRole('button', { name: /^20:00 - 21:00 Turno 4 Tavolo/ })).toBeInTheDocument();
  });

  describe("'Scarica'", () => {
    const clicked = captureDownloads();

    const exported = (name: string) => ({
      body: 'file',
      headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="${name}"` },
    });

    it("downloads the month the calendar shows in the format chosen, with the lists' toast", async () => {
      const month = visibleRange('month', today);
      const name = `turni_${month.startDate}_${month.endDate}.xlsx`;
      const { api, user } = setup('admin', [], { 'GET /training-session/export': exported(name) });
      await user.click(screen.getByRole('button', { name: 'Scarica' }));
      expect(
        within(screen.getByRole('menu', { name: 'Formato del file' }))
          .getAllByRole('menuitem')
          .map((m) => m.textContent),
      ).toEqual(['EXCEL', 'CSV', 'PDF']);
      await user.click(screen.getByRole('menuitem', { name: 'EXCEL' }));
      expect(await screen.findByText('File scaricato con successo!')).toBeInTheDocument();
      expect(Object.fromEntries(api.callsTo('GET /training-session/export')[0]!.query)).toEqual({ format: 'xlsx', ...month });
      expect(clicked.map((a) => a.download)).toEqual([name]);
    });

    it('follows the view and the table: a week of table 2 as CSV', async () => {
      const week = visibleRange('week', today);
      const { api, user } = setup('admin', [], { 'GET /training-session/export': exported('turni.csv') });
      await user.click(within(screen.getByRole('tablist', { name: 'Vista' })).getByRole('tab', { name: 'Settimana' }));
      await user.click(screen.getByRole('button', { name: 'Tavolo 2' }));
      await user.click(screen.getByRole('button', { name: 'Scarica' }));
      await user.click(screen.getByRole('menuitem', { name: 'CSV' }));
      await screen.findByText('File scaricato con successo!');
      expect(Object.fromEntries(api.callsTo('GET /training-session/export')[0]!.query)).toEqual({ format: 'csv', ...week, table_id: TABLES[1]!._id });
    });

    it('a refused download shows the error toast', async () => {
      const { user } = setup('admin', [], {
        'GET /training-session/export': { status: 400, body: { code: 'SESSIONS_EXPORT_RANGE_TOO_WIDE', message: 'troppi giorni' } },
      });
      await user.click(screen.getByRole('button', { name: 'Scarica' }));
      await user.click(screen.getByRole('menuitem', { name: 'PDF' }));
      expect(await screen.findByText(TABLE_MESSAGES.downloadError)).toBeInTheDocument();
      expect(clicked).toEqual([]);
    });

    it('is not on the member calendar', () => {
      setup('member');
      expect(screen.queryByRole('button', { name: 'Scarica' })).not.toBeInTheDocument();
    });
  });

  it('the month picker offers month and year within two years either side', async () => {
    const { api, user } = setup('admin', []);
    await user.click(screen.getByRole('button', { name: /^Scegli la data/ }));
    const picker = await screen.findByRole('dialog', { name: 'Scegli la data' });
    const year = Number(today.slice(0, 4));
    const years = within(within(picker).getByLabelText('Anno'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(years.filter((y) => y !== 'Seleziona...')).toEqual([year - 2, year - 1, year, year + 1, year + 2].map(String));
    await user.selectOptions(within(picker).getByLabelText('Mese'), 'Marzo');
    await user.selectOptions(within(picker).getByLabelText('Anno'), String(year + 1));
    await user.click(within(picker).getByRole('button', { name: 'Vai' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject(visibleRange('month', `${year + 1}-03-01`)));
    expect(screen.getByRole('button', { name: /^Scegli la data/ })).toHaveTextContent(`Marzo ${year + 1}`);
  });

  it('a free session opens the admin booking modal for up to four users', async () => {
    const { user } = setup('admin', [makeSession({ specific_date: today, title: 'Libero' })]);
    await user.click(await screen.findByRole('button', { name: /Libero Tavolo 1 / }));
    expect(await screen.findByRole('dialog', { name: 'Prenota degli utenti a: Libero' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Seleziona i partecipanti/ })).toBeInTheDocument();
  });

  it('deletes a booked occurrence’s booking after its confirmation', async () => {
    const bookingId = '00000000-0000-4000-8000-0000000000cc';
    const booked = makeSession({ specific_date: today, title: 'Occupato', booking_id: bookingId, participants: [person('Mario', 'Rossi')] });
    const { api, user } = setup('admin', [booked], {
      [`PATCH /training-session/booking/${bookingId}`]: { body: { status: 'success', booking_id: bookingId } },
    });
    await user.click(await screen.findByRole('button', { name: /^Azioni Occupato/ }));
    await user.click(await screen.findByRole('button', { name: 'Cancella prenotazione' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confermi la cancellazione?' });
    expect(within(confirm).getByText("Sei sicuro di voler cancellare questa prenotazione? L'operazione non è reversibile.")).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancella' }));
    await waitFor(() => expect(api.callsTo(`PATCH /training-session/booking/${bookingId}`)).toHaveLength(1));
    expect(await screen.findByText('Prenotazione cancellata con successo!')).toBeInTheDocument();
  });

  it("a booked occurrence's 'Presenze' shows who checked in and marks a participant present (issue 42)", async () => {
    const bookingId = '00000000-0000-4000-8000-0000000000ce';
    const mario = person('Mario', 'Rossi');
    const lucia = person('Lucia', 'Bianchi');
    const booked = makeSession({ specific_date: today, title: 'Occupato', booking_id: bookingId, participants: [mario, lucia] });
    let luciaIn = false;
    const attendance = () => ({
      booking_id: bookingId,
      title: 'Occupato',
      date: today,
      start_time: booked.start_time,
      end_time: booked.end_time,
      start_at: booked.start_at,
      end_at: booked.end_at,
      table_number: 1,
      no_show: false,
      participants: [
        { _id: lucia._id, name: 'Lucia', surname: 'Bianchi', checked_in: luciaIn },
        { _id: mario._id, name: 'Mario', surname: 'Rossi', checked_in: true },
      ],
    });
    const { api, user } = setup('admin', [booked], {
      'GET /training-session/check-ins': () => ({ body: { data: [attendance()] } }),
      [`POST /training-session/booking/${bookingId}/check-in`]: () => {
        luciaIn = true;
        return { body: attendance() };
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Azioni Occupato/ }));
    await user.click(await screen.findByRole('button', { name: 'Presenze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Presenze – Occupato' });
    expect(await within(dialog).findByText('Mario Rossi')).toBeInTheDocument();
    expect(api.callsTo('GET /training-session/check-ins')[0]?.query.get('date')).toBe(today);
    expect(within(dialog).getByText('Mario Rossi').parentElement).toHaveTextContent('Presente');
    await user.click(within(dialog).getByRole('button', { name: 'Segna presente Lucia Bianchi' }));
    await waitFor(() => expect(within(dialog).getByText('Lucia Bianchi').parentElement).toHaveTextContent('Presente'));
    expect(api.callsTo(`POST /training-session/booking/${bookingId}/check-in`)[0]?.body).toEqual({ userIds: [lucia._id] });
  });

  it('a group occurrence asks the scope: one occurrence is deleted by date, the whole group by its id', async () => {
    const groupId = '00000000-0000-4000-8000-0000000000dd';
    const occurrence = makeSession({
      specific_date: today,
      title: 'Gruppo',
      isVirtual: true,
      virtualGroupId: groupId,
      group: { _id: groupId, start_date: today, end_date: addDays(today, 60) },
    });
    const { api, user } = setup('admin', [occurrence], {
      [`DELETE /training-session/${occurrence._id}`]: { status: 204 },
      [`DELETE /training-session/group/${groupId}`]: { status: 204 },
    });
    await user.click(await screen.findByRole('button', { name: /^Azioni Gruppo/ }));
    await user.click(await screen.findByRole('button', { name: 'Elimina' }));
    await user.click(await screen.findByRole('button', { name: 'Solo questo turno' }));
    let confirm = await screen.findByRole('dialog', { name: 'Confermi l’eliminazione?' });
    await user.click(within(confirm).getByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(api.callsTo(`DELETE /training-session/${occurrence._id}`)).toHaveLength(1));
    expect(api.callsTo(`DELETE /training-session/${occurrence._id}`)[0]!.query.get('date')).toBe(today);
    expect(await screen.findByText('Turno singolo eliminato con successo!')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: /^Azioni Gruppo/ }));
    await user.click(await screen.findByRole('button', { name: 'Elimina' }));
    await user.click(await screen.findByRole('button', { name: 'Tutti i turni del gruppo' }));
    confirm = await screen.findByRole('dialog', { name: 'Confermi l’eliminazione?' });
    expect(within(confirm).getByText(/tutti i turni del gruppo/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(api.callsTo(`DELETE /training-session/group/${groupId}`)).toHaveLength(1));
    expect(await screen.findByText('Turno ricorrente eliminato con successo!')).toBeInTheDocument();
  });

  it('edits one occurrence of a group with scope single, and copies a session into a new one', async () => {
    const groupId = '00000000-0000-4000-8000-0000000000ee';
    const qualification = '00000000-0000-4000-8000-00000000aaaa';
    const occurrence = makeSession({
      specific_date: today,
      title: 'Gruppo',
      participant_qualifications: [qualification],
      isVirtual: true,
      virtualGroupId: groupId,
      group: { _id: groupId, start_date: today, end_date: addDays(today, 60) },
      group_week_days: [1, 3],
    });
    const { api, user } = setup('admin', [occurrence], {
      [`PATCH /training-session/${occurrence._id}`]: { body: occurrence },
      'POST /training-session': { status: 201, body: { data: [occurrence] } },
    });
    await user.click(await screen.findByRole('button', { name: /^Azioni Gruppo/ }));
    await user.click(await screen.findByRole('button', { name: 'Modifica' }));
    await user.click(await screen.findByRole('button', { name: 'Solo questo turno' }));
    const form = await screen.findByRole('dialog', { name: 'Modifica turno di allenamento' });
    const titleInput = within(form).getByLabelText(/^Titolo/);
    await user.clear(titleInput);
    await user.type(titleInput, 'Gruppo spostato');
    await user.click(within(form).getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(api.callsTo(`PATCH /training-session/${occurrence._id}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH /training-session/${occurrence._id}`)[0]!.body).toMatchObject({
      title: 'Gruppo spostato',
      day: today,
      editScope: 'single',
      occurrence_date: today,
      start_time: '18:00',
      end_time: '19:30',
      duration: 90,
      game_tables: [TABLES[0]!._id],
      participant_qualifications: [qualification],
    });
    expect(await screen.findByText('Turno di allenamento aggiornato con successo!')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: /^Azioni Gruppo/ }));
    await user.click(await screen.findByRole('button', { name: 'Copia' }));
    const copy = await screen.findByRole('dialog', { name: 'Copia turno di allenamento' });
    // The copy's day is chosen anew (issue 44 item 5; session-copy.test.tsx).
    await user.type(within(copy).getByLabelText(/^Giorno/), formatDate(addDays(today, 1)));
    await user.tab();
    await user.click(within(copy).getByRole('button', { name: 'Crea' }));
    await waitFor(() => expect(api.callsTo('POST /training-session')).toHaveLength(1));
    expect(api.callsTo('POST /training-session')[0]!.body).toMatchObject({
      title: 'Gruppo',
      day: addDays(today, 1),
      recurring_days: null,
      game_tables: [TABLES[0]!._id],
    });
    expect((api.callsTo('POST /training-session')[0]!.body as Record<string, unknown>).editScope).toBeUndefined();
  });
});

describe("admin '+ TS' and '+ TM'", () => {
  it("'+ TS' offers single and recurring, refuses an empty form and shows the required fields", async () => {
    const { api, user } = setup('admin', []);
    await user.click(screen.getByRole('button', { name: '+ TS' }));
    const form = await screen.findByRole('dialog', { name: 'Nuovo turno di allenamento' });
    expect(within(form).getByRole('tab', { name: 'Turno singolo' })).toBeInTheDocument();
    await user.click(within(form).getByRole('tab', { name: 'Turno ricorrente' }));
    expect(within(form).getByRole('combobox', { name: /^Giorni della settimana/ })).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: /^Periodo/ })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Crea' }));
    expect(within(form).getAllByText('Campo obbligatorio').length).toBeGreaterThanOrEqual(4);
    expect(api.callsTo('POST /training-session')).toHaveLength(0);
  });

  it("'+ TS' names a day or a group's end more than two years ahead (25/11/2028) and the server's refusal", async () => {
    const { api, user } = setup('admin', [], {
      'POST /training-session': { status: 400, body: { code: 'SESSION_DATE_TOO_FAR', message: 'Non puoi creare turni a più di 2 anni da oggi.' } },
    });
    await user.click(screen.getByRole('button', { name: '+ TS' }));
    const form = await screen.findByRole('dialog', { name: 'Nuovo turno di allenamento' });
    const day = within(form).getByLabelText(/^Giorno/);
    await user.clear(day);
    await user.type(day, '01/01/2030');
    await user.tab();
    expect(await within(form).findByText('La data non può essere successiva al 25/11/2028')).toBeInTheDocument();

    await user.click(within(form).getByRole('tab', { name: 'Turno ricorrente' }));
    await user.type(within(form).getByLabelText(/^Data fine/), '30/06/2029');
    await user.tab();
    expect(await within(form).findByText('La data non può essere successiva al 25/11/2028')).toBeInTheDocument();

    await user.click(within(form).getByRole('tab', { name: 'Turno singolo' }));
    await user.type(within(form).getByLabelText(/^Titolo/), 'Lontano');
    await user.clear(within(form).getByLabelText(/^Giorno/));
    await user.type(within(form).getByLabelText(/^Giorno/), '25/11/2028');
    await user.tab();
    await user.type(within(form).getByLabelText(/^Orario di inizio/), '18:00');
    await user.keyboard('{Escape}');
    await user.type(within(form).getByLabelText(/^Orario di fine/), '19:00');
    await user.keyboard('{Escape}');
    await user.click(within(form).getByRole('combobox', { name: /^Qualifiche dei partecipanti/ }));
    await user.click(await screen.findByRole('option', { name: /Agonista/ }));
    await user.click(within(form).getByRole('combobox', { name: /^Tavoli/ }));
    await user.click(await screen.findByRole('option', { name: /Tavolo 1/ }));
    await user.keyboard('{Escape}');
    await user.click(within(form).getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Non puoi creare turni a più di 2 anni da oggi.')).toBeInTheDocument();
    expect(api.callsTo('POST /training-session')[0]!.body).toMatchObject({ day: '2028-11-25' });
  });

  it("'+ TM' creates a group of sessions through /training-session/group/session", async () => {
    const { api, user } = setup('admin', [], { 'POST /training-session/group/session': { status: 201, body: { data: [] } } });
    await user.click(screen.getByRole('button', { name: '+ TM' }));
    const form = await screen.findByRole('dialog', { name: 'Nuovo gruppo di turni' });
    await user.type(within(form).getByLabelText(/^Titolo/), 'Blocchi');
    await user.type(within(form).getByLabelText(/^Orario di inizio/), '18:00');
    await user.keyboard('{Escape}');
    await user.type(within(form).getByLabelText(/^Orario di fine/), '20:00');
    await user.keyboard('{Escape}');
    const count = within(form).getByLabelText(/^Numero di turni/);
    await user.clear(count);
    await user.type(count, '4');
    expect(within(form).getByLabelText(/^Durata \(minuti\)/)).toHaveValue('30');
    await user.click(within(form).getByRole('combobox', { name: /^Qualifiche dei partecipanti/ }));
    await user.click(await screen.findByRole('option', { name: /Agonista/ }));
    await user.click(within(form).getByRole('combobox', { name: /^Tavoli/ }));
    await user.click(await screen.findByRole('option', { name: /Tavolo 1/ }));
    await user.click(await screen.findByRole('option', { name: /Tavolo 2/ }));
    await user.keyboard('{Escape}');
    await user.click(within(form).getByRole('button', { name: 'Crea' }));
    await waitFor(() => expect(api.callsTo('POST /training-session/group/session')).toHaveLength(1));
    expect(api.callsTo('POST /training-session/group/session')[0]!.body).toMatchObject({
      title: 'Blocchi',
      day: today,
      start_time: '18:00',
      end_time: '20:00',
      number_of_sessions: 4,
      duration: 30,
      game_tables: [TABLES[0]!._id, TABLES[1]!._id],
    });
    expect(await screen.findByText('Gruppo di turni di allenamento creato con successo!')).toBeInTheDocument();
  });
});
