import type { DomainRoutes } from 'shared-ui';
import { CategoriesPage } from '../features/categories/components/CategoriesPage';
import { FitetPage } from '../features/fitet/components/FitetPage';
import { QualificationsPage } from '../features/qualifications/components/QualificationsPage';
import { ReservationRulesPage } from '../features/reservation-rules/components/ReservationRulesPage';
import { UsersPage } from '../features/users/components/UsersPage';

/** The registry pages built so far; the other registry paths show the shell's "not yet available" message. */
const routes: DomainRoutes = {
  '/registry/users/management': UsersPage,
  '/registry/users/fitet': FitetPage,
  '/registry/users/categories': CategoriesPage,
  '/registry/users/qualifications': QualificationsPage,
  '/registry/users/booking-rules': ReservationRulesPage,
};
export default routes;
