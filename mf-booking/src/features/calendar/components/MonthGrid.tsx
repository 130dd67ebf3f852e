import { useState } from 'react';
import type { TrainingSession } from 'shared-api';
import { Modal, formatDate } from 'shared-ui';
import { MONTH_EVENTS_PER_DAY, MONTH_SUMMARY_COLOURS, monthWeeks } from '../layout';
import { borderColours, eventKey } from '../event-style';
import { EventCard } from './EventCard';
import type { GridHandlers } from './TimeGrid';

/**
 * Month view: a Monday-first grid, two events a day and a '+N' summary opening the rest (spec 000 §2.12). `counts`
 * (a phone, issue 26: a seventh of 390 px showed '1 ⋮'): each day says how many shifts it has, which opens them all.
 */
export function MonthGrid({
  date,
  dayNames,
  events,
  handlers,
  counts = false,
}: {
  date: string;
  dayNames: string[];
  events: TrainingSession[];
  handlers: GridHandlers;
  counts?: boolean;
}) {
  const [more, setMore] = useState<string | null>(null);
  const month = date.slice(0, 7);
  const byDay = new Map<string, TrainingSession[]>();
  for (const e of events) byDay.set(e.specific_date, [...(byDay.get(e.specific_date) ?? []), e]);
  // In the cell only the time and title fit; the list of a day shows each card whole.
  const card = (e: TrainingSession, compact = true) => (
    <EventCard
      key={eventKey(e)}
      session={e}
      mode={handlers.mode}
      compact={compact}
      bookable={handlers.isBookable(e)}
      note={handlers.noteOf?.(e)}
      onOpen={() => {
        setMore(null);
        handlers.onOpen(e);
      }}
      onActions={
        handlers.onActions &&
        (() => {
          setMore(null);
          handlers.onActions!(e);
        })
      }
    />
  );

  return (
    <div className="bk-month" role="grid" aria-label="Vista mese">
      <div className="bk-month__row bk-month__row--head" role="row">
        {dayNames.map((n) => (
          <span key={n} role="columnheader" className="bk-month__dayname">
            {n}
          </span>
        ))}
      </div>
      {monthWeeks(date).map((week) => (
        <div key={week[0]} className="bk-month__row" role="row">
          {week.map((d) => {
            const dayEvents = byDay.get(d) ?? [];
            const rest = dayEvents.slice(MONTH_EVENTS_PER_DAY);
            const colours = [...new Set(rest.map((e) => borderColours(e, handlers.mode)[0]))].slice(0, MONTH_SUMMARY_COLOURS);
            return (
              <div key={d} role="gridcell" className={`bk-month__cell${d.startsWith(month) ? '' : ' bk-month__cell--other'}`}>
                <span className="bk-month__date">
                  <span aria-hidden="true">{Number(d.slice(8))}</span>
                  <span className="ui-visually-hidden">{formatDate(d)}</span>
                </span>
                {counts && dayEvents.length > 0 && (
                  <button
                    type="button"
                    className="bk-month__count"
                    aria-label={`${dayEvents.length} ${dayEvents.length === 1 ? 'turno' : 'turni'} il ${formatDate(d)}`}
                    onClick={() => setMore(d)}
                  >
                    {dayEvents.length}
                  </button>
                )}
                {!counts && dayEvents.slice(0, MONTH_EVENTS_PER_DAY).map((e) => card(e))}
                {!counts && rest.length > 0 && (
                  <button
                    type="button"
                    className="bk-month__more"
                    style={{ background: colours.length > 1 ? `linear-gradient(90deg, ${colours[0]} 50%, ${colours[1]} 50%)` : colours[0] }}
                    aria-label={`Altri ${rest.length} turni il ${formatDate(d)}`}
                    onClick={() => setMore(d)}
                  >
                    +{rest.length}
                  </button>
                )}
              </div>
            );
          })}
        </div>
      ))}
      <Modal open={more !== null} title={more ? `Turni del ${formatDate(more)}` : ''} onClose={() => setMore(null)}>
        <div className="ui-stack">{more && (byDay.get(more) ?? []).map((e) => card(e, false))}</div>
      </Modal>
    </div>
  );
}
