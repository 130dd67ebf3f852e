import { lazy, useState } from 'react';
import type { GameTable } from 'shared-api';
import { MONTH_NAMES, formatDate, ModalSuspense } from 'shared-ui';
import { VIEW_LABELS, mondayOf, step, type CalendarView } from '../layout';
import { addDays } from '../../../lib/club-time';

// The date picker's dialog (react-hook-form) loads when it opens.
const DatePickerModal = lazy(() => import('./DatePickerModal').then((m) => ({ default: m.DatePickerModal })));

export interface CalendarToolbarProps {
  views: CalendarView[];
  view: CalendarView;
  onView: (view: CalendarView) => void;
  date: string;
  onDate: (date: string) => void;
  tables: GameTable[];
  tableId: string | null;
  onTable: (id: string | null) => void;
  /** Admin: '+ TS' and '+ TM'. */
  extra?: React.ReactNode;
}

/** What the navigator shows: the day, the week's Monday–Sunday, or the month and year. */
export function periodLabel(view: CalendarView, date: string): string {
  if (view === 'day') return formatDate(date);
  if (view === 'week') return `${formatDate(mondayOf(date))} - ${formatDate(addDays(mondayOf(date), 6))}`;
  return `${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
}

/** Table selector with wrapping arrows, view switcher, date navigator with its picker (spec 000 §2.12). */
export function CalendarToolbar({ views, view, onView, date, onDate, tables, tableId, onTable, extra }: CalendarToolbarProps) {
  const [picking, setPicking] = useState(false);
  const index = tables.findIndex((t) => t._id === tableId);
  const cycle = (direction: 1 | -1) => {
    if (tables.length === 0) return;
    // From 'all tables' the arrows start at the first (or last) table; past either end they wrap around.
    const next = index === -1 ? (direction === 1 ? 0 : tables.length - 1) : (index + direction + tables.length) % tables.length;
    onTable(tables[next]!._id);
  };

  return (
    <div className="bk-toolbar">
      <div className="bk-toolbar__tables" role="group" aria-label="Tavoli">
        <button type="button" className="ui-btn ui-btn--ghost ui-btn--sm" aria-label="Tavolo precedente" onClick={() => cycle(-1)}>
          ‹
        </button>
        <button
          type="button"
          className={`ui-btn ui-btn--sm ${tableId === null ? 'ui-btn--primary' : 'ui-btn--secondary'}`}
          aria-pressed={tableId === null}
          onClick={() => onTable(null)}
        >
          Tutti i tavoli
        </button>
        {tables.map((t) => (
          <button
            key={t._id}
            type="button"
            className={`ui-btn ui-btn--sm ${tableId === t._id ? 'ui-btn--primary' : 'ui-btn--secondary'}`}
            aria-pressed={tableId === t._id}
            title={t.description}
            onClick={() => onTable(tableId === t._id ? null : t._id)}
          >
            Tavolo {t.number}
          </button>
        ))}
        <button type="button" className="ui-btn ui-btn--ghost ui-btn--sm" aria-label="Tavolo successivo" onClick={() => cycle(1)}>
          ›
        </button>
      </div>
      <div className="bk-toolbar__row">
        <div className="bk-toolbar__nav" role="group" aria-label="Periodo">
          <button type="button" className="ui-btn ui-btn--secondary ui-btn--sm" aria-label="Precedente" onClick={() => onDate(step(view, date, -1))}>
            ‹
          </button>
          <button
            type="button"
            className="ui-btn ui-btn--ghost ui-btn--sm bk-toolbar__period"
            aria-label={`Scegli la data: ${periodLabel(view, date)}`}
            onClick={() => setPicking(true)}
          >
            {periodLabel(view, date)}
          </button>
          <button type="button" className="ui-btn ui-btn--secondary ui-btn--sm" aria-label="Successivo" onClick={() => onDate(step(view, date, 1))}>
            ›
          </button>
        </div>
        {views.length > 1 && (
          <div className="ui-tabs" role="tablist" aria-label="Vista">
            {views.map((v) => (
              <button
                key={v}
                type="button"
                role="tab"
                aria-selected={v === view}
                className={`ui-tabs__tab${v === view ? ' is-active' : ''}`}
                onClick={() => onView(v)}
              >
                {VIEW_LABELS[v]}
              </button>
            ))}
          </div>
        )}
        {extra}
      </div>
      {picking && (
        <ModalSuspense>
          <DatePickerModal view={view} date={date} onClose={() => setPicking(false)} onPick={(d) => onDate(d)} />
        </ModalSuspense>
      )}
    </div>
  );
}
