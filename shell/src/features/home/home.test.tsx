import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookedSession, Certificate, TrainingSession, WaitlistEntry } from 'shared-api';
import { captureDownloads } from 'shared-ui/testing';
import { listAnswer, type Handlers } from 'shared-ui/testing/api';
import { renderApp } from '../../testing/render-app';
import { profileOf, sessionUser } from '../../testing/fixtures';
import { loadRemoteComponent } from '../../remotes/runtime';
import { bookingIcs } from './booking-calendar';

jest.mock('../../remotes/runtime', () => ({ loadDomainRoutes: jest.fn(), loadRemoteComponent: jest.fn() }));
(loadRemoteComponent as jest.MockedFunction<typeof loadRemoteComponent>).mockResolvedValue((() => null) as never);

const self = { _id: sessionUser()._id, name: 'Giulia', surname: 'Bianchi', color: '#654321' };
const partner = { _id: 'b1c2d3e4-0000-4000-8000-000000000002', name: 'Marco', surname: 'Rossi', color: '#123456' };

function booking(id: string, date: string, start: string, end: string, overrides: Partial<BookedSession> = {}): BookedSession {
  return {
    _id: id,
    trainingSession: { _id: `s-${id}`, title: 'Allenamento libero', start_time: `${start}:00`, end_time: `${end}:00` },
    session_date: date,
    specific_date: date,
    // November: Rome is UTC+1.
    start_at: `${date}T${String(Number(start.slice(0, 2)) - 1).padStart(2, '0')}${start.slice(2)}:00.000Z`,
    end_at: `${date}T${String(Number(end.slice(0, 2)) - 1).padStart(2, '0')}${end.slice(2)}:00.000Z`,
    users: [self, partner],
    // The member is a participant too: the block names only the others.
    participants: [self, partner],
    game_table: { _id: 't-3', number: 3, description: 'Tavolo vicino alla finestra' },
    pastPrenotation: false,
    can_cancel: true,
    booked_by: { _id: 'me', name: 'Giulia', surname: 'Bianchi' },
    booked_by_me: true,
    ...overrides,
  };
}

const NEXT = booking('a0000000-0000-4000-8000-000000000001', '2026-11-26', '18:00', '19:30');
const LATER = booking('a0000000-0000-4000-8000-000000000002', '2026-11-28', '10:00', '11:00');

const waiting: WaitlistEntry = {
  _id: 'e0000000-0000-4000-8000-000000000001',
  training_session_id: 'c0000000-0000-4000-8000-000000000001',
  date: '2026-11-27',
  title: 'Allenamento serale',
  start_time: '20:00',
  end_time: '21:30',
  start_at: '2026-11-27T19:00:00.000Z',
  game_table: { _id: 't-2', number: 2 },
  partner_id: null,
  free: false,
  position: 2,
  created_at: '2026-11-24T09:00:00.000Z',
};

const member = sessionUser({ permissions: ['book_session'] });

/** A member's home: each block's endpoint answers (any of them overridable). */
function memberApi(user = member, extra: Handlers = {}): Handlers {
  return {
    'GET /user/me': { body: profileOf(user, { medical_certificate_status: 'approved', medical_certificate_expiration_date: '2027-03-31' }) },
    'GET /user/me/booked-sessions': { body: { data: [NEXT, LATER] } },
    'GET /user/me/waitlist': { body: { data: [waiting] } },
    'GET /user/me/payments': {
      body: {
        data: [{ _id: 'p1', title: 'Quota associativa 2026/27', date: '2026-09-01', amount: 150, amount_paid: 50.3, type: 'pending' }],
        bank_details: { club_name: 'Circolo', iban: null },
      },
    },
    'GET /user/me/booking-rule': {
      body: {
        rule: { name: 'Standard soci', max_rounds_per_week: 3, max_rounds_per_day: 1, hours_before_booking_to_cancel: 24 },
        next_unlock: { at: '2026-11-26T08:00:00.000Z', num_shifts: 1 },
      },
    },
    'GET /user/me/fair-play': { body: { no_shows: 0, late_cancellations: 0, suspended_until: null } },
    ...extra,
  };
}

