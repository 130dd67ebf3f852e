import type { DomainRoutes } from 'shared-ui';
import { CategoriesPage } from '../features/categories/components/CategoriesPage';
import { UsersPage } from '../features/users/components/UsersPage';

/** The registry pages built so far; the other registry paths show the shell's "not yet available" message. */
const routes: DomainRoutes = {
  '/registry/users/management': UsersPage,
  '/registry/users/categories': CategoriesPage,
};
export default routes;
