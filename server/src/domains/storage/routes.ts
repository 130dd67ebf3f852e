import type { FastifyPluginAsync } from 'fastify';
import {
  storageCategory,
  storageCategoryPayload,
  storageItem,
  storageItemPayload,
  storageLoad,
  storageLoadPayload,
  storageUnload,
  storageUnloadPayload,
} from 'shared-api/contract';
import { registerResourceRoutes } from '../../core/resources/routes';
import { STORAGE_CATEGORY_EXPORT_COLUMNS } from './categories/export-columns';
import { STORAGE_CATEGORY_SORT_KEYS } from './categories/repository';
import { STORAGE_ITEM_EXPORT_COLUMNS } from './items/export-columns';
import { STORAGE_ITEM_SORT_KEYS } from './items/repository';
import { STORAGE_LOAD_EXPORT_COLUMNS, STORAGE_UNLOAD_EXPORT_COLUMNS } from './movements/export-columns';
import { STORAGE_LOAD_SORT_KEYS } from './movements/loads-repository';
import { STORAGE_UNLOAD_SORT_KEYS } from './movements/unloads-repository';

const access = ['storage_access'] as const;

/** /storage (spec 001 §7 Storage): item categories, items, loads and unloads, each a list with its download. */
const storageRoutes: FastifyPluginAsync = async (app) => {
  const { categories, items, loads, unloads } = app.services.storage;
  await app.register(
    async (storage) => {
      await storage.register(
        async (r) => {
          registerResourceRoutes(r, {
            tag: 'magazzino',
            noun: ['categoria di articoli', 'categorie di articoli'],
            access,
            item: storageCategory,
            payload: storageCategoryPayload,
            sortKeys: STORAGE_CATEGORY_SORT_KEYS,
            maxLimit: 500,
            exportFile: { baseName: 'categorie_articoli', title: 'Categorie articoli', columns: STORAGE_CATEGORY_EXPORT_COLUMNS },
            service: categories,
          });
        },
        { prefix: '/item-category' },
      );
      await storage.register(
        async (r) => {
          registerResourceRoutes(r, {
            tag: 'magazzino',
            noun: ['articolo', 'articoli'],
            access,
            item: storageItem,
            payload: storageItemPayload,
            sortKeys: STORAGE_ITEM_SORT_KEYS,
            maxLimit: 500,
            exportFile: { baseName: 'magazzino', title: 'Gestione magazzino', columns: STORAGE_ITEM_EXPORT_COLUMNS },
            service: items,
          });
        },
        { prefix: '/item' },
      );
      await storage.register(
        async (r) => {
          registerResourceRoutes(r, {
            tag: 'magazzino',
            noun: ['carico', 'carichi'],
            access,
            item: storageLoad,
            payload: storageLoadPayload,
            sortKeys: STORAGE_LOAD_SORT_KEYS,
            exportFile: { baseName: 'carichi', title: 'Carico', columns: STORAGE_LOAD_EXPORT_COLUMNS },
            service: loads,
          });
        },
        { prefix: '/load' },
      );
      await storage.register(
        async (r) => {
          registerResourceRoutes(r, {
            tag: 'magazzino',
            noun: ['scarico', 'scarichi'],
            access,
            item: storageUnload,
            payload: storageUnloadPayload,
            sortKeys: STORAGE_UNLOAD_SORT_KEYS,
            exportFile: { baseName: 'scarichi', title: 'Scarico', columns: STORAGE_UNLOAD_EXPORT_COLUMNS },
            service: unloads,
          });
        },
        { prefix: '/unload' },
      );
    },
    { prefix: '/storage' },
  );
};

export default storageRoutes;
