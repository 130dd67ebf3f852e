import '../registry.css';
import type { DomainRoutes } from 'shared-ui';
import { AuditPage } from '../features/audit/components/AuditPage';
import { CategoriesPage } from '../features/categories/components/CategoriesPage';
import { FitetPage } from '../features/fitet/components/FitetPage';
import { MailingListsPage } from '../features/mailing-lists/components/MailingListsPage';
import { QualificationsPage } from '../features/qualifications/components/QualificationsPage';
import { ReservationRulesPage } from '../features/reservation-rules/components/ReservationRulesPage';
import { TrainingGroupsPage } from '../features/training-groups/components/TrainingGroupsPage';
import { UsersPage } from '../features/users/components/UsersPage';

/** The registry's pages by the paths of the shell's route table (the seven of spec 001 §2 and issue 28's audit log). */
const routes: DomainRoutes = {
  '/registry/users/management': UsersPage,
  '/registry/users/fitet': FitetPage,
  '/registry/users/categories': CategoriesPage,
  '/registry/users/qualifications': QualificationsPage,
  '/registry/users/booking-rules': ReservationRulesPage,
  '/registry/users/mailing-lists': MailingListsPage,
  '/registry/users/training-groups': TrainingGroupsPage,
  '/registry/audit': AuditPage,
};
export default routes;
