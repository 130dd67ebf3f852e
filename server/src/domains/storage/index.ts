import type { Domain } from '../../core/domain';
import { type StorageCategoryService, storageCategoryService } from './categories/service';
import { type StorageItemService, storageItemService } from './items/service';
import { type StorageLoadService, storageLoadService } from './loads/service';
import routes from './routes';
import { seedStorage } from './seed';
import { type StorageUnloadService, storageUnloadService } from './unloads/service';
import { storagePersonalData } from './personal-data';
import { storageAuditNames } from './audit-names';

export interface StorageServices {
  categories: StorageCategoryService;
  items: StorageItemService;
  loads: StorageLoadService;
  unloads: StorageUnloadService;
}

declare module '../../core/domain' {
  interface Services {
    storage: StorageServices;
  }
}

/** The club's stockroom: item categories, items with their quantities, loads, unloads and deliveries. */
export const storage: Domain = {
  name: 'storage',
  migrations: 'domains/storage/migrations',
  services: ({ db }) => ({
    storage: {
      categories: storageCategoryService(db),
      items: storageItemService(db),
      loads: storageLoadService(db),
      unloads: storageUnloadService(db),
    },
  }),
  routes,
  personalData: storagePersonalData,
  auditNames: storageAuditNames,
  seed: seedStorage,
};
