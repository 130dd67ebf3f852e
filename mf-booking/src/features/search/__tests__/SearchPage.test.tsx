import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { clubToday, formatDate } from 'shared-ui';
import { useAuthStore, type TrainingSession, type WaitlistEntry } from 'shared-api';
import { renderWithProviders } from 'shared-ui/testing';
import { type MockApi, mockApi } from 'shared-ui/testing/api';
import { SearchPage } from '../components/SearchPage';
import { shortTitle } from '../search-params';
import { addDays } from '../../../lib/club-time';
import { list, referenceHandlers } from '../../../test/handlers';
import { TABLES, makeSession, person } from '../../../test/fixtures';

let currentSearch = '';
function Location() {
  currentSearch = useLocation().search;
  return null;
}

const day = addDays(clubToday(), 2);

/**
 * The page over a mocked API: `extra`'s 'GET /training-session' answers the free shifts (available=true); `full`
 * the booked ones of the same filters (available=false, issue 27).
 */
function setup(route = '/book-session', extra: Parameters<typeof mockApi>[0] = {}, full: TrainingSession[] = []) {
  const { 'GET /training-session': free = list([]), ...rest } = extra;
  const api = mockApi({
    ...referenceHandlers,
    ...rest,
    'GET /training-session': (call) => (call.query.get('available') === 'false' ? list(full) : typeof free === 'function' ? free(call) : free),
  });
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <SearchPage />
      <Location />
    </>,
    { route },
  );
  return { api, user };
}

/** The reads of the free shifts (the spec's search). */
const freeCalls = (api: MockApi) => api.callsTo('GET /training-session').filter((c) => c.query.get('available') === 'true');

const at = (d: string) => `/book-session?date=${encodeURIComponent(JSON.stringify(d))}`;

