import { lazy } from 'react';
import type { DomainRoutes } from 'shared-ui';
import '../booking.css';

// Each page loads when first opened (the shell mounts it inside Suspense), so the calendar, its admin forms and the
// calendar-file library never weigh on the other pages.
const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

/** Every booking page, statistics included. */
const routes: DomainRoutes = {
  '/book-session': page(() => import('../features/search/components/SearchPage'), 'SearchPage'),
  '/book-session-calendar': page(() => import('../features/calendar/components/CalendarPages'), 'MemberCalendarPage'),
  '/user/bookings': page(() => import('../features/my-bookings/components/MyBookingsPage'), 'MyBookingsPage'),
  '/bookings/game-tables': page(() => import('../features/game-tables/components/GameTablesPage'), 'GameTablesPage'),
  '/bookings/sessions': page(() => import('../features/calendar/components/CalendarPages'), 'SessionsAdminPage'),
  '/bookings/calendar': page(() => import('../features/calendar/components/CalendarPages'), 'BookingsCalendarPage'),
  '/bookings/attendance': page(() => import('../features/check-in/components/AttendancePage'), 'AttendancePage'),
  '/statistics/played-sessions': page(() => import('../features/statistics/components/PlayedSessionsPage'), 'PlayedSessionsPage'),
  '/statistics/free-sessions': page(() => import('../features/statistics/components/FreeSessionsPage'), 'FreeSessionsPage'),
  '/statistics/table-weeks': page(() => import('../features/statistics/components/TableWeeksPage'), 'TableWeeksPage'),
  // Check-in at the table (issue 42): the page the QR code on a table opens.
  '/check-in/:token': page(() => import('../features/check-in/components/CheckInPage'), 'CheckInPage'),
};
export default routes;
