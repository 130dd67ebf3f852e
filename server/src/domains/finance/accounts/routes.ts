import type { FastifyPluginAsync } from 'fastify';
import { FINANCE_EXPORT_FILES, account, accountPayload } from 'shared-api/contract';
import { registerResourceRoutes } from '../../../core/resources/routes';
import { FINANCE_ACCESS } from '../access';
import { ACCOUNT_EXPORT_COLUMNS } from './export-columns';
import { ACCOUNT_SORT_KEYS } from './repository';

/** /finance/account (spec 002 §7): the accounts of the chart. */
const routes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, {
    tag: 'finanza: conti',
    noun: ['conto', 'conti'],
    access: FINANCE_ACCESS,
    item: account,
    payload: accountPayload,
    sortKeys: ACCOUNT_SORT_KEYS,
    exportFile: { baseName: FINANCE_EXPORT_FILES.account, title: 'Conti', columns: ACCOUNT_EXPORT_COLUMNS },
    service: app.services.finance.accounts,
  });
};

export default routes;
