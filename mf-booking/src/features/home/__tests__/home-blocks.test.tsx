import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookedSession, TrainingSession, WaitlistEntry } from 'shared-api';
import { captureDownloads } from 'shared-ui/testing';
import type { Handlers } from 'shared-ui/testing/api';
import { expectHomeList, homeBlock as block, renderSlot, slotUser } from 'shared-ui/testing/slot';
import home from '../../../exposes/home';

const sessionUser = slotUser;

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
function memberApi(_user = member, extra: Handlers = {}): Handlers {
  return {
    'GET /user/me/booked-sessions': { body: { data: [NEXT, LATER] } },
    'GET /user/me/waitlist': { body: { data: [waiting] } },
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

test('a member sees the next booking and the waitlists; no staff block is asked for', async () => {
  const { server } = renderSlot(home, {}, { user: member, api: memberApi() });
  const next = await block('Prossima prenotazione');
  expect(await next.findByText(/Tavolo 3/)).toBeInTheDocument();
  expect(next.getByText('26/11/2026 18:00')).toBeInTheDocument();
  expect(next.getByText('Con: Marco Rossi')).toBeInTheDocument();
  expect(next.queryByText(/28\/11\/2026/)).not.toBeInTheDocument();

  const waitlist = await block("Liste d'attesa");
  expect(await waitlist.findByRole('listitem')).toHaveTextContent('Allenamento serale · Tavolo 2 · 27/11/2026 20:00 — 2° in lista');

  expect(screen.queryByRole('region', { name: 'Turni di oggi' })).not.toBeInTheDocument();
  expect(server.calls.filter((c) => c.path === '/training-session')).toHaveLength(0);
});

test("the booking rule block shows the member's quotas and the next unlock on the club's clock", async () => {
  renderSlot(home, {}, { user: member, api: memberApi() });
  const rule = await block('Regole di prenotazione');
  expect(await rule.findByText(/3 turni a settimana, 1 turno al giorno/)).toBeInTheDocument();
  expect(rule.getByText(/Prossimo sblocco/)).toHaveTextContent('Prossimo sblocco: 26/11/2026 09:00 (+1 turno)');
});

test("the booking rule block says a fair-play suspension with its end on the club's clock, and the counts (issue 42)", async () => {
  renderSlot(
    home,
    {},
    {
      user: member,
      api: memberApi(member, {
        'GET /user/me/fair-play': { body: { no_shows: 2, late_cancellations: 1, suspended_until: '2026-12-03T18:10:00Z' } },
      }),
    },
  );
  const rule = await block('Regole di prenotazione');
  expect(await rule.findByRole('note')).toHaveTextContent(
    'Prenotazioni sospese fino al 03/12/2026 19:10 per assenze non giustificate o annullamenti tardivi.',
  );
  expect(rule.getByText(/Nel periodo/)).toHaveTextContent('Nel periodo: 2 assenze non giustificate, 1 annullamento tardivo.');
});

test('a clean fair-play record adds nothing to the booking rule block', async () => {
  const { server } = renderSlot(home, {}, { user: member, api: memberApi() });
  const rule = await block('Regole di prenotazione');
  expect(await rule.findByText(/3 turni a settimana/)).toBeInTheDocument();
  await waitFor(() => expect(server.callsTo('GET /user/me/fair-play')).toHaveLength(1));
  expect(rule.queryByRole('note')).not.toBeInTheDocument();
  expect(rule.queryByText(/Nel periodo/)).not.toBeInTheDocument();
});

test('a user who does not book sees no booking rule block, and it is not asked for', async () => {
  const secretary = sessionUser({ permissions: ['registry_access'] });
  const { server } = renderSlot(home, {}, { user: secretary, api: memberApi() });
  expect(await (await block('Prossima prenotazione')).findByText(/Tavolo 3/)).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Regole di prenotazione' })).not.toBeInTheDocument();
  expect(server.callsTo('GET /user/me/booking-rule')).toHaveLength(0);
  expect(server.callsTo('GET /user/me/fair-play')).toHaveLength(0);
});

test('a block whose read fails says so with Riprova, and the others show their content', async () => {
  let waitlistDown = true;
  const { server } = renderSlot(
    home,
    {},
    {
      user: member,
      api: memberApi(member, {
        'GET /user/me/waitlist': () => (waitlistDown ? { status: 500, body: { code: 'INTERNAL', message: 'Errore' } } : { body: { data: [] } }),
      }),
    },
  );
  const waitlist = await block("Liste d'attesa");
  expect(await waitlist.findByRole('alert')).toHaveTextContent("Impossibile caricare le liste d'attesa.");
  expect(await (await block('Prossima prenotazione')).findByText(/Tavolo 3/)).toBeInTheDocument();
  waitlistDown = false;
  await userEvent.click(waitlist.getByRole('button', { name: 'Riprova' }));
  expect(await waitlist.findByText("Non sei in nessuna lista d'attesa.")).toBeInTheDocument();
  expect(server.callsTo('GET /user/me/waitlist')).toHaveLength(2);
});

test('cancelling the next booking asks first, cancels it and shows the one after', async () => {
  let bookings = [NEXT, LATER];
  const { server } = renderSlot(
    home,
    {},
    {
      user: member,
      api: memberApi(member, {
        'GET /user/me/booked-sessions': () => ({ body: { data: bookings } }),
        [`PATCH /training-session/booking/${NEXT._id}`]: () => {
          bookings = [LATER];
          return { body: { status: 'success' } };
        },
      }),
    },
  );
  const next = await block('Prossima prenotazione');
  await userEvent.click(await next.findByRole('button', { name: 'Annulla prenotazione' }));
  const dialog = await screen.findByRole('dialog');
  expect(server.callsTo(`PATCH /training-session/booking/${NEXT._id}`)).toHaveLength(0);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Annulla prenotazione' }));
  expect(await next.findByText('28/11/2026 10:00')).toBeInTheDocument();
  expect(server.callsTo(`PATCH /training-session/booking/${NEXT._id}`)).toHaveLength(1);
});

test('a booking made by someone else is left rather than cancelled', async () => {
  renderSlot(
    home,
    {},
    {
      user: member,
      api: memberApi(member, { 'GET /user/me/booked-sessions': { body: { data: [{ ...NEXT, booked_by_me: false }] } } }),
    },
  );
  const next = await block('Prossima prenotazione');
  expect(await next.findByRole('button', { name: 'Lascia prenotazione' })).toBeInTheDocument();
});

test('no cancel button once the cancel limit has passed', async () => {
  renderSlot(
    home,
    {},
    {
      user: member,
      api: memberApi(member, { 'GET /user/me/booked-sessions': { body: { data: [{ ...NEXT, can_cancel: false }] } } }),
    },
  );
  const next = await block('Prossima prenotazione');
  expect(await next.findByRole('button', { name: 'Aggiungi al calendario' })).toBeInTheDocument();
  expect(next.queryByRole('button', { name: /prenotazione$/ })).not.toBeInTheDocument();
});

test('an empty home says there is nothing booked or waited for', async () => {
  renderSlot(
    home,
    {},
    {
      user: member,
      api: memberApi(member, {
        'GET /user/me/booked-sessions': { body: { data: [] } },
        'GET /user/me/waitlist': { body: { data: [] } },
      }),
    },
  );
  expect(await (await block('Prossima prenotazione')).findByText('Nessuna prenotazione in programma.')).toBeInTheDocument();
  expect(await (await block("Liste d'attesa")).findByText("Non sei in nessuna lista d'attesa.")).toBeInTheDocument();
});

test('a freed waitlist entry links to its booking, as the mail does', async () => {
  renderSlot(home, {}, { user: member, api: memberApi(member, { 'GET /user/me/waitlist': { body: { data: [{ ...waiting, free: true }] } } }) });
  const link = await (await block("Liste d'attesa")).findByRole('link', { name: 'Si è liberato: prenotalo!' });
  const target = new URL(link.getAttribute('href')!, 'http://portale.test');
  expect(target.pathname).toBe('/book-session');
  expect(Object.fromEntries(target.searchParams)).toEqual({ date: '"2026-11-27"', table: 't-2', book: waiting.training_session_id });
});

test("'Liste d'attesa' lists three entries, a freed one first, and links Le mie prenotazioni with the count of the others (issue 44 item 10)", async () => {
  const entries = [1, 2, 3, 4, 5].map((n) => ({
    ...waiting,
    _id: `e0000000-0000-4000-8000-00000000000${n}`,
    date: `2026-11-${25 + n}`,
    position: n,
    free: n === 5,
  }));
  renderSlot(home, {}, { user: member, api: memberApi(member, { 'GET /user/me/waitlist': { body: { data: entries } } }) });
  await expectHomeList(await block("Liste d'attesa"), {
    lines: [
      'Allenamento serale · Tavolo 2 · 30/11/2026 20:00 — Si è liberato: prenotalo!',
      'Allenamento serale · Tavolo 2 · 26/11/2026 20:00 — 1° in lista',
      'Allenamento serale · Tavolo 2 · 27/11/2026 20:00 — 2° in lista',
    ],
    link: { name: "+ altre 2 liste d'attesa", href: '/user/bookings' },
  });
});

test("'Liste d'attesa' with three entries or fewer lists them all and adds no link", async () => {
  const entries = [1, 2, 3].map((n) => ({ ...waiting, _id: `e0000000-0000-4000-8000-00000000000${n}`, position: n }));
  renderSlot(home, {}, { user: member, api: memberApi(member, { 'GET /user/me/waitlist': { body: { data: entries } } }) });
  await expectHomeList(await block("Liste d'attesa"), { count: 3, link: null });
});

describe('Aggiungi al calendario', () => {
  const downloads = captureDownloads();

  const file = `GET /user/me/booked-sessions/${NEXT._id}/calendar.ics`;

  test("saves the next booking's .ics file as the server writes it (issue 41: one writer, the club's name from the settings)", async () => {
    const { server } = renderSlot(
      home,
      {},
      {
        user: member,
        api: memberApi(member, {
          [file]: {
            body: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
            headers: { 'content-type': 'text/calendar', 'content-disposition': 'attachment; filename="prenotazione-2026-11-26.ics"' },
          },
        }),
      },
    );
    const next = await block('Prossima prenotazione');
    await userEvent.click(await next.findByRole('button', { name: 'Aggiungi al calendario' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.download).toBe('prenotazione-2026-11-26.ics');
    expect(server.callsTo(file)).toHaveLength(1);
  });

  test('a file the server cannot give says so', async () => {
    renderSlot(home, {}, { user: member, api: memberApi(member, { [file]: { status: 500, body: { code: 'INTERNAL', message: 'Errore' } } }) });
    const next = await block('Prossima prenotazione');
    await userEvent.click(await next.findByRole('button', { name: 'Aggiungi al calendario' }));
    expect(await screen.findByText('Impossibile creare il file del calendario.')).toBeInTheDocument();
    expect(downloads).toHaveLength(0);
  });
});

/** An occurrence on 25/11/2026 (TEST_NOW's day; Rome is UTC+1 in November). */
const session = (id: string, start: string, booked: boolean, end = '21:00', table = 1): TrainingSession =>
  ({
    _id: id,
    title: 'Allenamento',
    specific_date: '2026-11-25',
    start_time: start,
    end_time: end,
    start_at: `2026-11-25T${String(Number(start.slice(0, 2)) - 1).padStart(2, '0')}${start.slice(2)}:00.000Z`,
    end_at: `2026-11-25T${String(Number(end.slice(0, 2)) - 1).padStart(2, '0')}${end.slice(2)}:00.000Z`,
    game_table: { _id: `t-${table}`, number: table, description: '' },
    booking_id: booked ? `b-${id}` : null,
    participants: booked ? [partner] : [],
  }) as TrainingSession;

const sessionsOfDay = (data: TrainingSession[]) => ({
  'GET /training-session': {
    body: { status: 'success', data, meta: { totalItems: data.length, totalPages: 1, currentPage: 1, itemsPerPage: 1000 } },
  },
});

test("staff with the permission also see today's sessions", async () => {
  const staff = sessionUser({ permissions: ['book_session', 'bookings_access'] });
  const { server } = renderSlot(
    home,
    {},
    {
      user: staff,
      api: memberApi(staff, {
        'GET /training-session': {
          body: {
            status: 'success',
            data: [session('s1', '19:00', true), session('s2', '20:00', false)],
            meta: { totalItems: 2, totalPages: 1, currentPage: 1, itemsPerPage: 1000 },
          },
        },
      }),
    },
  );
  const today = await block('Turni di oggi');
  expect(await today.findByText(/19:00–21:00 · Tavolo 1/)).toHaveTextContent('Marco Rossi');
  expect(today.getByText(/20:00–21:00/)).toHaveTextContent('Libero');
  const query = server.callsTo('GET /training-session')[0]!.query;
  // TEST_NOW is 2026-11-25 at the club.
  expect([query.get('startDate'), query.get('endDate')]).toEqual(['2026-11-25', '2026-11-25']);
});

test('a member without the bookings permission gets no staff block, and it is not asked for', async () => {
  const { server } = renderSlot(home, {}, { user: member, api: memberApi() });
  expect(await (await block('Prossima prenotazione')).findByText(/Tavolo 3/)).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Turni di oggi' })).not.toBeInTheDocument();
  expect(server.callsTo('GET /training-session')).toHaveLength(0);
});

test("'Turni di oggi' lists the next three shifts from now on the club's clock and leaves the others to the day's calendar (issue 44 item 10)", async () => {
  const staff = sessionUser({ permissions: ['bookings_access'] });
  // TEST_NOW is 25/11/2026 10:00 at the club: two shifts have ended, one is running, six are to come.
  const day = [
    session('s1', '08:00', true, '09:00', 1),
    session('s2', '08:30', false, '10:00', 2),
    session('s3', '09:30', true, '11:00', 1),
    ...[1, 2, 3].map((table) => session(`e${table}`, '18:00', false, '19:30', table)),
    ...[1, 2, 3].map((table) => session(`l${table}`, '19:30', false, '21:00', table)),
  ];
  renderSlot(home, {}, { user: staff, api: memberApi(staff, sessionsOfDay(day)) });
  await expectHomeList(await block('Turni di oggi'), {
    lines: [
      '09:30–11:00 · Tavolo 1 — Marco Rossi · Allenamento',
      '18:00–19:30 · Tavolo 1 — Libero · Allenamento',
      '18:00–19:30 · Tavolo 2 — Libero · Allenamento',
    ],
    // The two ended and the four later ones: the day's calendar holds them all.
    link: { name: '+ altri 6 turni nel calendario', href: '/bookings/calendar?view=day' },
  });
});

test("'Turni di oggi' with every shift ended says so and links the day's calendar; a short day lists all its shifts", async () => {
  const staff = sessionUser({ permissions: ['bookings_access'] });
  const first = renderSlot(
    home,
    {},
    { user: staff, api: memberApi(staff, sessionsOfDay([session('s1', '08:00', true, '09:00'), session('s2', '08:00', false, '09:30', 2)])) },
  );
  const ended = await block('Turni di oggi');
  expect(await ended.findByText('I turni di oggi sono finiti.')).toBeInTheDocument();
  expect(ended.queryByRole('list')).not.toBeInTheDocument();
  expect(ended.getByRole('link', { name: 'Vedi i 2 turni nel calendario' })).toHaveAttribute('href', '/bookings/calendar?view=day');
  first.unmount();

  renderSlot(
    home,
    {},
    { user: staff, api: memberApi(staff, sessionsOfDay([session('s1', '18:00', false, '19:30'), session('s2', '19:30', false)])) },
  );
  await expectHomeList(await block('Turni di oggi'), {
    count: 2,
    link: { name: 'Calendario prenotazioni', href: '/bookings/calendar?view=day' },
  });
});
