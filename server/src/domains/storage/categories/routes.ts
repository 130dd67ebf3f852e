import type { FastifyPluginAsync } from 'fastify';
import { storageCategory, storageCategoryPayload } from 'shared-api/contract';
import { registerResourceRoutes } from '../../../core/resources/routes';
import { STORAGE_ACCESS } from '../access';
import { STORAGE_CATEGORY_EXPORT_COLUMNS } from './export-columns';
import { STORAGE_CATEGORY_SORT_KEYS } from './repository';

/** /storage/item-category (spec 001 §7 Storage): the item categories. */
const routes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, {
    tag: 'magazzino',
    noun: ['categoria di articoli', 'categorie di articoli'],
    access: STORAGE_ACCESS,
    item: storageCategory,
    payload: storageCategoryPayload,
    sortKeys: STORAGE_CATEGORY_SORT_KEYS,
    maxLimit: 500,
    exportFile: { baseName: 'categorie_articoli', title: 'Categorie articoli', columns: STORAGE_CATEGORY_EXPORT_COLUMNS },
    service: app.services.storage.categories,
  });
};

export default routes;
