import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from 'shared-api';
import { clubToday } from 'shared-ui';
import { captureDownloads, renderWithProviders } from 'shared-ui/testing';
import { mockApi } from 'shared-ui/testing/api';
import { MyBookingsPage } from '../components/MyBookingsPage';
import { addDays } from '../../../lib/club-time';
import { makeBooking } from '../../../test/fixtures';

function setup(
  future = [makeBooking()],
  past = [makeBooking({ session_date: '2025-01-10', pastPrenotation: true })],
  extra: Parameters<typeof mockApi>[0] = {},
) {
  const api = mockApi({
    'GET /user/me/booked-sessions': (call) => ({ body: { data: call.query.get('filter') === 'past' ? past : future } }),
    ...extra,
  });
  const user = userEvent.setup();
  renderWithProviders(<MyBookingsPage />, { route: '/user/bookings' });
  return { api, user };
}

describe('Le mie prenotazioni', () => {
  it('shows the future bookings as cards, flags today and tomorrow as imminent, and the past ones under Passate', async () => {
    const today = clubToday();
    const { user } = setup(
      [
        makeBooking({ session_date: today, trainingSession: { _id: 'a', title: 'Oggi', start_time: '18:00', end_time: '19:00' } }),
        makeBooking({ session_date: addDays(today, 1), trainingSession: { _id: 'b', title: 'Domani', start_time: '20:00', end_time: '21:30' } }),
        makeBooking({
          session_date: addDays(today, 2),
          game_table: null,
          trainingSession: { _id: 'c', title: 'Dopodomani', start_time: '17:00', end_time: '18:00' },
        }),
      ],
      [makeBooking({ session_date: '2025-01-10', trainingSession: { _id: 'd', title: 'Vecchio turno', start_time: '18:00', end_time: '19:00' } })],
    );
    const list = await screen.findByRole('list', { name: 'Prenotazioni future' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('Imminente')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Imminente')).toBeInTheDocument();
    expect(within(cards[2]!).queryByText('Imminente')).not.toBeInTheDocument();
    expect(within(cards[1]!).getByText('20:00-21:30')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Mario Rossi, Lucia Bianchi')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Tavolo 2')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Tavolo non specificato')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Passate' }));
    const past = await screen.findByRole('list', { name: 'Prenotazioni passate' });
    expect(within(past).getByText('Vecchio turno')).toBeInTheDocument();
    expect(within(past).getByText('10/01/2025')).toBeInTheDocument();
  });

  it('says so when there is nothing to show', async () => {
    setup([], []);
    expect(await screen.findByText('Nessuna prenotazione da mostrare')).toBeInTheDocument();
  });

  it('cancels after confirmation and refetches both lists', async () => {
    const booking = makeBooking();
    const { api, user } = setup([booking], [], { [`PATCH /training-session/booking/${booking._id}`]: { status: 204 } });
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: 'Annulla prenotazione' }));
    const confirm = await screen.findByRole('dialog', { name: 'Annulla prenotazione' });
    expect(within(confirm).getByText('Sei sicuro di voler annullare la prenotazione?')).toBeInTheDocument();
    // '×' is 'Chiudi' too
    expect(within(confirm).getAllByRole('button', { name: 'Chiudi' })).toHaveLength(2);
    await user.click(within(confirm).getByRole('button', { name: 'Annulla prenotazione' }));
    await waitFor(() => expect(api.callsTo(`PATCH /training-session/booking/${booking._id}`)).toHaveLength(1));
    expect(await screen.findByText('Prenotazione annullata con successo!')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('GET /user/me/booked-sessions').filter((c) => c.query.get('filter') === 'future').length).toBeGreaterThan(1),
    );
  });

  it('a booking someone else made says who made it and is left, not cancelled, whatever the deadline (issue 25)', async () => {
    const booking = makeBooking({ booked_by_me: false, can_cancel: true });
    const { api, user } = setup([booking], [], {
      [`PATCH /training-session/booking/${booking._id}`]: { body: { status: 'success', booking_id: booking._id } },
    });
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Prenotato da Mario Rossi')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Annulla prenotazione' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Lascia la prenotazione' }));
    const confirm = await screen.findByRole('dialog', { name: 'Lascia la prenotazione' });
    expect(
      within(confirm).getByText(
        'Vuoi lasciare la prenotazione fatta da Mario Rossi? Sarà annullata anche per chi ti ha prenotato e il turno tornerà libero.',
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Lascia' }));
    await waitFor(() => expect(api.callsTo(`PATCH /training-session/booking/${booking._id}`)).toHaveLength(1));
    expect(await screen.findByText('Hai lasciato la prenotazione')).toBeInTheDocument();
  });

  it('a booking of the staff is left by oneself only; a booking that has ended cannot be left', async () => {
    const staffBooking = makeBooking({ booked_by_me: false, booked_by: { _id: 'staff', name: 'Segreteria', surname: 'Circolo' } });
    const { user } = setup([staffBooking], [], {
      [`PATCH /training-session/booking/${staffBooking._id}`]: { status: 409, body: { code: 'BOOKING_ENDED', message: 'x' } },
    });
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Prenotato da Segreteria Circolo')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Lascia la prenotazione' }));
    const confirm = await screen.findByRole('dialog', { name: 'Lascia la prenotazione' });
    expect(within(confirm).getByText('Vuoi lasciare questa prenotazione? Gli altri partecipanti restano prenotati.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Lascia' }));
    expect(await screen.findByText('Il turno è già concluso: la prenotazione non si può più lasciare.')).toBeInTheDocument();
  });

  it('shows the error toast when the server refuses the cancellation', async () => {
    const booking = makeBooking();
    const { user } = setup([booking], [], {
      [`PATCH /training-session/booking/${booking._id}`]: { status: 409, body: { code: 'CONFLICT', message: 'Too late to cancel' } },
    });
    await user.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Annulla prenotazione' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annulla prenotazione' }));
    expect(await screen.findByText('Impossibile annullare la prenotazione')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  describe('Aggiungi al calendario (spec 000 §2.8)', () => {
    const downloads = captureDownloads();
    const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

    it("on a Mac saves the booking's .ics file as the server writes it (issue 41: one .ics writer)", async () => {
      jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue(MAC);
      const booking = makeBooking({ session_date: '2026-11-30' });
      const file = `GET /user/me/booked-sessions/${booking._id}/calendar.ics`;
      const { api, user } = setup([booking], [], {
        [file]: {
          body: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
          headers: { 'content-type': 'text/calendar', 'content-disposition': 'attachment; filename="prenotazione-2026-11-30.ics"' },
        },
      });
      await user.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Aggiungi al calendario' }));
      await waitFor(() => expect(downloads).toHaveLength(1));
      expect(downloads[0]!.download).toBe('prenotazione-2026-11-30.ics');
      expect(api.callsTo(file)).toHaveLength(1);
    });

    it('on a Mac says so when the server cannot give the file', async () => {
      jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue(MAC);
      const booking = makeBooking();
      const { user } = setup([booking], [], {
        [`GET /user/me/booked-sessions/${booking._id}/calendar.ics`]: { status: 500, body: { code: 'INTERNAL', message: 'Errore' } },
      });
      await user.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Aggiungi al calendario' }));
      expect(await screen.findByText('Impossibile aggiungere la prenotazione al calendario')).toBeInTheDocument();
      expect(downloads).toHaveLength(0);
    });

    it('elsewhere opens the Outlook link built in the page, no file asked of the server', async () => {
      const open = jest.spyOn(window, 'open').mockReturnValue(null);
      const booking = makeBooking({ session_date: '2026-11-30' });
      const { api, user } = setup([booking]);
      await user.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Aggiungi al calendario' }));
      await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
      const url = new URL(String(open.mock.calls[0]![0]));
      expect(url.host).toBe('outlook.live.com');
      expect(url.searchParams.get('subject')).toBe('Allenamento serale');
      expect(url.searchParams.get('startdt')).toBe('2026-11-30T17:00:00.000Z');
      expect(api.calls.filter((c) => c.path.endsWith('/calendar.ics'))).toHaveLength(0);
      expect(downloads).toHaveLength(0);
    });
  });

  describe('offline (issue 28)', () => {
    const member = (id: string) => ({
      _id: id,
      name: 'Matteo',
      surname: 'Colombo',
      email: 'm@example.it',
      permissions: [],
      has_accepted_terms: true,
    });
    afterEach(() => {
      cleanup();
      localStorage.clear();
      useAuthStore.getState().signOut();
    });

    it('shows the list last loaded for the same member, read-only, under a banner', async () => {
      useAuthStore.getState().setUser(member('u1'));
      setup([makeBooking({ trainingSession: { _id: 'a', title: 'Turno tenuto', start_time: '18:00', end_time: '19:00' } })]);
      await screen.findByRole('list', { name: 'Prenotazioni future' });
      cleanup();

      useAuthStore.getState().setOfflineUser(member('u1'));
      setup([], [], { 'GET /user/me/booked-sessions': 'network-error' });
      const banner = await screen.findByTestId('offline-bookings');
      expect(banner).toHaveTextContent(
        /^Nessuna connessione: queste sono le prenotazioni caricate il \d\d\/\d\d\/\d{4} \d\d:\d\d, in sola lettura\.$/,
      );
      const card = within(screen.getByRole('list', { name: 'Prenotazioni future' })).getByRole('article');
      expect(within(card).getByText('Turno tenuto')).toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: 'Annulla prenotazione' })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('shows it too when the list gets no answer while the session was confirmed online (issue 44 item 2)', async () => {
      useAuthStore.getState().setUser(member('u1'));
      setup([makeBooking({ trainingSession: { _id: 'a', title: 'Turno tenuto', start_time: '18:00', end_time: '19:00' } })]);
      await screen.findByRole('list', { name: 'Prenotazioni future' });
      cleanup();

      // The session is the live one (not the offline copy), navigator.onLine is true: only the call fails.
      useAuthStore.getState().setUser(member('u1'));
      setup([], [], { 'GET /user/me/booked-sessions': 'network-error' });
      expect(await screen.findByTestId('offline-bookings')).toBeInTheDocument();
      expect(within(screen.getByRole('list', { name: 'Prenotazioni future' })).getByText('Turno tenuto')).toBeInTheDocument();
    });

    it("never shows another member's list, and nothing once signed out", async () => {
      useAuthStore.getState().setUser(member('u1'));
      setup([makeBooking()]);
      await screen.findByRole('list', { name: 'Prenotazioni future' });
      cleanup();

      useAuthStore.getState().setOfflineUser(member('u2'));
      setup([], [], { 'GET /user/me/booked-sessions': 'network-error' });
      expect(await screen.findByRole('alert')).toBeInTheDocument();
      expect(screen.queryByTestId('offline-bookings')).not.toBeInTheDocument();
      cleanup();

      useAuthStore.getState().signOut();
      expect(Object.keys(localStorage).filter((key) => key.startsWith('portal-offline:'))).toEqual([]);
    });
  });
});
