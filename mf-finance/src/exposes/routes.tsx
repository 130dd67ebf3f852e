import type { DomainRoutes } from 'shared-ui';
import { AccountsPage } from '../features/accounts/components/AccountsPage';
import { AccountingMovementsPage } from '../features/accounting-movements/components/AccountingMovementsPage';
import { BusinessEntitiesPage } from '../features/business-entities/components/BusinessEntitiesPage';

/** The finance pages and I miei pagamenti, by the paths of the shell's route table (spec 000 §2.1, 002 §2). */
const routes: DomainRoutes = {
  '/finance/insertion-count': AccountsPage,
  '/finance/providers-customers-registry': BusinessEntitiesPage,
  '/finance/accounting-movements': AccountingMovementsPage,
};
export default routes;
