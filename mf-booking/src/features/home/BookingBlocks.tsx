import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, useAuthStore, type BookedSession, type WaitlistEntry } from 'shared-api';
import { ConfirmDialog, formatDate, formatDateTime, HomeBlock, HomeList, HomeMoreLink, homeListHidden, notify } from 'shared-ui';
import { downloadBookingFile } from '../my-bookings/calendar-links';
import { futureBookingsQuery, myWaitlistQuery } from './api';

const bookingTitle = (booking: BookedSession) =>
  booking.game_table ? `${booking.trainingSession.title} · Tavolo ${booking.game_table.number}` : booking.trainingSession.title;

/** The search page opened on the occurrence with its booking modal, as the waitlist mail links it. */
const bookingPath = (entry: WaitlistEntry) =>
  `/book-session?${new URLSearchParams({ date: JSON.stringify(entry.date), table: entry.game_table._id, book: entry.training_session_id }).toString()}`;

/** The freed entries first (the member can book them now), then the server's order (soonest first). */
const freedFirst = (entries: WaitlistEntry[]) => [...entries].sort((a, b) => Number(b.free) - Number(a.free));

const waitlistOthers = (n: number) => (n === 1 ? "+ 1 altra lista d'attesa" : `+ altre ${n} liste d'attesa`);

/** The other participants (the member is one of them). */
const partnersOf = (booking: BookedSession, me: string | undefined) =>
  booking.participants
    .filter((p) => p._id !== me)
    .map((p) => `${p.name} ${p.surname}`)
    .join(', ');

function NextBooking({ booking }: { booking: BookedSession }) {
  const queryClient = useQueryClient();
  const partners = partnersOf(
    booking,
    useAuthStore((s) => s.user?._id),
  );
  const [confirming, setConfirming] = useState(false);
  const verb = booking.booked_by_me ? 'Annulla' : 'Lascia';
  const cancel = useMutation({
    mutationFn: () => api.patch(`/training-session/booking/${booking._id}`),
    onSuccess: () => {
      notify.success(booking.booked_by_me ? 'Prenotazione annullata.' : 'Hai lasciato la prenotazione.');
      return queryClient.invalidateQueries({ queryKey: ['user', 'me', 'booked-sessions'] });
    },
    onError: () => notify.error('Impossibile annullare la prenotazione. Riprova più tardi.'),
  });
  /** The booking's .ics file, written by the server with the club's name and time zone (issue 41: one writer). */
  async function addToCalendar() {
    try {
      await downloadBookingFile(booking._id, booking.specific_date);
    } catch {
      notify.error('Impossibile creare il file del calendario.');
    }
  }
  return (
    <>
      <p className="shell-home__headline">
        <strong>{bookingTitle(booking)}</strong>
        <br />
        <time dateTime={booking.start_at}>{formatDateTime(booking.start_at)}</time>
        {'–'}
        {booking.trainingSession.end_time.slice(0, 5)}
      </p>
      {partners && <p>Con: {partners}</p>}
      <div className="shell-home__actions">
        <button type="button" className="ui-btn ui-btn--secondary" onClick={() => void addToCalendar()}>
          Aggiungi al calendario
        </button>
        {booking.can_cancel && (
          <button type="button" className="ui-btn ui-btn--secondary" disabled={cancel.isPending} onClick={() => setConfirming(true)}>
            {verb} prenotazione
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={`${verb} prenotazione`}
        message={`${verb} la prenotazione del ${formatDateTime(booking.start_at)}?`}
        confirmLabel={`${verb} prenotazione`}
        cancelLabel="Indietro"
        pending={cancel.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await cancel.mutateAsync().catch(() => undefined);
          setConfirming(false);
        }}
      />
    </>
  );
}

/** 'Prossima prenotazione': the soonest future booking, with add-to-calendar and cancel (when still allowed). */
export function NextBookingBlock() {
  const query = useQuery(futureBookingsQuery());
  return (
    <HomeBlock
      title="Prossima prenotazione"
      query={query}
      failure="Impossibile caricare le prenotazioni."
      footer={<Link to="/user/bookings">Le mie prenotazioni</Link>}
    >
      {({ data }) => {
        const next = data.find((b) => !b.pastPrenotation);
        return next ? <NextBooking booking={next} /> : <p>Nessuna prenotazione in programma.</p>;
      }}
    </HomeBlock>
  );
}

/**
 * 'Liste d'attesa': the first HOME_LIST_LIMIT occurrences the member waits for (a freed one first to notice, its link
 * never cut), and the link to Le mie prenotazioni, which lists them all, with the count of the others (issue 44 item 10).
 */
export function WaitlistBlock() {
  const query = useQuery(myWaitlistQuery());
  return (
    <HomeBlock
      title="Liste d'attesa"
      query={query}
      failure="Impossibile caricare le liste d'attesa."
      footer={(waitlist) => {
        const hidden = homeListHidden(waitlist?.data);
        return hidden > 0 && <HomeMoreLink to="/user/bookings" label="Le mie prenotazioni" hidden={hidden} others={waitlistOthers} />;
      }}
    >
      {({ data }) =>
        data.length === 0 ? (
          <p>Non sei in nessuna lista d&apos;attesa.</p>
        ) : (
          <HomeList
            items={freedFirst(data)}
            itemKey={(entry) => entry._id}
            tail={(entry) => (entry.free ? <Link to={bookingPath(entry)}>Si è liberato: prenotalo!</Link> : `${entry.position}° in lista`)}
          >
            {(entry) => `${entry.title} · Tavolo ${entry.game_table.number} · ${formatDate(entry.date)} ${entry.start_time.slice(0, 5)} —`}
          </HomeList>
        )
      }
    </HomeBlock>
  );
}
