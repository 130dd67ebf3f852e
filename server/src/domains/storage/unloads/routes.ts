import type { FastifyPluginAsync } from 'fastify';
import { storageUnload, storageUnloadPayload } from 'shared-api/contract';
import { registerResourceRoutes } from '../../../core/resources/routes';
import { STORAGE_ACCESS } from '../access';
import { STORAGE_UNLOAD_EXPORT_COLUMNS } from './export-columns';
import { STORAGE_UNLOAD_SORT_KEYS } from './repository';

/** /storage/unload (spec 001 §7 Storage): the unloads and deliveries, newest first. */
const routes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, {
    tag: 'magazzino',
    noun: ['scarico', 'scarichi'],
    access: STORAGE_ACCESS,
    item: storageUnload,
    payload: storageUnloadPayload,
    sortKeys: STORAGE_UNLOAD_SORT_KEYS,
    exportFile: { baseName: 'scarichi', title: 'Scarico', columns: STORAGE_UNLOAD_EXPORT_COLUMNS },
    service: app.services.storage.unloads,
  });
};

export default routes;
