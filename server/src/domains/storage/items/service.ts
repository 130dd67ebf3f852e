import type { StorageItem, StorageItemPayload } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { invalidInput } from '../../../core/errors';
import { EditableService } from '../../../core/resources/service';
import { StorageItemRepository, type StorageItemSortKey } from './repository';

export type StorageItemService = EditableService<StorageItem, StorageItemPayload, StorageItemSortKey>;

/** Items: in an existing category; none deleted while movements name it. */
export function storageItemService(db: Db): StorageItemService {
  const repository = new StorageItemRepository(db);
  return new EditableService(db, repository, {
    notFound: 'STORAGE_ITEM_NOT_FOUND',
    inUse: { code: 'STORAGE_ITEM_IN_USE', message: (holders) => `Impossibile eliminare l'articolo: è usato da ${holders}.` },
    check: async (payload) => {
      if (!(await repository.categoryExists(payload.category))) throw invalidInput('category: Categoria di articoli non trovata');
    },
  });
}
