import { useState } from 'react';
import { isNetworkError } from 'shared-api';
import { ConfirmAction, PageLayout, clubToday } from 'shared-ui';
import type { BookedSession } from '../../../api/types';
import { PROFILE_PAGE } from '../../../components/page';
import { addDays } from '../../../lib/club-time';
import { madeByParticipant, useCancelMyBooking, useLeaveBooking, useMyBookings, type BookingsFilter } from '../api/booked-sessions';
import { offlineBannerText, useKeptBookings } from '../api/kept-bookings';
import { WaitlistSection } from '../../waitlist/components/WaitlistSection';
import { BookingCard } from './BookingCard';

const TABS: { filter: BookingsFilter; label: string }[] = [
  { filter: 'future', label: 'Future' },
  { filter: 'past', label: 'Passate' },
];

/** Le mie prenotazioni (spec 000 §2.8): future and past bookings as cards; cancel and add to a calendar. */
export function MyBookingsPage() {
  const [tab, setTab] = useState<BookingsFilter>('future');
  const bookings = useMyBookings(tab);
  // Offline (issue 28): the list last loaded for this user, read-only, under a banner.
  const kept = useKeptBookings(tab, bookings.data, bookings.isError || bookings.fetchStatus === 'paused', isNetworkError(bookings.error));
  const rows = bookings.data ?? kept?.rows;
  const [cancelling, setCancelling] = useState<BookedSession | null>(null);
  const cancel = useCancelMyBooking();
  const [leaving, setLeaving] = useState<BookedSession | null>(null);
  const leave = useLeaveBooking();
  const today = clubToday();
  const tomorrow = addDays(today, 1);

  return (
    <PageLayout {...PROFILE_PAGE} title="Il tuo profilo, le tue prenotazioni">
      <div className="ui-tabs" role="tablist" aria-label="Prenotazioni">
        {TABS.map((t) => (
          <button
            key={t.filter}
            type="button"
            role="tab"
            id={`tab-${t.filter}`}
            aria-selected={tab === t.filter}
            aria-controls="bookings-panel"
            className={`ui-tabs__tab${tab === t.filter ? ' is-active' : ''}`}
            onClick={() => setTab(t.filter)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id="bookings-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} className="bk-bookings">
        {kept && (
          <p role="status" className="ui-alert ui-alert--warning" data-testid="offline-bookings">
            {offlineBannerText(kept.savedAt)}
          </p>
        )}
        {bookings.isPending && !kept && (
          <p role="status" className="ui-loading">
            Caricamento in corso...
          </p>
        )}
        {bookings.isError && !kept && (
          <p role="alert" className="ui-alert ui-alert--error">
            Si è verificato un errore: {bookings.error.message}
          </p>
        )}
        {rows?.length === 0 && <p className="ui-empty">Nessuna prenotazione da mostrare</p>}
        {rows && rows.length > 0 && (
          <ul className="bk-booking-list" aria-label={tab === 'future' ? 'Prenotazioni future' : 'Prenotazioni passate'}>
            {rows.map((booking) => {
              const date = booking.session_date ?? booking.specific_date ?? '';
              return (
                <li key={booking._id}>
                  <BookingCard
                    booking={booking}
                    imminent={date === today || date === tomorrow}
                    // Read-only offline: no cancel nor leave (both need the server).
                    past={tab === 'past' || Boolean(kept)}
                    onCancel={() => setCancelling(booking)}
                    onLeave={() => setLeaving(booking)}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {tab === 'future' && !kept && <WaitlistSection />}
      <ConfirmAction
        target={cancelling}
        title="Annulla prenotazione"
        message="Sei sicuro di voler annullare la prenotazione?"
        // 'Annulla' under the title 'Annulla prenotazione' read as the action itself (issue 26 item 16)
        confirmLabel="Annulla prenotazione"
        cancelLabel="Chiudi"
        danger
        action={(b) => cancel.run(b._id)}
        onClose={() => setCancelling(null)}
      />
      <ConfirmAction
        target={leaving}
        title="Lascia la prenotazione"
        message={(b) =>
          madeByParticipant(b)
            ? `Vuoi lasciare la prenotazione fatta da ${b.booked_by?.name ?? ''} ${b.booked_by?.surname ?? ''}? Sarà annullata anche per chi ti ha prenotato e il turno tornerà libero.`
            : 'Vuoi lasciare questa prenotazione? Gli altri partecipanti restano prenotati.'
        }
        confirmLabel="Lascia"
        danger
        action={(b) => leave.run(b._id)}
        onClose={() => setLeaving(null)}
      />
    </PageLayout>
  );
}
