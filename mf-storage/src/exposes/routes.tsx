import type { DomainRoutes } from 'shared-ui';
import { CategoriesPage } from '../features/categories/components/CategoriesPage';
import { ItemsPage } from '../features/items/components/ItemsPage';
import { LoadsPage } from '../features/loads/components/LoadsPage';
import { UnloadsPage } from '../features/unloads/components/UnloadsPage';

/** The storage pages, by the paths of the shell's route table (spec 000 §2.1). */
const routes: DomainRoutes = {
  '/storage/management': ItemsPage,
  '/storage/categories': CategoriesPage,
  '/storage/load': LoadsPage,
  '/storage/unload': UnloadsPage,
};
export default routes;
