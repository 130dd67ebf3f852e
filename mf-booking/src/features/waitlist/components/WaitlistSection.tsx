import { Link } from 'react-router-dom';
import { formatDate } from 'shared-ui';
import { writeFilters } from '../../search/search-params';
import { useLeaveWaitlist, useMyWaitlist } from '../api/waitlist';

/**
 * Le mie prenotazioni's waitlists (issue 27): each shift the member waits for, their place, whether it is free now
 * (with the way to book it: the search opened on it) and 'Esci dalla lista'. Loads on its own; nothing when empty.
 */
export function WaitlistSection() {
  const waitlist = useMyWaitlist();
  const leave = useLeaveWaitlist();
  if (!waitlist.data?.length) return null;
  return (
    <section className="bk-waitlists" aria-label="Liste d'attesa">
      <h2>Liste d&apos;attesa</h2>
      <ul className="bk-booking-list">
        {waitlist.data.map((entry) => {
          const search = writeFilters({ date: entry.date, table: entry.game_table._id, startTime: null, endTime: null });
          search.set('book', entry.training_session_id);
          return (
            <li key={entry._id}>
              <article className="ui-card" aria-label={`${entry.title} ${formatDate(entry.date)}`}>
                <h3 className="ui-card__title">{entry.title}</h3>
                <p>{`${formatDate(entry.date)}, ${entry.start_time} - ${entry.end_time}, Tavolo ${entry.game_table.number}`}</p>
                {entry.free ? (
                  <p>
                    Il turno si è liberato: <Link to={`/book-session?${search.toString()}`}>prenotalo ora</Link>
                  </p>
                ) : (
                  <p>{`Posizione in lista: ${entry.position}`}</p>
                )}
                <button
                  type="button"
                  className="ui-btn ui-btn--secondary"
                  disabled={leave.isPending}
                  onClick={() => void leave.run({ sessionId: entry.training_session_id, date: entry.date }).catch(() => undefined)}
                >
                  Esci dalla lista
                </button>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
