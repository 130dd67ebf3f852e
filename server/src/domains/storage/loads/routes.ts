import type { FastifyPluginAsync } from 'fastify';
import { storageLoad, storageLoadPayload } from 'shared-api/contract';
import { registerResourceRoutes } from '../../../core/resources/routes';
import { STORAGE_ACCESS } from '../access';
import { STORAGE_LOAD_EXPORT_COLUMNS } from './export-columns';
import { STORAGE_LOAD_SORT_KEYS } from './repository';

/** /storage/load (spec 001 §7 Storage): the loads, newest first. */
const routes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, {
    tag: 'magazzino',
    noun: ['carico', 'carichi'],
    access: STORAGE_ACCESS,
    item: storageLoad,
    payload: storageLoadPayload,
    sortKeys: STORAGE_LOAD_SORT_KEYS,
    exportFile: { baseName: 'carichi', title: 'Carico', columns: STORAGE_LOAD_EXPORT_COLUMNS },
    service: app.services.storage.loads,
  });
};

export default routes;
