import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clubToday } from 'shared-ui';
import { renderWithProviders } from 'shared-ui/testing';
import { mockApi, type Handlers } from 'shared-ui/testing/api';
import { FreeSessionsPage } from '../components/FreeSessionsPage';
import { PlayedSessionsPage } from '../components/PlayedSessionsPage';
import { TableWeeksPage } from '../components/TableWeeksPage';
import { presetPeriod } from '../period';
import { list } from '../../../test/handlers';
import { TABLES, uuid } from '../../../test/fixtures';

const today = clubToday();
const thisMonth = presetPeriod('this-month', today);
const lastMonth = presetPeriod('last-month', today);

const PLAYED = [
  { _id: uuid(), name: 'Matteo', surname: 'Colombo', category: 'Minorenne', shifts_played: 4, minutes_played: 360, hours_played: 6 },
  { _id: uuid(), name: 'Luca', surname: 'Ferrari', category: 'Soci', shifts_played: 3, minutes_played: 270, hours_played: 4.5 },
];
const FREE = [
  {
    _id: 'a',
    game_table: TABLES[0],
    weekday: 1,
    start_time: '18:00',
    end_time: '19:30',
    offered: 12,
    booked: 5,
    free: 7,
    occupancy: 0.4167,
  },
  {
    _id: 'b',
    game_table: TABLES[1],
    weekday: 4,
    start_time: '19:30',
    end_time: '21:00',
    offered: 4,
    booked: 0,
    free: 4,
    occupancy: 0,
  },
];

const query = (call: { query: URLSearchParams }) => Object.fromEntries(call.query);

function setup(page: 'played' | 'free', extra: Handlers = {}, route = `/statistics/${page}-sessions`) {
  const api = mockApi({
    'GET /training-session/game-tables': list(TABLES),
    'GET /statistics/played-sessions': list(PLAYED),
    'GET /statistics/played-sessions/summary': { body: { members: 3, shifts_played: 5, minutes_played: 450, hours_played: 7.5 } },
    'GET /statistics/free-sessions': list(FREE),
    'GET /statistics/free-sessions/summary': { body: { offered: 16, booked: 5, free: 11, occupancy: 0.3125 } },
    ...extra,
  });
  const user = userEvent.setup();
  renderWithProviders(page === 'played' ? <PlayedSessionsPage /> : <FreeSessionsPage />, { route });
  return { api, user };
}

/** The value shown under a summary figure's label. */
const figure = async (label: string) => (await screen.findByText(label, { selector: 'dt' })).nextElementSibling;

