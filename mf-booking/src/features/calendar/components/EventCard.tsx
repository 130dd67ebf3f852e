import type { CSSProperties } from 'react';
import type { TrainingSession } from 'shared-api';
import { hhmm } from '../../../lib/club-time';
import { borderStyle, isBooked, participantNames, type CalendarMode } from '../event-style';

export interface EventCardProps {
  session: TrainingSession;
  mode: CalendarMode;
  compact: boolean;
  bookable: boolean;
  onOpen: () => void;
  onActions?: () => void;
  style?: CSSProperties;
}

/** An event (spec 000 §2.12): time range, title, table, participants or 'Nessun partecipante'; 'Clicca per prenotare' when bookable. */
export function EventCard({ session, mode, compact, bookable, onOpen, onActions, style }: EventCardProps) {
  const time = `${hhmm(session.start_time)} - ${hhmm(session.end_time)}`;
  const booked = isBooked(session);
  const people = booked ? participantNames(session) || 'Prenotato' : 'Nessun partecipante';
  const label = `${time} ${session.title} Tavolo ${session.game_table.number}${booked ? ` ${people}` : ''}`;
  return (
    <div
      className={`bk-event${compact ? ' bk-event--compact' : ''}${booked ? ' bk-event--booked' : ''}`}
      style={{ ...style, ...borderStyle(session, mode) }}
    >
      <button type="button" className="bk-event__open" onClick={onOpen} aria-label={label} title={label}>
        <span className="bk-event__time">{time}</span> <span className="bk-event__title">{session.title}</span>
        {!compact && (
          <>
            <span className="bk-event__table">Tavolo {session.game_table.number}</span>
            <span className="bk-event__people">{people}</span>
            {bookable && <span className="bk-event__cta">Clicca per prenotare</span>}
          </>
        )}
      </button>
      {onActions && (
        <button
          type="button"
          className="bk-event__actions"
          aria-label={`Azioni ${session.title} ${time} Tavolo ${session.game_table.number}`}
          onClick={onActions}
        >
          ⋮
        </button>
      )}
    </div>
  );
}
