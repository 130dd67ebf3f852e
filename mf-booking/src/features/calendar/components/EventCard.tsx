import type { CSSProperties } from 'react';
import type { TrainingSession } from 'shared-api';
import { hhmm } from '../../../lib/club-time';
import { borderStyle, isBooked, participantNames, type CalendarMode } from '../event-style';

export interface EventCardProps {
  session: TrainingSession;
  mode: CalendarMode;
  compact: boolean;
  bookable: boolean;
  /** What a free card says when the member cannot book it ('Già iniziato', 'Prenotabile da …'), in place of the call to book. */
  note?: string | null;
  onOpen: () => void;
  onActions?: () => void;
  style?: CSSProperties;
}

/**
 * An event (spec 000 §2.12): time range, title, table, participants or 'Nessun partecipante'; 'Clicca per prenotare' when
 * bookable, else what stands in the way ('Già iniziato', 'Prenotabile da …') for a member.
 */
export function EventCard({ session, mode, compact, bookable, note, onOpen, onActions, style }: EventCardProps) {
  const time = `${hhmm(session.start_time)} - ${hhmm(session.end_time)}`;
  const booked = isBooked(session);
  const people = booked ? participantNames(session) || 'Prenotato' : 'Nessun partecipante';
  // Compact cards keep table and participants for screen readers: the button's name is always its whole content.
  const hiddenWhenCompact = compact ? 'ui-visually-hidden' : undefined;
  return (
    <div
      className={`bk-event${compact ? ' bk-event--compact' : ''}${booked ? ' bk-event--booked' : ''}`}
      style={{ ...style, ...borderStyle(session, mode) }}
    >
      <button
        type="button"
        className="bk-event__open"
        onClick={onOpen}
        title={`${time} ${session.title} Tavolo ${session.game_table.number} ${people}`}
      >
        <span className="bk-event__time">{time}</span> <span className="bk-event__title">{session.title}</span>{' '}
        <span className={hiddenWhenCompact}>{`Tavolo ${session.game_table.number}`}</span> <span className={hiddenWhenCompact}>{people}</span>
        {bookable && !compact && (
          <>
            {' '}
            <span className="bk-event__cta">Clicca per prenotare</span>
          </>
        )}
        {!bookable && note && (
          <>
            {' '}
            <span className={compact ? 'ui-visually-hidden' : 'bk-event__note'}>{note}</span>
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
