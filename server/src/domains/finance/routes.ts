import type { FastifyPluginAsync } from 'fastify';
import accountingMovementRoutes, { trialBalanceRoutes } from './accounting-movements/routes';
import accountRoutes from './accounts/routes';
import businessEntityRoutes from './business-entities/routes';
import incomeCategoryRoutes from './income-categories/routes';
import memberChargeRoutes from './member-charges/routes';
import myPaymentsRoutes from './my-payments/routes';
import selfCertificationRoutes from './self-certifications/routes';
import subaccountRoutes from './subaccounts/routes';

/**
 * /finance (spec 002 §7), a folder per page of mf-finance: the chart of accounts, member charges and payments,
 * customers and suppliers, self-certifications, the books; and the member's own payments under /user/me.
 */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(
    async (finance) => {
      await finance.register(accountRoutes, { prefix: '/account' });
      await finance.register(subaccountRoutes, { prefix: '/subaccount' });
      await finance.register(incomeCategoryRoutes, { prefix: '/income-category' });
      await finance.register(memberChargeRoutes, { prefix: '/member-charge' });
      await finance.register(businessEntityRoutes, { prefix: '/business-entity' });
      await finance.register(selfCertificationRoutes, { prefix: '/self-certification' });
      await finance.register(accountingMovementRoutes, { prefix: '/accounting-entry' });
      await finance.register(trialBalanceRoutes, { prefix: '/trial-balance' });
    },
    { prefix: '/finance' },
  );
  await app.register(myPaymentsRoutes, { prefix: '/user' });
};

export default routes;
