import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { TrainingSession } from 'shared-api';
import { clubToday } from 'shared-ui';
import { LazyBookingModal } from '../../booking/components/LazyBookingModal';
import { useGameTables } from '../../game-tables/api/get-game-tables';
import { sessionsQuery } from '../../sessions/get-sessions';
import { MOBILE_QUERY, useMedia } from '../../../lib/use-media';
import { DAY_NAMES, SHORT_DAY_NAMES, SHORT_NAMES_QUERY, visibleRange, weekDays, type CalendarView } from '../layout';
import { isBooked, type CalendarMode } from '../event-style';
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
  const [view, setView] = useState<CalendarView>(views[0]!);
  const [date, setDate] = useState(clubToday);
  const [tableId, setTableId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const tables = useGameTables();
  const short = useMedia(SHORT_NAMES_QUERY);
  const mobile = useMedia(MOBILE_QUERY);
  const range = visibleRange(view, date);
  const sessions = useQuery(sessionsQuery({ ...range, table_id: tableId, limit: LIMITS[mode] }));
  const today = clubToday();
  const dayNames = short || mobile ? SHORT_DAY_NAMES : DAY_NAMES;

  const handlers: GridHandlers = {
    mode,
    isBookable: (s) => mode === 'member' && s.is_booking_allowed && !isBooked(s) && s.specific_date >= today,
    onOpen: (s) => {
      if (isBooked(s)) setDialog({ kind: 'detail', session: s });
      else if (mode === 'admin' || (s.is_booking_allowed && s.specific_date >= today)) setDialog({ kind: 'book', session: s });
    },
    onActions: mode === 'admin' ? (s) => setDialog({ kind: 'actions', session: s }) : undefined,
  };
  const events = sessions.data ?? [];
  const close = () => setDialog(null);

  return (
    <div className="bk-calendar">
      <CalendarToolbar
        views={views}
        view={view}
        onView={setView}
        date={date}
        onDate={setDate}
        tables={tables.data ?? []}
        tableId={tableId}
        onTable={setTableId}
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
          <MonthGrid date={date} dayNames={dayNames} events={events} handlers={handlers} />
        ) : (
          <TimeGrid view={view} days={view === 'day' ? [date] : weekDays(date)} dayNames={dayNames} events={events} handlers={handlers} />
        )}
      </div>
      {dialog?.kind === 'detail' && <EventDetailModal session={dialog.session} onClose={close} />}
      {dialog?.kind === 'book' && <LazyBookingModal session={dialog.session} date={dialog.session.specific_date} mode={mode} onClose={close} />}
      {dialog?.kind === 'actions' && (
        <Suspense fallback={<p role="status">Caricamento del modulo in corso...</p>}>
          <AdminSessionActions session={dialog.session} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
