import { useQuery } from '@tanstack/react-query';
import type { ErrorTextOptions, StorageCategory } from 'shared-api';
import { selectorQuery } from '../../../components/options';

/** The item categories table reads GET /storage/item-category through the DataTable under this key. */
export const CATEGORIES_PATH = '/storage/item-category';
export const CATEGORIES_QUERY_KEY = 'storage-categories';

/** The category selector of the item form. */
export const useCategoryOptions = () => useQuery(selectorQuery<StorageCategory>(CATEGORIES_QUERY_KEY, CATEGORIES_PATH));

/** A name already taken, or a category that items still use: the server's reason says what to change. */
export const CATEGORY_CONFLICTS: ErrorTextOptions = { own: ['STORAGE_CATEGORY_NAME_TAKEN'], detailed: ['STORAGE_CATEGORY_IN_USE'] };
