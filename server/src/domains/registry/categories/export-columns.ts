import { type Category, permissionLabel } from 'shared-api/contract';
import type { ExportColumn } from '../../../core/export/exporter';
import { names } from '../users/export-columns';

/** Columns of the categories download (GET /user/category/export). */
export const CATEGORY_EXPORT_COLUMNS: ExportColumn<Category>[] = [
  { header: 'Nome', value: (c) => c.name, width: 1.2 },
  { header: 'Descrizione', value: (c) => c.description, width: 2 },
  { header: 'Permessi', value: (c) => c.permissions.map(permissionLabel).join(', '), width: 2 },
  { header: 'Regole di prenotazione', value: (c) => names(c.reservation_rules), width: 1.5 },
  { header: 'Classi mailing list', value: (c) => names(c.mailing_list_classes), width: 1.5 },
];
