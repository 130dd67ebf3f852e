import '../registry.css';
import { lazy } from 'react';
import type { DomainRoutes } from 'shared-ui';
import { UsersPage } from '../features/users/components/UsersPage';

// Each page but the users page loads when first opened (the shell mounts it inside Suspense): the users page, the
// registry's busiest, does not carry the others' code (the audit log's labels, the FITET import, the rules' forms).
const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

/** The registry's pages by the paths of the shell's route table (the seven of spec 001 §2 and issue 28's audit log). */
const routes: DomainRoutes = {
  '/registry/users/management': UsersPage,
  '/registry/users/fitet': page(() => import('../features/fitet/components/FitetPage'), 'FitetPage'),
  '/registry/users/categories': page(() => import('../features/categories/components/CategoriesPage'), 'CategoriesPage'),
  '/registry/users/qualifications': page(() => import('../features/qualifications/components/QualificationsPage'), 'QualificationsPage'),
  '/registry/users/booking-rules': page(() => import('../features/reservation-rules/components/ReservationRulesPage'), 'ReservationRulesPage'),
  '/registry/users/mailing-lists': page(() => import('../features/mailing-lists/components/MailingListsPage'), 'MailingListsPage'),
  '/registry/users/training-groups': page(() => import('../features/training-groups/components/TrainingGroupsPage'), 'TrainingGroupsPage'),
  '/registry/audit': page(() => import('../features/audit/components/AuditPage'), 'AuditPage'),
};
export default routes;
