import { useAuthStore, type TrainingSession } from 'shared-api';
import { hhmm, minutesBetween } from '../../../lib/club-time';
import { MOBILE_QUERY, useMedia } from '../../../lib/use-media';
import { canBook, opensText, refusalText } from '../../booking/bookability';
import { isBooked } from '../../calendar/event-style';
import { WaitlistAction } from '../../waitlist/components/WaitlistAction';
import { shortTitle } from '../search-params';

/**
 * A free shift (spec 000 §2.10): title, table, description, times, duration and 'Prenota' — or, when the member
 * cannot book it, why (the server's own refusal) and when it opens, instead of a button that would fail. A booked
 * one (issue 27) says 'Al completo' and offers its waitlist, or says it is the member's own.
 */
export function ResultCard({ session, onBook }: { session: TrainingSession; onBook: () => void }) {
  const mobile = useMedia(MOBILE_QUERY);
  const me = useAuthStore((s) => s.user?._id);
  const full = isBooked(session);
  const start = hhmm(session.start_time);
  const end = hhmm(session.end_time);
  const bookable = canBook(session);
  const opens = opensText(session.bookability);
  return (
    <article
      className={`ui-card bk-result${full ? ' bk-result--full' : bookable ? '' : ' bk-result--closed'}`}
      aria-label={`${session.title} ${start}`}
      style={{ borderLeftColor: session.color || undefined }}
    >
      <h2 className="ui-card__title" title={session.title}>
        {mobile ? shortTitle(session.title) : session.title}
      </h2>
      <p>Tavolo {session.game_table.number}</p>
      {session.game_table.description && <p className="ui-muted">{session.game_table.description}</p>}
      <p>{`${start} - ${end}`}</p>
      <p>{`${session.duration ?? minutesBetween(start, end)} minuti`}</p>
      {full ? (
        <div className="bk-result__full">
          <p className="ui-badge">Al completo</p>
          {session.participants.some((p) => p._id === me) ? <p>Hai già prenotato questo turno</p> : <WaitlistAction session={session} />}
        </div>
      ) : bookable ? (
        <button type="button" className="ui-btn ui-btn--primary" onClick={onBook}>
          Prenota
        </button>
      ) : (
        <div className="bk-result__refusal">
          <p>{refusalText(session.bookability) ?? 'Questo turno non può essere prenotato'}</p>
          {opens && <p className="bk-result__opens">{opens}</p>}
        </div>
      )}
    </article>
  );
}