// The first render loads the home page's lazy chunk: a cold start on a busy machine takes longer than the default second.
const block = async (name: string) => within(await screen.findByRole('region', { name }, { timeout: 10_000 }));

test('a member sees the next booking, the waitlists, the certificate and what is left to pay; no staff block is asked for', async () => {
  const { server } = renderApp('/', { user: member, api: memberApi() });
  const next = await block('Prossima prenotazione');
  expect(await next.findByText(/Tavolo 3/)).toBeInTheDocument();
  expect(next.getByText('26/11/2026 18:00')).toBeInTheDocument();
  expect(next.getByText('Con: Marco Rossi')).toBeInTheDocument();
  expect(next.queryByText(/28\/11\/2026/)).not.toBeInTheDocument();

  const waitlist = await block("Liste d'attesa");
  expect(await waitlist.findByText(/Allenamento serale · Tavolo 2 · 27\/11\/2026 20:00/)).toHaveTextContent('2° in lista');

  const certificate = await block('Certificato medico');
  expect(await certificate.findByText('Valido')).toBeInTheDocument();
  expect(certificate.getByText('Scadenza: 31/03/2027')).toBeInTheDocument();

  const payments = await block('Pagamenti in sospeso');
  // 150,00 € charged (the API answers euros), 50,30 € paid: 99,70 € left.
  expect(await payments.findByText(/Quota associativa 2026\/27/)).toHaveTextContent(/99,70\s€/);
  expect(screen.getByRole('list', { name: 'Sezioni del portale' })).toBeInTheDocument();

  expect(screen.queryByRole('region', { name: 'Turni di oggi' })).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Certificati da approvare' })).not.toBeInTheDocument();
  expect(server.calls.filter((c) => c.path === '/training-session' || c.path === '/certificate')).toHaveLength(0);
  expect(server.callsTo('GET /user/me/payments')[0]!.query.get('type')).toBe('pending');
});

test("the booking rule block shows the member's quotas and the next unlock on the club's clock", async () => {
  renderApp('/', { user: member, api: memberApi() });
  const rule = await block('Regole di prenotazione');
  expect(await rule.findByText(/3 turni a settimana, 1 turno al giorno/)).toBeInTheDocument();
  expect(rule.getByText(/Prossimo sblocco/)).toHaveTextContent('Prossimo sblocco: 26/11/2026 09:00 (+1 turno)');
});

test("the booking rule block says a fair-play suspension with its end on the club's clock, and the counts (issue 42)", async () => {
  renderApp('/', {
    user: member,
    api: memberApi(member, {
      'GET /user/me/fair-play': { body: { no_shows: 2, late_cancellations: 1, suspended_until: '2026-12-03T18:10:00Z' } },
    }),
  });
  const rule = await block('Regole di prenotazione');
  expect(await rule.findByRole('note')).toHaveTextContent(
    'Prenotazioni sospese fino al 03/12/2026 19:10 per assenze non giustificate o annullamenti tardivi.',
  );
  expect(rule.getByText(/Nel periodo/)).toHaveTextContent('Nel periodo: 2 assenze non giustificate, 1 annullamento tardivo.');
});

test('a clean fair-play record adds nothing to the booking rule block', async () => {
  const { server } = renderApp('/', { user: member, api: memberApi() });
  const rule = await block('Regole di prenotazione');
  expect(await rule.findByText(/3 turni a settimana/)).toBeInTheDocument();
  await waitFor(() => expect(server.callsTo('GET /user/me/fair-play')).toHaveLength(1));
  expect(rule.queryByRole('note')).not.toBeInTheDocument();
  expect(rule.queryByText(/Nel periodo/)).not.toBeInTheDocument();
});

test('a user who does not book sees no booking rule block, and it is not asked for', async () => {
  const secretary = sessionUser({ permissions: ['registry_access'] });
  const { server } = renderApp('/', { user: secretary, api: memberApi(secretary) });
  expect(await (await block('Certificato medico')).findByText('Valido')).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Regole di prenotazione' })).not.toBeInTheDocument();
  expect(server.callsTo('GET /user/me/booking-rule')).toHaveLength(0);
  expect(server.callsTo('GET /user/me/fair-play')).toHaveLength(0);
});

