import type { FastifyPluginAsync } from 'fastify';
import { FINANCE_EXPORT_FILES, businessEntity, businessEntityPayload } from 'shared-api/contract';
import { registerResourceRoutes } from '../../../core/resources/routes';
import { FINANCE_ACCESS } from '../access';
import { BUSINESS_ENTITY_EXPORT_COLUMNS } from './export-columns';
import { BUSINESS_ENTITY_SORT_KEYS } from './repository';

/** /finance/business-entity (spec 002 §7): customers and suppliers. */
const routes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, {
    tag: 'finanza: fornitori e clienti',
    noun: ['entità commerciale', 'entità commerciali'],
    access: FINANCE_ACCESS,
    item: businessEntity,
    payload: businessEntityPayload,
    sortKeys: BUSINESS_ENTITY_SORT_KEYS,
    exportFile: { baseName: FINANCE_EXPORT_FILES.businessEntity, title: 'Anagrafica fornitori e clienti', columns: BUSINESS_ENTITY_EXPORT_COLUMNS },
    service: app.services.finance.businessEntities,
  });
};

export default routes;
