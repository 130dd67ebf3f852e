import type { StorageLoad } from 'shared-api/contract';
import type { ExportColumn } from '../../../core/export/exporter';
import { formatItalianDate } from '../../../core/time';

/** Columns of the loads download (GET /storage/load/export), those of the Carico page. */
export const STORAGE_LOAD_EXPORT_COLUMNS: ExportColumn<StorageLoad>[] = [
  { header: 'Articolo', value: (l) => l.item.description, width: 2 },
  { header: 'Quantità', value: (l) => l.quantity, width: 0.7 },
  { header: 'Data di acquisizione', value: (l) => formatItalianDate(l.date), width: 1 },
  { header: 'Note', value: (l) => l.notes, width: 2 },
];
