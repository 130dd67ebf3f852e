import type { StorageUnload, StorageUnloadPayload } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { invalidInput } from '../../../core/errors';
import { EditableService } from '../../../core/resources/service';
import { STOCK_CHECK, type StoredMovement, stockEffect } from '../items/stock';
import { StorageUnloadRepository, type StorageUnloadSortKey } from './repository';

export type StorageUnloadService = EditableService<StorageUnload, StorageUnloadPayload, StorageUnloadSortKey, StoredMovement>;

/** Unloads and deliveries: each takes its quantity from its item, in its own transaction; a delivery's member exists. */
export function storageUnloadService(db: Db): StorageUnloadService {
  const repository = new StorageUnloadRepository(db);
  return new EditableService(db, repository, {
    notFound: 'STORAGE_UNLOAD_NOT_FOUND',
    checked: STOCK_CHECK,
    check: async (payload) => {
      if (payload.user && !(await repository.userExists(payload.user))) throw invalidInput('user: Utente non trovato');
    },
    effect: stockEffect<StorageUnloadPayload>(
      'unload',
      (p) => ({ itemId: p.item, quantity: p.quantity }),
      (tx, id) => repository.lockForChange(tx, id),
    ),
  });
}
