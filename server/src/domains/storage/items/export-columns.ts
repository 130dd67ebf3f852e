import type { StorageItem } from 'shared-api/contract';
import type { ExportColumn } from '../../../core/export/exporter';

/** Columns of the items download (GET /storage/item/export), those of Gestione magazzino. */
export const STORAGE_ITEM_EXPORT_COLUMNS: ExportColumn<StorageItem>[] = [
  { header: 'Descrizione', value: (item) => item.description, width: 2 },
  { header: 'Categoria', value: (item) => item.category.name, width: 1.2 },
  { header: 'Quantità totale', value: (item) => item.total_quantity, width: 0.8 },
  { header: 'Quantità attuale', value: (item) => item.current_quantity, width: 0.8 },
];
