import type { FastifyPluginAsync } from 'fastify';
import { FINANCE_EXPORT_FILES, incomeCategory, incomeCategoryPayload } from 'shared-api/contract';
import { registerResourceRoutes } from '../../../core/resources/routes';
import { FINANCE_ACCESS } from '../access';
import { INCOME_CATEGORY_EXPORT_COLUMNS } from './export-columns';
import { INCOME_CATEGORY_SORT_KEYS } from './repository';

/** /finance/income-category (spec 002 §7): the income categories and the subaccounts their payments post to. */
const routes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, {
    tag: 'finanza: categorie di entrata',
    noun: ['categoria di entrata', 'categorie di entrata'],
    access: FINANCE_ACCESS,
    item: incomeCategory,
    payload: incomeCategoryPayload,
    sortKeys: INCOME_CATEGORY_SORT_KEYS,
    exportFile: { baseName: FINANCE_EXPORT_FILES.incomeCategory, title: 'Categorie di entrata', columns: INCOME_CATEGORY_EXPORT_COLUMNS },
    service: app.services.finance.incomeCategories,
  });
};

export default routes;
