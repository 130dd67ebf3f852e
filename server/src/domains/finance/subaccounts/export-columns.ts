import type { Subaccount } from 'shared-api/contract';
import type { ExportColumn } from '../../../core/export/exporter';
import { paymentLabel } from '../format';

/** The columns of the list's download (spec 002 §2), the same the table shows. */
export const SUBACCOUNT_EXPORT_COLUMNS: ExportColumn<Subaccount>[] = [
  { header: 'Codice', value: (s) => s.subaccount_id, width: 0.6 },
  { header: 'Nome', value: (s) => s.name, width: 1.4 },
  { header: 'Conto padre', value: (s) => `${s.parent_account.account_id} ${s.parent_account.name}`, width: 1.4 },
  { header: 'Registro', value: (s) => s.parent_account.ledger_type, width: 1 },
  { header: 'Tipo di pagamento', value: (s) => paymentLabel(s.payment_type), width: 1 },
];
