import type { DomainRoutes } from 'shared-ui';
import { AccountsPage } from '../features/accounts/components/AccountsPage';

/** The finance pages and I miei pagamenti, by the paths of the shell's route table (spec 000 §2.1, 002 §2). */
const routes: DomainRoutes = {
  '/finance/insertion-count': AccountsPage,
};
export default routes;
