import type { MailingListClass } from 'shared-api/contract';
import type { ExportColumn } from '../../../core/export/exporter';

/** Columns of the mailing-list classes download (GET /user/mailing-list/classes/export), those of the page. */
export const MAILING_LIST_CLASS_EXPORT_COLUMNS: ExportColumn<MailingListClass>[] = [
  { header: 'Nome', value: (c) => c.name, width: 1.2 },
  { header: 'Descrizione', value: (c) => c.description, width: 2 },
  { header: 'Tipo', value: (c) => c.type, width: 0.9 },
  { header: 'Predefinita', value: (c) => (c.is_default ? 'Sì' : 'No'), width: 0.6 },
];
