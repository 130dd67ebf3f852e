import type { TrainingSession } from 'shared-api';
import { formatDate } from 'shared-ui';
import { eventMinutes, isCompact, layoutOverlaps, slotLabels, verticalPlacement, weekdayOf } from '../layout';
import { eventKey, type CalendarMode } from '../event-style';
import { EventCard } from './EventCard';

export interface GridHandlers {
  mode: CalendarMode;
  isBookable: (s: TrainingSession) => boolean;
  onOpen: (s: TrainingSession) => void;
  onActions?: (s: TrainingSession) => void;
}

/** Day (30-minute slots) and week (60-minute slots) views: hours 16 to 23, overlapping events side by side. */
export function TimeGrid({
  view,
  days,
  dayNames,
  events,
  handlers,
}: {
  view: 'day' | 'week';
  days: string[];
  dayNames: string[];
  events: TrainingSession[];
  handlers: GridHandlers;
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
            {layoutOverlaps(events.filter((e) => e.specific_date === d)).map(({ event, column, columns }) => {
              const place = verticalPlacement(event);
              if (!place) return null;
              const { start, end } = eventMinutes(event);
              return (
                <EventCard
                  key={eventKey(event)}
                  session={event}
                  mode={handlers.mode}
                  // Three or more side by side in a week column leave no room for more than the time and title.
                  compact={isCompact(view, end - start) || (view === 'week' && columns >= 3)}
                  bookable={handlers.isBookable(event)}
                  onOpen={() => handlers.onOpen(event)}
                  onActions={handlers.onActions && (() => handlers.onActions!(event))}
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
