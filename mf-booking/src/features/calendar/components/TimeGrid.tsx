import type { CSSProperties } from 'react';
import type { TrainingSession } from 'shared-api';
import { formatDate } from 'shared-ui';
import {
  type DayEntry,
  eventMinutes,
  isCompact,
  layoutOverlaps,
  singleEntry,
  slotEntries,
  slotLabels,
  verticalPlacement,
  weekdayOf,
} from '../layout';
import { eventKey, type CalendarMode } from '../event-style';
import { EventCard } from './EventCard';
import { SlotCard } from './SlotCard';

export interface GridHandlers {
  mode: CalendarMode;
  isBookable: (s: TrainingSession) => boolean;
  /** What a card the member cannot book says instead of 'Clicca per prenotare'. */
  noteOf?: (s: TrainingSession) => string | null;
  onOpen: (s: TrainingSession) => void;
  onActions?: (s: TrainingSession) => void;
  /** Opens a day (a slot of several tables was chosen in the week); absent where the day view is not offered. */
  onDay?: (date: string) => void;
}

/** A day's entries: every occurrence, or (a view of every table) the slots held on several tables as one each. */
export const dayEntries = (events: TrainingSession[], day: string, bySlot: boolean): DayEntry<TrainingSession>[] => {
  const own = events.filter((e) => e.specific_date === day);
  return bySlot ? slotEntries(own) : own.map(singleEntry);
};

/** One entry of a day: an event's card, or a slot's summary (which opens the day). */
export function DayEntryCard({
  entry,
  day,
  compact,
  handlers,
  style,
}: {
  entry: DayEntry<TrainingSession>;
  day: string;
  compact: boolean;
  handlers: GridHandlers;
  style?: CSSProperties;
}) {
  if (entry.kind === 'slot') {
    return <SlotCard events={entry.events} mode={handlers.mode} compact={compact} onOpen={() => handlers.onDay?.(day)} style={style} />;
  }
  const event = entry.event;
  return (
    <EventCard
      session={event}
      mode={handlers.mode}
      compact={compact}
      bookable={handlers.isBookable(event)}
      note={handlers.noteOf?.(event)}
      onOpen={() => handlers.onOpen(event)}
      onActions={handlers.onActions && (() => handlers.onActions!(event))}
      style={style}
    />
  );
}

const entryKey = (entry: DayEntry<TrainingSession>) => (entry.kind === 'slot' ? `slot|${entry.start_time}|${entry.end_time}` : eventKey(entry.event));

/**
 * Day (30-minute slots) and week (60-minute slots) views: hours 16 to 23, overlapping events side by side. `bySlot`
 * (the week of every table): a slot held on several tables is one entry with its count, not a sliver per table.
 */
export function TimeGrid({
  view,
  days,
  dayNames,
  events,
  handlers,
  bySlot = false,
}: {
  view: 'day' | 'week';
  days: string[];
  dayNames: string[];
  events: TrainingSession[];
  handlers: GridHandlers;
  bySlot?: boolean;
}) {
  const labels = slotLabels(view);
  return (
    <div className={`bk-grid bk-grid--${view}`} role="grid" aria-label={view === 'day' ? 'Vista giorno' : 'Vista settimana'}>
      <div className="bk-grid__head" role="row">
        <span className="bk-grid__corner" role="columnheader" aria-label="Orario" />
        {days.map((d) => (
          <span key={d} role="columnheader" className="bk-grid__dayname">
            {dayNames[(weekdayOf(d) + 6) % 7]} {formatDate(d).slice(0, 5)}
          </span>
        ))}
      </div>
      <div className="bk-grid__body" role="row">
        <div className="bk-grid__times" role="rowheader">
          {labels.map((l) => (
            <span key={l} className="bk-grid__time">
              {l}
            </span>
          ))}
        </div>
        {days.map((d) => (
          <div key={d} className="bk-grid__day" role="gridcell">
            {labels.map((l) => (
              <span key={l} className="bk-grid__slot" />
            ))}
            {layoutOverlaps(dayEntries(events, d, bySlot)).map(({ event: entry, column, columns }) => {
              const place = verticalPlacement(entry);
              if (!place) return null;
              const { start, end } = eventMinutes(entry);
              return (
                <DayEntryCard
                  key={entryKey(entry)}
                  entry={entry}
                  day={d}
                  // Three or more side by side in a week column leave no room for more than the time and title.
                  compact={isCompact(view, end - start) || (view === 'week' && columns >= 3)}
                  handlers={handlers}
                  style={{
                    position: 'absolute',
                    top: `${place.top}%`,
                    height: `${place.height}%`,
                    left: `${(column / columns) * 100}%`,
                    width: `${100 / columns}%`,
                  }}
                />
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
