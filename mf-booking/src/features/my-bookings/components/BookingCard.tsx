import CalendarPlus from 'lucide-react/icons/calendar-plus';
import LogOut from 'lucide-react/icons/log-out';
import X from 'lucide-react/icons/x';
import { formatDate, notify } from 'shared-ui';
import type { BookedSession } from '../../../api/types';
import { hhmm } from '../../../lib/club-time';
import { addToCalendar } from '../calendar-links';

const names = (people: { name: string; surname: string }[] | undefined) => (people ?? []).map((p) => `${p.name} ${p.surname}`).join(', ');

/**
 * One booking (spec 000 §2.8): title, date, times, participants, table; cancel and add-to-calendar icons. A booking
 * someone else made names who made it and is left instead of cancelled (issue 25).
 */
export function BookingCard({
  booking,
  imminent,
  past,
  onCancel,
  onLeave,
}: {
  booking: BookedSession;
  imminent: boolean;
  past: boolean;
  onCancel: () => void;
  onLeave: () => void;
}) {
  const mine = booking.booked_by_me !== false;
  const session = booking.trainingSession;
  const date = booking.session_date ?? booking.specific_date ?? '';
  const table = booking.game_table ? `Tavolo ${booking.game_table.number}` : 'Tavolo non specificato';
  const participants = names(booking.participants ?? booking.users);
  const start = hhmm(session.start_time);
  const end = hhmm(session.end_time);

  const add = () =>
    addToCalendar({
      bookingId: booking._id,
      title: session.title,
      date,
      start,
      end,
      location: table,
      description: participants ? `Partecipanti: ${participants}` : undefined,
    }).catch(() => notify.error('Impossibile aggiungere la prenotazione al calendario'));

  return (
    <article className={`ui-card bk-booking-card${imminent ? ' bk-booking-card--imminent' : ''}`} aria-label={`${session.title} ${formatDate(date)}`}>
      <header className="bk-booking-card__header">
        <h2 className="ui-card__title">{session.title}</h2>
        {imminent && !booking.no_show && <span className="ui-badge ui-badge--warning">Imminente</span>}
        {booking.no_show && <span className="ui-badge ui-badge--danger">Non presentato</span>}
      </header>
      <p>
        <span>{formatDate(date)}</span> · <span>{`${start}-${end}`}</span>
      </p>
      <p>{participants}</p>
      {!mine && booking.booked_by && <p className="ui-muted">{`Prenotato da ${booking.booked_by.name} ${booking.booked_by.surname}`}</p>}
      <p>{table}</p>
      <div className="ui-row">
        {!past && !mine && booking.can_cancel !== false && (
          <button type="button" className="ui-btn ui-btn--ghost" aria-label="Lascia la prenotazione" title="Lascia la prenotazione" onClick={onLeave}>
            <LogOut size={18} aria-hidden="true" /> Lascia
          </button>
        )}
        {!past && mine && booking.can_cancel !== false && (
          <button
            type="button"
            className="ui-btn ui-btn--ghost ui-btn--icon"
            aria-label="Annulla prenotazione"
            title="Annulla prenotazione"
            onClick={onCancel}
          >
            <X size={18} aria-hidden="true" />
          </button>
        )}
        <button
          type="button"
          className="ui-btn ui-btn--ghost ui-btn--icon"
          aria-label="Aggiungi al calendario"
          title="Aggiungi al calendario"
          onClick={() => void add()}
        >
          <CalendarPlus size={18} aria-hidden="true" />
        </button>
      </div>
    </article>
  );
}
