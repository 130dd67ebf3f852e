import type { DomainRoutes } from 'shared-ui';
import '../booking.css';
import { GameTablesPage } from '../features/game-tables/components/GameTablesPage';
import { MyBookingsPage } from '../features/my-bookings/components/MyBookingsPage';
import { SearchPage } from '../features/search/components/SearchPage';

/** The booking pages built so far; the statistics paths show the shell's "not yet available" message. */
const routes: DomainRoutes = {
  '/book-session': SearchPage,
  '/user/bookings': MyBookingsPage,
  '/bookings/game-tables': GameTablesPage,
};
export default routes;
