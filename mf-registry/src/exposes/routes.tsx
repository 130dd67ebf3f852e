import type { DomainRoutes } from 'shared-ui';
import { CategoriesPage } from '../features/categories/components/CategoriesPage';
import { MailingListsPage } from '../features/mailing-lists/components/MailingListsPage';
import { TrainingGroupsPage } from '../features/training-groups/components/TrainingGroupsPage';
import { UsersPage } from '../features/users/components/UsersPage';

/** The registry pages built so far; the other registry paths show the shell's "not yet available" message. */
const routes: DomainRoutes = {
  '/registry/users/management': UsersPage,
  '/registry/users/categories': CategoriesPage,
  '/registry/users/mailing-lists': MailingListsPage,
  '/registry/users/training-groups': TrainingGroupsPage,
};
export default routes;
