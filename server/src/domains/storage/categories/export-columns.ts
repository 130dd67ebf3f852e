import type { StorageCategory } from 'shared-api/contract';
import type { ExportColumn } from '../../../core/export/exporter';

/** Columns of the item categories download (GET /storage/item-category/export), those of the page. */
export const STORAGE_CATEGORY_EXPORT_COLUMNS: ExportColumn<StorageCategory>[] = [{ header: 'Nome', value: (c) => c.name }];
