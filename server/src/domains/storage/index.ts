import type {
  StorageCategory,
  StorageCategoryPayload,
  StorageItem,
  StorageItemPayload,
  StorageLoad,
  StorageLoadPayload,
  StorageUnload,
  StorageUnloadPayload,
} from 'shared-api/contract';
import type { Domain } from '../../core/domain';
import { invalidInput } from '../../core/errors';
import { EditableService } from '../../core/resources/service';
import { StorageCategoryRepository, type StorageCategorySortKey } from './categories/repository';
import { StorageItemRepository, type StorageItemSortKey } from './items/repository';
import { StorageLoadRepository, type StorageLoadSortKey } from './movements/loads-repository';
import { MovementService } from './movements/service';
import { StorageUnloadRepository, type StorageUnloadSortKey } from './movements/unloads-repository';
import routes from './routes';
import { seedStorage } from './seed';

export interface StorageServices {
  categories: EditableService<StorageCategory, StorageCategoryPayload, StorageCategorySortKey>;
  items: EditableService<StorageItem, StorageItemPayload, StorageItemSortKey>;
  loads: MovementService<StorageLoad, StorageLoadPayload, StorageLoadSortKey>;
  unloads: MovementService<StorageUnload, StorageUnloadPayload, StorageUnloadSortKey>;
}

declare module '../../core/domain' {
  interface Services {
    storage: StorageServices;
  }
}

/** The club's stockroom: item categories, items with their quantities, loads, unloads and deliveries. */
export const storage: Domain = {
  name: 'storage',
  services({ db }) {
    const itemRepository = new StorageItemRepository(db);
    const unloadRepository = new StorageUnloadRepository(db);
    return {
      storage: {
        categories: new EditableService(db, new StorageCategoryRepository(db), {
          notFound: 'STORAGE_CATEGORY_NOT_FOUND',
          inUse: 'STORAGE_CATEGORY_IN_USE',
          inUseMessage: (holders) => `Impossibile eliminare la categoria: è usata da ${holders}.`,
          uniqueName: { constraint: 'storage_item_categories_name_key', code: 'STORAGE_CATEGORY_NAME_TAKEN' },
        }),
        items: new EditableService(db, itemRepository, {
          notFound: 'STORAGE_ITEM_NOT_FOUND',
          inUse: 'STORAGE_ITEM_IN_USE',
          inUseMessage: (holders) => `Impossibile eliminare l'articolo: è usato da ${holders}.`,
          check: async (payload) => {
            if (!(await itemRepository.categoryExists(payload.category))) throw invalidInput('category: Categoria di articoli non trovata');
          },
        }),
        loads: new MovementService(db, new StorageLoadRepository(db), {
          kind: 'load',
          notFound: 'STORAGE_LOAD_NOT_FOUND',
          movementOf: (p) => ({ itemId: p.item, quantity: p.quantity }),
        }),
        unloads: new MovementService(db, unloadRepository, {
          kind: 'unload',
          notFound: 'STORAGE_UNLOAD_NOT_FOUND',
          movementOf: (p) => ({ itemId: p.item, quantity: p.quantity }),
          check: async (payload) => {
            if (payload.user && !(await unloadRepository.userExists(payload.user))) throw invalidInput('user: Utente non trovato');
          },
        }),
      },
    };
  },
  routes,
  seed: seedStorage,
};
