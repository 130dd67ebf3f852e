import { lazy, useState } from 'react';
import { PageLayout, clubToday, ModalSuspense } from 'shared-ui';
import { ADMIN_PAGE, BOOK_PAGE } from '../../../components/page';
import { SessionsExportMenu } from '../admin/SessionsExportMenu';
import { BookingCalendar, type ShownRange } from './BookingCalendar';

const SessionFormModal = lazy(() => import('../admin/SessionFormModal').then((m) => ({ default: m.SessionFormModal })));

/** /book-session-calendar: the member's calendar, day and week only (month is blocked). */
export function MemberCalendarPage() {
  return (
    <PageLayout {...BOOK_PAGE} title="Calendario">
      <BookingCalendar mode="member" views={['week', 'day']} />
    </PageLayout>
  );
}

function AdminCalendar() {
  const [creating, setCreating] = useState<'single-range' | 'multi' | null>(null);
  const extra = (shown: ShownRange) => (
    <div className="ui-row bk-toolbar__create">
      <SessionsExportMenu {...shown} />
      <button
        type="button"
        className="ui-btn ui-btn--primary ui-btn--sm"
        title="Crea un turno singolo o ricorrente"
        onClick={() => setCreating('single-range')}
      >
        + TS
      </button>
      <button type="button" className="ui-btn ui-btn--primary ui-btn--sm" title="Crea un gruppo di turni" onClick={() => setCreating('multi')}>
        + TM
      </button>
    </div>
  );
  return (
    <>
      <BookingCalendar mode="admin" views={['month', 'week', 'day']} toolbarExtra={extra} />
      {creating && (
        <ModalSuspense>
          <SessionFormModal purpose={{ kind: 'create', variant: creating, day: clubToday() }} onClose={() => setCreating(null)} />
        </ModalSuspense>
      )}
    </>
  );
}

/** /bookings/sessions (Turni di allenamento): the calendar in admin mode. */
export function SessionsAdminPage() {
  return (
    <PageLayout {...ADMIN_PAGE} title="Turni di allenamento">
      <AdminCalendar />
    </PageLayout>
  );
}

/** /bookings/calendar (Calendario prenotazioni): the same calendar, available and booked sessions. */
export function BookingsCalendarPage() {
  return (
    <PageLayout {...ADMIN_PAGE} title="Calendario prenotazioni">
      <AdminCalendar />
    </PageLayout>
  );
}