test('a block whose read fails says so with Riprova, and the others show their content', async () => {
  let paymentsDown = true;
  const { server } = renderApp('/', {
    user: member,
    api: memberApi(member, {
      'GET /user/me/payments': () =>
        paymentsDown
          ? { status: 500, body: { code: 'INTERNAL', message: 'Errore' } }
          : { body: { data: [], bank_details: { club_name: 'C', iban: null } } },
    }),
  });
  const payments = await block('Pagamenti in sospeso');
  expect(await payments.findByRole('alert')).toHaveTextContent('Impossibile caricare i pagamenti.');
  expect(await (await block('Prossima prenotazione')).findByText(/Tavolo 3/)).toBeInTheDocument();
  expect(await (await block('Certificato medico')).findByText('Valido')).toBeInTheDocument();
  paymentsDown = false;
  await userEvent.click(payments.getByRole('button', { name: 'Riprova' }));
  expect(await payments.findByText('Nessun pagamento in sospeso.')).toBeInTheDocument();
  expect(server.callsTo('GET /user/me/payments')).toHaveLength(2);
});

test('cancelling the next booking asks first, cancels it and shows the one after', async () => {
  let bookings = [NEXT, LATER];
  const { server } = renderApp('/', {
    user: member,
    api: memberApi(member, {
      'GET /user/me/booked-sessions': () => ({ body: { data: bookings } }),
      [`PATCH /training-session/booking/${NEXT._id}`]: () => {
        bookings = [LATER];
        return { body: { status: 'success' } };
      },
    }),
  });
  const next = await block('Prossima prenotazione');
  await userEvent.click(await next.findByRole('button', { name: 'Annulla prenotazione' }));
  const dialog = await screen.findByRole('dialog');
  expect(server.callsTo(`PATCH /training-session/booking/${NEXT._id}`)).toHaveLength(0);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Annulla prenotazione' }));
  expect(await next.findByText('28/11/2026 10:00')).toBeInTheDocument();
  expect(server.callsTo(`PATCH /training-session/booking/${NEXT._id}`)).toHaveLength(1);
});

test('a booking made by someone else is left rather than cancelled', async () => {
  renderApp('/', {
    user: member,
    api: memberApi(member, { 'GET /user/me/booked-sessions': { body: { data: [{ ...NEXT, booked_by_me: false }] } } }),
  });
  const next = await block('Prossima prenotazione');
  expect(await next.findByRole('button', { name: 'Lascia prenotazione' })).toBeInTheDocument();
});

test('no cancel button once the cancel limit has passed', async () => {
  renderApp('/', {
    user: member,
    api: memberApi(member, { 'GET /user/me/booked-sessions': { body: { data: [{ ...NEXT, can_cancel: false }] } } }),
  });
  const next = await block('Prossima prenotazione');
  expect(await next.findByRole('button', { name: 'Aggiungi al calendario' })).toBeInTheDocument();
  expect(next.queryByRole('button', { name: /prenotazione$/ })).not.toBeInTheDocument();
});

test('an empty home says there is nothing booked, waited for or due', async () => {
  renderApp('/', {
    user: member,
    api: memberApi(member, {
      'GET /user/me/booked-sessions': { body: { data: [] } },
      'GET /user/me/waitlist': { body: { data: [] } },
      'GET /user/me': { body: profileOf(member, { medical_certificate_status: 'not_uploaded', medical_certificate_expiration_date: null }) },
      'GET /user/me/payments': { body: { data: [], bank_details: { club_name: 'C', iban: null } } },
    }),
  });
  expect(await (await block('Prossima prenotazione')).findByText('Nessuna prenotazione in programma.')).toBeInTheDocument();
  expect(await (await block("Liste d'attesa")).findByText("Non sei in nessuna lista d'attesa.")).toBeInTheDocument();
  expect(await (await block('Certificato medico')).findByText('Non caricato')).toBeInTheDocument();
  expect(await (await block('Pagamenti in sospeso')).findByText('Nessun pagamento in sospeso.')).toBeInTheDocument();
});

