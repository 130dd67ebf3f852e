import type { StorageCategory, StorageCategoryPayload } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { EditableService } from '../../../core/resources/service';
import { StorageCategoryRepository, type StorageCategorySortKey } from './repository';

export type StorageCategoryService = EditableService<StorageCategory, StorageCategoryPayload, StorageCategorySortKey>;

/** Item categories: a unique name; none deleted while items use it. */
export const storageCategoryService = (db: Db): StorageCategoryService =>
  new EditableService(db, new StorageCategoryRepository(db), {
    notFound: 'STORAGE_CATEGORY_NOT_FOUND',
    inUse: { code: 'STORAGE_CATEGORY_IN_USE', message: (holders) => `Impossibile eliminare la categoria: è usata da ${holders}.` },
    uniqueName: { constraint: 'storage_item_categories_name_key', code: 'STORAGE_CATEGORY_NAME_TAKEN' },
  });
