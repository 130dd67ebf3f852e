import type { StorageLoad, StorageLoadPayload } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { EditableService } from '../../../core/resources/service';
import { STOCK_CHECK, type StoredMovement, stockEffect } from '../items/stock';
import { StorageLoadRepository, type StorageLoadSortKey } from './repository';

export type StorageLoadService = EditableService<StorageLoad, StorageLoadPayload, StorageLoadSortKey, StoredMovement>;

/** Loads: each adds its quantity to its item, in its own transaction (items/stock.ts). */
export function storageLoadService(db: Db): StorageLoadService {
  const repository = new StorageLoadRepository(db);
  return new EditableService(db, repository, {
    notFound: 'STORAGE_LOAD_NOT_FOUND',
    checked: STOCK_CHECK,
    effect: stockEffect<StorageLoadPayload>(
      'load',
      (p) => ({ itemId: p.item, quantity: p.quantity }),
      (tx, id) => repository.lockForChange(tx, id),
    ),
  });
}
