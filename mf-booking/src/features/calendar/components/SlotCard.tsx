import type { CSSProperties } from 'react';
import type { TrainingSession } from 'shared-api';
import { hhmm } from '../../../lib/club-time';
import { canBook, shortRefusal } from '../../booking/bookability';
import { isBooked, sessionColour, type CalendarMode } from '../event-style';

/** A slot the member can book a table of: the call to choose one (the day opens). */
const CHOOSE = 'Scegli il tavolo';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A time slot held on several tables, as one entry of a week column or a phone's list (issue 26: six cards a
 * day 20 px wide read '18'): the times, the title, how many tables and how many are free (the staff: booked), and
 * for a member whether one can be booked. It opens that day, where each table has its card.
 */
export function SlotCard({
  events,
  mode,
  compact = false,
  onOpen,
  style,
}: {
  events: TrainingSession[];
  mode: CalendarMode;
  /** Only the time and title show (a short slot); the rest stays for screen readers. */
  compact?: boolean;
  onOpen: () => void;
  style?: CSSProperties;
}) {
  const first = events[0]!;
  const time = `${hhmm(first.start_time)} - ${hhmm(first.end_time)}`;
  const title = new Set(events.map((e) => e.title)).size === 1 ? first.title : plural(events.length, 'turno', 'turni');
  const booked = events.filter(isBooked).length;
  const free = events.length - booked;
  const counts =
    mode === 'admin'
      ? `${plural(events.length, 'tavolo', 'tavoli')} · ${plural(booked, 'prenotato', 'prenotati')}`
      : `${plural(events.length, 'tavolo', 'tavoli')} · ${plural(free, 'libero', 'liberi')}`;
  let call: string | null = null;
  if (mode === 'member' && free > 0) {
    const notes = new Set(events.filter((e) => !isBooked(e)).map((e) => (canBook(e) ? null : shortRefusal(e.bookability))));
    call = notes.has(null) ? CHOOSE : notes.size === 1 ? [...notes][0]! : 'Non prenotabile';
  }
  return (
    <div className={`bk-event bk-slot${compact ? ' bk-event--compact' : ''}`} style={{ ...style, borderColor: sessionColour(first, mode) }}>
      <button type="button" className="bk-event__open" onClick={onOpen} title={`${time} ${title} ${counts}`}>
        <span className="bk-event__time">{time}</span> <span className="bk-event__title">{title}</span>{' '}
        <span className={compact ? 'ui-visually-hidden' : undefined}>{counts}</span>
        {call && (
          <>
            {' '}
            <span className={compact ? 'ui-visually-hidden' : call === CHOOSE ? 'bk-event__cta' : 'bk-event__note'}>{call}</span>
          </>
        )}
      </button>
    </div>
  );
}