describe('Turni giocati', () => {
  it('opens on this month for every table: the period’s figures and one row per member, in Italian numbers', async () => {
    const { api } = setup('played');
    expect(await screen.findByRole('heading', { name: 'Turni giocati' })).toBeInTheDocument();
    expect(await figure('Soci che hanno giocato')).toHaveTextContent('3');
    expect(await figure('Turni giocati')).toHaveTextContent('5');
    expect(await figure('Ore di gioco')).toHaveTextContent('7,5');
    const row = (await screen.findByRole('cell', { name: 'Ferrari' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Ferrari', 'Luca', 'Soci', '3', '4,5']);

    expect(screen.getByLabelText('Periodo')).toHaveDisplayValue('Questo mese');
    expect(screen.getByLabelText('Tavolo')).toHaveDisplayValue('Tutti i tavoli');
    const period = { startDate: thisMonth.startDate, endDate: thisMonth.endDate };
    expect(query(api.callsTo('GET /statistics/played-sessions/summary')[0]!)).toEqual(period);
    expect(query(api.callsTo('GET /statistics/played-sessions')[0]!)).toEqual({ ...period, page: '1', limit: '10' });
  });

  it('a preset and a table ask again for that period and table', async () => {
    const { api, user } = setup('played');
    await screen.findByRole('cell', { name: 'Ferrari' });
    await user.selectOptions(screen.getByLabelText('Periodo'), 'Mese scorso');
    await user.selectOptions(await screen.findByLabelText('Tavolo'), 'Tavolo 2');
    const wanted = { startDate: lastMonth.startDate, endDate: lastMonth.endDate, table: TABLES[1]!._id };
    await waitFor(() => expect(query(api.callsTo('GET /statistics/played-sessions/summary').at(-1)!)).toEqual(wanted));
    await waitFor(() => expect(query(api.callsTo('GET /statistics/played-sessions').at(-1)!)).toMatchObject(wanted));
    expect(screen.getByLabelText(/^Data inizio/)).toHaveValue(lastMonth.startDate.split('-').reverse().join('/'));
  });

  it('shows the summary’s error with Ricarica, and the figures once it answers', async () => {
    let fail = true;
    setup('played', {
      'GET /statistics/played-sessions/summary': () =>
        fail
          ? { status: 500, body: { code: 'INTERNAL', message: 'x' } }
          : { body: { members: 1, shifts_played: 2, minutes_played: 90, hours_played: 1.5 } },
    });
    const alert = await screen.findByText('Errore durante il recupero dei totali.');
    fail = false;
    await userEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Ricarica' }));
    expect(await figure('Turni giocati')).toHaveTextContent('2');
  });
});

describe('Turni liberi', () => {
  it('one row per table, weekday and slot with offered, booked, free and the occupancy; the totals above', async () => {
    setup('free');
    const row = (await screen.findByRole('cell', { name: 'Tavolo 1' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Tavolo 1', 'Lunedì', '18:00 - 19:30', '12', '5', '7', '41,7%', 'Mostra dettagli']);
    expect(await figure('Occupazione')).toHaveTextContent('31,3%');
    expect(await figure('Turni offerti')).toHaveTextContent('16');
    expect(await figure('Liberi')).toHaveTextContent('11');
  });

  it('a period typed by hand applies once valid; a wrong one says why and asks nothing', async () => {
    const { api, user } = setup('free', {}, '/statistics/free-sessions?startDate=2026-03-01&endDate=2026-03-31');
    await screen.findByRole('cell', { name: 'Tavolo 1' });
    expect(screen.getByLabelText('Periodo')).toHaveDisplayValue('Personalizzato');
    expect(query(api.callsTo('GET /statistics/free-sessions/summary')[0]!)).toEqual({ startDate: '2026-03-01', endDate: '2026-03-31' });

    const end = screen.getByLabelText(/^Data fine/);
    await user.clear(end);
    await user.type(end, '01/02/2026');
    expect(await screen.findByText('La data di fine non può precedere la data di inizio')).toBeInTheDocument();
    // No figures nor rows of the last valid period beside the wrong one (issue 44 item 8).
    expect(await screen.findByText('Correggi il periodo per vedere i dati.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Totali del periodo' })).not.toBeInTheDocument();
    expect(screen.queryByText('Turni offerti')).not.toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Tavolo 1' })).not.toBeInTheDocument();
    const asked = api.callsTo('GET /statistics/free-sessions/summary').map(query);
    expect(asked.every((q) => q.endDate! >= q.startDate!)).toBe(true);

    await user.clear(end);
    await user.type(end, '15/04/2026');
    await waitFor(() =>
      expect(query(api.callsTo('GET /statistics/free-sessions/summary').at(-1)!)).toEqual({ startDate: '2026-03-01', endDate: '2026-04-15' }),
    );
    expect(screen.queryByText('La data di fine non può precedere la data di inizio')).not.toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Tavolo 1' })).toBeInTheDocument();
    expect(screen.queryByText('Correggi il periodo per vedere i dati.')).not.toBeInTheDocument();
  });

  it('downloads the same period and table from the server', async () => {
    URL.createObjectURL = jest.fn(() => 'blob:export');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { api, user } = setup('free', {
      'GET /statistics/free-sessions/export': { body: 'csv', headers: { 'content-disposition': 'attachment; filename="turni_liberi_x.csv"' } },
    });
    await screen.findByRole('cell', { name: 'Tavolo 1' });
    await user.click(screen.getByRole('button', { name: 'Scarica' }));
    await user.click(screen.getByRole('menuitem', { name: 'CSV' }));
    expect(await screen.findByText('File scaricato con successo!')).toBeInTheDocument();
    expect(query(api.callsTo('GET /statistics/free-sessions/export')[0]!)).toEqual({
      startDate: thisMonth.startDate,
      endDate: thisMonth.endDate,
      format: 'csv',
    });
    click.mockRestore();
  });
});

describe('Presenze ai tavoli', () => {
  const WEEKS = [
    { _id: 'w1', game_table: TABLES[0], week_start: '2026-11-02', week_end: '2026-11-08', booked: 6, played: 3, released: 1, no_shows: 2 },
  ];

  it('one row per table and week with booked, played, released and no-shows; downloaded with the same period', async () => {
    URL.createObjectURL = jest.fn(() => 'blob:export');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const api = mockApi({
      'GET /training-session/game-tables': list(TABLES),
      'GET /statistics/table-weeks': list(WEEKS),
      'GET /statistics/table-weeks/export': { body: 'csv', headers: { 'content-disposition': 'attachment; filename="presenze_tavoli_x.csv"' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<TableWeeksPage />, { route: '/statistics/table-weeks' });
    expect(screen.getByRole('heading', { name: 'Presenze ai tavoli' })).toBeInTheDocument();
    const row = (await screen.findByRole('cell', { name: 'Tavolo 1' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Tavolo 1', '02/11/2026 - 08/11/2026', '6', '3', '1', '2', 'Mostra dettagli']);
    const period = { startDate: thisMonth.startDate, endDate: thisMonth.endDate };
    expect(query(api.callsTo('GET /statistics/table-weeks')[0]!)).toEqual({ ...period, page: '1', limit: '10' });

    await user.click(screen.getByRole('button', { name: 'Scarica' }));
    await user.click(screen.getByRole('menuitem', { name: 'CSV' }));
    expect(await screen.findByText('File scaricato con successo!')).toBeInTheDocument();
    expect(query(api.callsTo('GET /statistics/table-weeks/export')[0]!)).toMatchObject({ ...period, format: 'csv' });
    click.mockRestore();
  });
});
