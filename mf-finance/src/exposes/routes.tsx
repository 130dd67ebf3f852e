import type { DomainRoutes } from 'shared-ui';
import '../finance.css';
import { AccountsPage } from '../features/accounts/components/AccountsPage';
import { AccountingMovementsPage } from '../features/accounting-movements/components/AccountingMovementsPage';
import { BusinessEntitiesPage } from '../features/business-entities/components/BusinessEntitiesPage';
import { IncomeCategoriesPage } from '../features/income-categories/components/IncomeCategoriesPage';
import { MyPaymentsPage } from '../features/my-payments/components/MyPaymentsPage';
import { MembersCashoutPage } from '../features/member-charges/components/MembersCashoutPage';
import { SelfCertificationsPage } from '../features/self-certifications/components/SelfCertificationsPage';
import { SubaccountsPage } from '../features/subaccounts/components/SubaccountsPage';

/** The finance pages and I miei pagamenti, by the paths of the shell's route table (spec 000 §2.1, 002 §2). */
const routes: DomainRoutes = {
  '/finance/insertion-count': AccountsPage,
  '/finance/insertion-subcount': SubaccountsPage,
  '/finance/entry-categories': IncomeCategoriesPage,
  '/finance/members-cashout': MembersCashoutPage,
  '/finance/providers-customers-registry': BusinessEntitiesPage,
  '/finance/self-certifications': SelfCertificationsPage,
  '/finance/accounting-movements': AccountingMovementsPage,
  '/user/payments': MyPaymentsPage,
};
export default routes;
