import { useQuery } from '@tanstack/react-query';
import type { ErrorTextOptions, StorageItem } from 'shared-api';
import type { MenuOption } from 'shared-ui';
import { selectorQuery } from '../../../components/options';

/** Gestione magazzino reads GET /storage/item through the DataTable under this key. */
export const ITEMS_PATH = '/storage/item';
export const ITEMS_QUERY_KEY = 'storage-items';

/** GET /storage/item?limit=500 (spec 001 §7 Storage): the item selector of loads and unloads. */
export const useItemOptions = () => useQuery(selectorQuery<StorageItem>(ITEMS_QUERY_KEY, ITEMS_PATH));

/** An item in a menu: its description, and what is in stock as sub-line. */
export const itemOptions = (items: StorageItem[] | undefined): MenuOption[] =>
  (items ?? []).map((item) => ({ id: item._id, name: item.description, description: `Disponibili: ${item.current_quantity}` }));

/** An item that movements still use: the server says which. */
export const ITEM_CONFLICTS: ErrorTextOptions = { detailed: ['STORAGE_ITEM_IN_USE', 'VALIDATION_FAILED'] };
