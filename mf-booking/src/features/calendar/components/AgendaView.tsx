import { useId } from 'react';
import type { TrainingSession } from 'shared-api';
import { formatDate } from 'shared-ui';
import { DAY_NAMES, eventMinutes, weekdayOf } from '../layout';
import { DayEntryCard, dayEntries, type GridHandlers } from './TimeGrid';

/** A day's occurrences in the order a list reads: by start, then by table. */
const byTimeThenTable = (a: TrainingSession, b: TrainingSession) =>
  eventMinutes(a).start - eventMinutes(b).start || a.game_table.number - b.game_table.number;

function AgendaDay({
  day,
  events,
  bySlot,
  grid,
  handlers,
}: {
  day: string;
  events: TrainingSession[];
  bySlot: boolean;
  grid: boolean;
  handlers: GridHandlers;
}) {
  const headingId = useId();
  const entries = dayEntries([...events].sort(byTimeThenTable), day, bySlot);
  return (
    <section className="bk-agenda__day" aria-labelledby={headingId}>
      <h2 id={headingId} className="bk-agenda__dayname">
        {`${DAY_NAMES[(weekdayOf(day) + 6) % 7]} ${formatDate(day)}`}
      </h2>
      {entries.length === 0 ? (
        <p className="ui-muted bk-agenda__empty">Nessun turno</p>
      ) : (
        <ul className={`bk-agenda__list${grid ? ' bk-agenda__list--grid' : ''}`}>
          {entries.map((entry) => (
            <li key={entry.kind === 'slot' ? `${entry.start_time}|${entry.end_time}` : `${entry.event._id}|${entry.event.specific_date}`}>
              <DayEntryCard entry={entry} day={day} compact={false} handlers={handlers} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The week and day views on a phone (issue 26: a 390 px grid left a sliver reading '1' per table): each day a list of
 * full-width entries, whatever their hour — in the week of every table one entry per time slot with its count,
 * which opens the day; in the day each table's card, two to a row.
 */
export function AgendaView({
  view,
  days,
  events,
  handlers,
  bySlot,
}: {
  view: 'day' | 'week';
  days: string[];
  events: TrainingSession[];
  handlers: GridHandlers;
  bySlot: boolean;
}) {
  return (
    <section className="bk-agenda" aria-label={view === 'day' ? 'Vista giorno' : 'Vista settimana'}>
      {days.map((day) => (
        <AgendaDay key={day} day={day} events={events} bySlot={bySlot} grid={view === 'day'} handlers={handlers} />
      ))}
    </section>
  );
}
