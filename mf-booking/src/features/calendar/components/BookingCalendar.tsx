import { ModalSuspense } from 'shared-ui';
import { useQuery } from '@tanstack/react-query';
import { lazy, useState, type ReactNode } from 'react';
import type { TrainingSession } from 'shared-api';
import { canBook, shortRefusal } from '../../booking/bookability';
import { LazyBookingModal } from '../../booking/components/LazyBookingModal';
import { useGameTables } from '../../game-tables/api/get-game-tables';
import { sessionsQuery } from '../../sessions/get-sessions';
import { MOBILE_QUERY, useMedia } from '../../../lib/use-media';
import { DAY_NAMES, SHORT_DAY_NAMES, SHORT_NAMES_QUERY, visibleRange, weekDays, type CalendarView } from '../layout';
import { isBooked, type CalendarMode } from '../event-style';
import { useCalendarPlace } from '../calendar-place';
import { AgendaView } from './AgendaView';
import { CalendarToolbar } from './CalendarToolbar';
import { EventDetailModal } from './EventDetailModal';
import { MonthGrid } from './MonthGrid';
import { TimeGrid, type GridHandlers } from './TimeGrid';

const AdminSessionActions = lazy(() => import('../admin/AdminSessionActions').then((m) => ({ default: m.AdminSessionActions })));

/** The calendar reads 1000 occurrences for a member and 3000 in the back office (spec 000 §9, 001 §9). */
const LIMITS: Record<CalendarMode, number> = { member: 1000, admin: 3000 };

export interface BookingCalendarProps {
  mode: CalendarMode;
  /** The views offered, in the switcher's order; the first is the default (month is blocked for members). */
  views: CalendarView[];
  /** Admin: the download of what the calendar shows and the '+ TS' and '+ TM' buttons. */
  toolbarExtra?: (shown: ShownRange) => ReactNode;
}

/** What the calendar shows: the view's dates and the table chosen (null: every table). */
export interface ShownRange {
  startDate: string;
  endDate: string;
  tableId: string | null;
}

type Dialog = { kind: 'detail' | 'book' | 'actions'; session: TrainingSession } | null;

/** The one calendar of spec 000 §2.12, in member mode (/book-session-calendar) or admin mode (/bookings/…). */
export function BookingCalendar({ mode, views, toolbarExtra }: BookingCalendarProps) {
  // Table, view and date live in the address: a reload, Back and Forward show the same calendar (issue 26).
  const [{ view, date, tableId }, go] = useCalendarPlace(views);
  const [dialog, setDialog] = useState<Dialog>(null);
  const tables = useGameTables();
  const short = useMedia(SHORT_NAMES_QUERY);
  const mobile = useMedia(MOBILE_QUERY);
  const range = visibleRange(view, date);
  const member = mode === 'member';
  // A member's read says of each occurrence whether they can book it, and why not (the server's own checks).
  const sessions = useQuery(sessionsQuery({ ...range, table_id: tableId, limit: LIMITS[mode], bookability: member || undefined }));
  const dayNames = short || mobile ? SHORT_DAY_NAMES : DAY_NAMES;

  const handlers: GridHandlers = {
    mode,
    isBookable: (s) => member && canBook(s),
    noteOf: (s) => (member && !isBooked(s) && !canBook(s) ? shortRefusal(s.bookability) : null),
    onOpen: (s) => {
      if (isBooked(s)) setDialog({ kind: 'detail', session: s });
      else if (mode === 'admin' || canBook(s)) setDialog({ kind: 'book', session: s });
      // What the member cannot book opens its details, which say why.
      else setDialog({ kind: 'detail', session: s });
    },
    onActions: mode === 'admin' ? (s) => setDialog({ kind: 'actions', session: s }) : undefined,
    // A slot of every table in the week opens its day (a step Back undoes).
    onDay: views.includes('day') ? (day) => go({ view: 'day', date: day }, { push: true }) : undefined,
  };
  const events = sessions.data ?? [];
  const close = () => setDialog(null);

  return (
    <div className="bk-calendar">
      <CalendarToolbar
        views={views}
        view={view}
        onView={(next) => go({ view: next })}
        date={date}
        onDate={(next) => go({ date: next })}
        tables={tables.data ?? []}
        tableId={tableId}
        onTable={(next) => go({ tableId: next })}
        extra={toolbarExtra?.({ ...range, tableId })}
      />
      {tables.isError && (
        <p role="alert" className="ui-alert ui-alert--error">
          Errore durante il recupero dei tavoli di gioco.
        </p>
      )}
      {sessions.isError && (
        <p role="alert" className="ui-alert ui-alert--error">
          Si è verificato un errore durante il recupero delle sessioni di allenamento
        </p>
      )}
      <div className="bk-calendar__body" aria-busy={sessions.isFetching}>
        {sessions.isPending && (
          <p role="status" className="bk-calendar__loading">
            Caricamento in corso...
          </p>
        )}
        {view === 'month' ? (
          <MonthGrid date={date} dayNames={dayNames} events={events} handlers={handlers} counts={mobile} />
        ) : mobile ? (
          <AgendaView
            view={view}
            days={view === 'day' ? [date] : weekDays(date)}
            events={events}
            handlers={handlers}
            bySlot={tableId === null && view === 'week'}
          />
        ) : (
          <TimeGrid
            view={view}
            days={view === 'day' ? [date] : weekDays(date)}
            dayNames={dayNames}
            events={events}
            handlers={handlers}
            bySlot={tableId === null && view === 'week'}
          />
        )}
      </div>
      {dialog?.kind === 'detail' && <EventDetailModal session={dialog.session} onClose={close} />}
      {dialog?.kind === 'book' && <LazyBookingModal session={dialog.session} date={dialog.session.specific_date} mode={mode} onClose={close} />}
      {dialog?.kind === 'actions' && (
        <ModalSuspense>
          <AdminSessionActions session={dialog.session} onClose={close} />
        </ModalSuspense>
      )}
    </div>
  );
}