describe('Cerca', () => {
  it('requires the day after Cerca and sends nothing without it', async () => {
    const { api, user } = setup();
    expect(screen.getByRole('heading', { name: 'Cerca il turno più adatto a te' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cerca' }));
    expect(screen.getByText('Campo obbligatorio')).toBeInTheDocument();
    expect(api.callsTo('GET /training-session')).toHaveLength(0);
  });

  it('writes the search into the query string and asks for the free shifts of that day', async () => {
    const { api, user } = setup('/book-session', { 'GET /training-session': list([makeSession({ specific_date: day })]) });
    await user.type(screen.getByLabelText(/^Giorno/), formatDate(day));
    await user.type(screen.getByLabelText(/^Orario di inizio/), '17:00');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Cerca' }));
    await waitFor(() => expect(freeCalls(api)).toHaveLength(1));
    const query = freeCalls(api)[0]!.query;
    // Each result says whether the member can book it (issue 26).
    expect(Object.fromEntries(query)).toEqual({
      startDate: day,
      endDate: day,
      startTime: '17:00',
      available: 'true',
      bookability: 'true',
      page: '1',
      limit: '100',
    });
    const params = new URLSearchParams(currentSearch);
    expect(params.get('date')).toBe(JSON.stringify(day));
    expect(params.get('startTime')).toBe('17:00');
    expect(params.has('table')).toBe(false);
    expect(await screen.findByRole('article', { name: /Allenamento libero/ })).toBeInTheDocument();
  });

  it('shows the tags, removes table and times by clicking but never the date, and lists the result cards', async () => {
    const table = TABLES[1]!;
    const session = makeSession({ specific_date: day, game_table: table, start_time: '18:00', end_time: '19:30', duration: 90 });
    const { api, user } = setup(`${at(day)}&table=${table._id}&startTime=17:00&endTime=21:00`, { 'GET /training-session': list([session]) });
    const tags = await screen.findByLabelText('Filtri');
    expect(within(tags).getByText('Risultati per:')).toBeInTheDocument();
    expect(within(tags).getByText(formatDate(day))).toBeInTheDocument();
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Tavolo 2')).toBeInTheDocument();
    expect(within(card).getByText('Centrale')).toBeInTheDocument();
    expect(within(card).getByText('18:00 - 19:30')).toBeInTheDocument();
    expect(within(card).getByText('90 minuti')).toBeInTheDocument();
    expect(freeCalls(api)[0]!.query.get('table_id')).toBe(table._id);

    await user.click(await within(tags).findByRole('button', { name: 'Rimuovi filtro Tavolo 2' }));
    await waitFor(() => expect(new URLSearchParams(currentSearch).has('table')).toBe(false));
    await user.click(within(screen.getByLabelText('Filtri')).getByRole('button', { name: 'Rimuovi filtro dalle 17:00' }));
    await user.click(within(screen.getByLabelText('Filtri')).getByRole('button', { name: 'Rimuovi filtro alle 21:00' }));
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(currentSearch))).toEqual({ date: JSON.stringify(day) }));
    // The date tag is not a button.
    expect(within(screen.getByLabelText('Filtri')).queryByRole('button')).not.toBeInTheDocument();
    const last = freeCalls(api).at(-1)!.query;
    expect(last.has('table_id') || last.has('startTime') || last.has('endTime')).toBe(false);
  });

  it('Enter typed in the day field searches', async () => {
    const { api, user } = setup();
    await user.type(screen.getByLabelText(/^Giorno/), `${formatDate(day)}{Enter}`);
    await waitFor(() => expect(freeCalls(api)).toHaveLength(1));
    expect(freeCalls(api)[0]!.query.get('startDate')).toBe(day);
  });

  it('Escape closes the open panel and its title opens it again', async () => {
    const { user } = setup();
    const panel = () => screen.getByRole('button', { name: 'Ricerca turni' });
    expect(panel()).toHaveAttribute('aria-expanded', 'true');
    screen.getByRole('button', { name: 'Cerca' }).focus();
    await user.keyboard('{Escape}');
    expect(panel()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText(/^Giorno/)).not.toBeInTheDocument();
    await user.click(panel());
    expect(screen.getByLabelText(/^Giorno/)).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    setup(at(day));
    expect(await screen.findByText('Nessun risultato trovato per i filtri selezionati.')).toBeInTheDocument();
    // Nothing booked out either: no 'Turni al completo' (issue 27).
    expect(screen.queryByRole('region', { name: 'Turni al completo' })).not.toBeInTheDocument();
  });

  it('shows the server error message after the prefix', async () => {
    setup(at(day), { 'GET /training-session': { status: 400, body: { code: 'VALIDATION_FAILED', message: 'Data non valida' } } });
    expect(await screen.findByText('Si è verificato un errore: Data non valida')).toBeInTheDocument();
  });

  it("'Prenota' opens the member booking modal for that occurrence", async () => {
    const session = makeSession({ specific_date: day, title: 'Turno serale' });
    const { api, user } = setup(at(day), {
      'GET /training-session': list([session]),
      [`POST /training-session/${session._id}/book`]: { status: 201, body: {} },
    });
    await user.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Prenota' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prenotati a: Turno serale' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Scegli compagno/ }));
    await user.click(await screen.findByRole('option', { name: /Paolo Verdi/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Prenota' }));
    await waitFor(() => expect(api.callsTo(`POST /training-session/${session._id}/book`)).toHaveLength(1));
    expect((api.callsTo(`POST /training-session/${session._id}/book`)[0]!.body as { date: string }).date).toBe(day);
  });

  it('the link of a waitlist mail (book=<session>) opens that shift’s booking modal at once (issue 27)', async () => {
    const other = makeSession({ specific_date: day, title: 'Altro turno' });
    const session = makeSession({ specific_date: day, title: 'Turno liberato' });
    setup(`${at(day)}&book=${session._id}`, { 'GET /training-session': list([other, session]) });
    expect(await screen.findByRole('dialog', { name: 'Prenotati a: Turno liberato' })).toBeInTheDocument();
  });

  it("a shift the member cannot book says why, and when it opens, where 'Prenota' would be (issue 26)", async () => {
    const closed = makeSession({
      specific_date: day,
      title: 'Chiuso',
      bookability: { bookable: false, refusal: 'BOOKING_NOT_ALLOWED', opens_at: null },
    });
    const nextWeek = makeSession({
      specific_date: day,
      title: 'Settimana dopo',
      game_table: TABLES[1],
      // Monday 30 November 2026, 09:00 in Rome.
      bookability: { bookable: false, refusal: 'BOOKING_OUTSIDE_ACTIVE_WEEK', opens_at: '2026-11-30T08:00:00Z' },
    });
    const open = makeSession({
      specific_date: day,
      title: 'Aperto',
      game_table: TABLES[2],
      bookability: { bookable: true, refusal: null, opens_at: null },
    });
    setup(at(day), { 'GET /training-session': list([closed, nextWeek, open]) });
    const card = (name: RegExp) => screen.findByRole('article', { name });
    const closedCard = await card(/^Chiuso/);
    expect(within(closedCard).getByText('Questo turno non può essere prenotato')).toBeInTheDocument();
    expect(within(closedCard).queryByRole('button', { name: 'Prenota' })).not.toBeInTheDocument();
    const laterCard = await card(/^Settimana dopo/);
    expect(within(laterCard).getByText('Non puoi prenotare un turno fuori dalla settimana attualmente attiva')).toBeInTheDocument();
    expect(within(laterCard).getByText('Prenotabile da lunedì 30/11/2026 alle 09:00')).toBeInTheDocument();
    expect(within(laterCard).queryByRole('button', { name: 'Prenota' })).not.toBeInTheDocument();
    expect(within(await card(/^Aperto/)).getByRole('button', { name: 'Prenota' })).toBeInTheDocument();
  });

  describe("booked-out shifts: 'Avvisami se si libera' (issue 27)", () => {
    const ME = '00000000-0000-4000-8000-00000000a001';
    beforeEach(() => {
      useAuthStore.setState({
        user: { _id: ME, name: 'Giulia', surname: 'Bianchi', email: 'g@example.it', has_accepted_terms: true, permissions: ['book_session'] },
      });
    });
    const bookedOut = (title: string, participants = [person('Marco', 'Rossi'), person('Luca', 'Ferrari')]) =>
      makeSession({
        specific_date: day,
        title,
        game_table: TABLES[2],
        booking_id: '00000000-0000-4000-8000-0000000000b1',
        participants,
        bookability: { bookable: false, refusal: 'SESSION_ALREADY_BOOKED', opens_at: null },
      });

    it('lists them after the free ones, with the same filters, marked full, and joins and leaves the waitlist', async () => {
      const free = makeSession({ specific_date: day, title: 'Libero', bookability: { bookable: true, refusal: null, opens_at: null } });
      const full = bookedOut('Pieno');
      let entries: WaitlistEntry[] = [];
      const entry: WaitlistEntry = {
        _id: '00000000-0000-4000-8000-0000000000e1',
        training_session_id: full._id,
        date: day,
        title: full.title,
        start_time: '18:00',
        end_time: '19:30',
        start_at: full.start_at,
        game_table: { _id: full.game_table._id, number: full.game_table.number },
        partner_id: null,
        free: false,
        position: 3,
        created_at: '2026-11-25T09:00:00Z',
      };
      const { api, user } = setup(
        `${at(day)}&startTime=17:00`,
        {
          'GET /training-session': list([free]),
          'GET /user/me/waitlist': () => ({ body: { data: entries } }),
          [`POST /training-session/${full._id}/waitlist`]: () => {
            entries = [entry];
            return { status: 201, body: { status: 'success' } };
          },
          [`DELETE /training-session/${full._id}/waitlist`]: () => {
            entries = [];
            return { body: { status: 'success' } };
          },
        },
        [full],
      );
      const section = within(await screen.findByRole('region', { name: 'Turni al completo' }));
      const card = within(section.getByRole('article', { name: /^Pieno/ }));
      expect(card.getByText('Al completo')).toBeInTheDocument();
      expect(card.queryByRole('button', { name: 'Prenota' })).not.toBeInTheDocument();
      // The free shift stays in the spec's list, before them, with its 'Prenota'.
      const results = within(screen.getByRole('list', { name: 'Risultati' }));
      expect(within(results.getByRole('article', { name: /^Libero/ })).getByRole('button', { name: 'Prenota' })).toBeInTheDocument();
      expect(results.queryByRole('article', { name: /^Pieno/ })).not.toBeInTheDocument();
      const fullQuery = api.callsTo('GET /training-session').find((c) => c.query.get('available') === 'false')!.query;
      expect(Object.fromEntries(fullQuery)).toEqual({ ...Object.fromEntries(freeCalls(api)[0]!.query), available: 'false' });

      await user.click(await card.findByRole('button', { name: 'Avvisami se si libera' }));
      expect(await card.findByText("Sei in lista d'attesa (posizione 3): ti avviseremo per email se si libera.")).toBeInTheDocument();
      expect(api.callsTo(`POST /training-session/${full._id}/waitlist`)[0]?.body).toEqual({ date: day, partnersId: [] });
      await user.click(card.getByRole('button', { name: 'Esci dalla lista' }));
      expect(await card.findByRole('button', { name: 'Avvisami se si libera' })).toBeInTheDocument();
      expect(api.callsTo(`DELETE /training-session/${full._id}/waitlist`)[0]?.query.get('date')).toBe(day);
    });

    it('one’s own booked shift says so, without a waitlist', async () => {
      const mine = bookedOut('Mio', [{ _id: ME, name: 'Giulia', surname: 'Bianchi', color: '#000' }, person('Marco', 'Rossi')]);
      setup(at(day), { 'GET /user/me/waitlist': { body: { data: [] } } }, [mine]);
      const card = within(await screen.findByRole('article', { name: /^Mio/ }));
      expect(card.getByText('Al completo')).toBeInTheDocument();
      expect(card.getByText('Hai già prenotato questo turno')).toBeInTheDocument();
      expect(card.queryByRole('button', { name: 'Avvisami se si libera' })).not.toBeInTheDocument();
    });
  });

  it('cuts long titles at 50 characters', () => {
    expect(shortTitle('a'.repeat(50))).toBe('a'.repeat(50));
    expect(shortTitle('a'.repeat(51))).toBe(`${'a'.repeat(47)}...`);
  });
});