test('a freed waitlist entry links to its booking, as the mail does', async () => {
  renderApp('/', { user: member, api: memberApi(member, { 'GET /user/me/waitlist': { body: { data: [{ ...waiting, free: true }] } } }) });
  const link = await (await block("Liste d'attesa")).findByRole('link', { name: 'Si è liberato: prenotalo!' });
  const target = new URL(link.getAttribute('href')!, 'http://portale.test');
  expect(target.pathname).toBe('/book-session');
  expect(Object.fromEntries(target.searchParams)).toEqual({ date: '"2026-11-27"', table: 't-2', book: waiting.training_session_id });
});

describe('Aggiungi al calendario', () => {
  const downloads = captureDownloads();

  test('saves the next booking as an .ics file', async () => {
    renderApp('/', { user: member, api: memberApi() });
    const next = await block('Prossima prenotazione');
    await userEvent.click(await next.findByRole('button', { name: 'Aggiungi al calendario' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.download).toBe('prenotazione-2026-11-26.ics');
  });

  test('the file holds the booking at its instant in UTC, with the table and the partner', async () => {
    const text = (await bookingIcs(NEXT)).replace(/\r\n[ \t]/g, '');
    expect(text).toContain('DTSTART:20261126T170000Z');
    expect(text).toContain('DTEND:20261126T183000Z');
    expect(text).toContain('SUMMARY:Allenamento libero · Tavolo 3');
    // A comma is escaped in an iCalendar text value.
    expect(text).toContain('DESCRIPTION:Partecipanti: Giulia Bianchi\\, Marco Rossi');
    expect(text).toContain(`UID:booking-${NEXT._id}@club-portal`);
  });
});

const session = (id: string, start: string, booked: boolean): TrainingSession =>
  ({
    _id: id,
    title: 'Allenamento',
    specific_date: '2026-11-25',
    start_time: start,
    end_time: '21:00',
    game_table: { _id: 't-1', number: 1, description: '' },
    booking_id: booked ? `b-${id}` : null,
    participants: booked ? [partner] : [],
  }) as TrainingSession;

const certificate = (id: string, surname: string, status: Certificate['status']): Certificate =>
  ({
    _id: id,
    user: { _id: `u-${id}`, name: 'Anna', surname, fiscal_code: null },
    type: { _id: 'ty', name: 'Medico agonistico', is_medical: true },
    status,
  }) as Certificate;

test("staff with the permissions also see today's sessions and the certificates to approve", async () => {
  const staff = sessionUser({ permissions: ['book_session', 'bookings_access', 'certificates_access'] });
  const { server } = renderApp('/', {
    user: staff,
    api: memberApi(staff, {
      'GET /training-session': {
        body: {
          status: 'success',
          data: [session('s1', '19:00', true), session('s2', '20:00', false)],
          meta: { totalItems: 2, totalPages: 1, currentPage: 1, itemsPerPage: 1000 },
        },
      },
      'GET /certificate': listAnswer([
        certificate('c1', 'Verdi', 'not_approved'),
        certificate('c2', 'Neri', 'valid'),
        certificate('c3', 'Gialli', 'missing'),
      ]),
    }),
  });
  const today = await block('Turni di oggi');
  expect(await today.findByText(/19:00–21:00 · Tavolo 1/)).toHaveTextContent('Marco Rossi');
  expect(today.getByText(/20:00–21:00/)).toHaveTextContent('Libero');
  const query = server.callsTo('GET /training-session')[0]!.query;
  // TEST_NOW is 2026-11-25 at the club.
  expect([query.get('startDate'), query.get('endDate')]).toEqual(['2026-11-25', '2026-11-25']);

  const awaiting = await block('Certificati da approvare');
  expect(await awaiting.findByText('Verdi Anna · Medico agonistico')).toBeInTheDocument();
  expect(awaiting.queryByText(/Neri|Gialli/)).not.toBeInTheDocument();
});

test('staff with only one of the permissions get only its block', async () => {
  const staff = sessionUser({ permissions: ['certificates_access'] });
  const { server } = renderApp('/', { user: staff, api: memberApi(staff, { 'GET /certificate': listAnswer([]) }) });
  expect(await (await block('Certificati da approvare')).findByText('Nessun certificato da approvare.')).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Turni di oggi' })).not.toBeInTheDocument();
  expect(server.callsTo('GET /training-session')).toHaveLength(0);
});
