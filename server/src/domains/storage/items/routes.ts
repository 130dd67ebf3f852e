import type { FastifyPluginAsync } from 'fastify';
import { storageItem, storageItemPayload } from 'shared-api/contract';
import { registerResourceRoutes } from '../../../core/resources/routes';
import { STORAGE_ACCESS } from '../access';
import { STORAGE_ITEM_EXPORT_COLUMNS } from './export-columns';
import { STORAGE_ITEM_SORT_KEYS } from './repository';

/** /storage/item (spec 001 §7 Storage): the items with their quantities. */
const routes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, {
    tag: 'magazzino',
    noun: ['articolo', 'articoli'],
    access: STORAGE_ACCESS,
    item: storageItem,
    payload: storageItemPayload,
    sortKeys: STORAGE_ITEM_SORT_KEYS,
    maxLimit: 500,
    exportFile: { baseName: 'magazzino', title: 'Gestione magazzino', columns: STORAGE_ITEM_EXPORT_COLUMNS },
    service: app.services.storage.items,
  });
};

export default routes;
