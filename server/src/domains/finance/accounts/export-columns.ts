import type { Account } from 'shared-api/contract';
import type { ExportColumn } from '../../../core/export/exporter';

/** The columns of each finance list's download (spec 002 §2), the same the tables show. */
export const ACCOUNT_EXPORT_COLUMNS: ExportColumn<Account>[] = [
  { header: 'Codice conto', value: (a) => a.account_id, width: 0.6 },
  { header: 'Nome', value: (a) => a.name, width: 1.6 },
  { header: 'Registro', value: (a) => a.ledger_type, width: 1 },
];
