import type { StorageUnload } from 'shared-api/contract';
import type { ExportColumn } from '../../../core/export/exporter';
import { formatItalianDate } from '../../../core/time';

export const UNLOAD_TYPE_LABELS: Record<StorageUnload['type'], string> = { UNLOAD: 'Scarico', DELIVERY: 'Consegna' };

/** Columns of the unloads download (GET /storage/unload/export), those of the Scarico page. */
export const STORAGE_UNLOAD_EXPORT_COLUMNS: ExportColumn<StorageUnload>[] = [
  { header: 'Tipo', value: (u) => UNLOAD_TYPE_LABELS[u.type], width: 0.8 },
  { header: 'Articolo', value: (u) => u.item.description, width: 1.6 },
  { header: 'Quantità', value: (u) => u.quantity, width: 0.7 },
  { header: 'Data', value: (u) => formatItalianDate(u.start_date), width: 0.9 },
  { header: 'Motivo', value: (u) => u.reason, width: 1.5 },
  { header: 'Cognome', value: (u) => u.user?.surname, width: 1 },
  { header: 'Nome', value: (u) => u.user?.name, width: 1 },
  { header: 'Note', value: (u) => u.notes, width: 1.5 },
];
