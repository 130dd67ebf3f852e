import type { MemberCharge } from 'shared-api/contract';
import type { ExportColumn } from '../../../core/export/exporter';
import { formatItalianDate } from '../../../core/time';
import { euro } from '../format';

/** The columns of the list's download (spec 002 §2), the same the table shows. */
export const MEMBER_CHARGE_EXPORT_COLUMNS: ExportColumn<MemberCharge>[] = [
  { header: 'Codice', value: (c) => c.code, width: 0.5 },
  { header: 'Cognome e nome', value: (c) => `${c.user.surname} ${c.user.name}`, width: 1.2 },
  { header: 'Descrizione', value: (c) => c.description, width: 1.2 },
  { header: 'Categoria di entrata', value: (c) => c.income_category?.name, width: 1 },
  { header: 'Inizio periodo', value: (c) => formatItalianDate(c.reference_period.start_date), width: 0.7 },
  { header: 'Fine periodo', value: (c) => formatItalianDate(c.reference_period.end_date), width: 0.7 },
  { header: 'Importo rimanente (€)', value: (c) => euro(c.amount_remaining), width: 0.7 },
  { header: 'Importo pagato (€)', value: (c) => euro(c.amount_paid), width: 0.7 },
  { header: 'Importo totale (€)', value: (c) => euro(c.amount_due), width: 0.7 },
  { header: 'Ultimo pagamento', value: (c) => formatItalianDate(c.last_payment_date), width: 0.7 },
  { header: 'Data inserimento', value: (c) => formatItalianDate(c.created_at), width: 0.7 },
  { header: 'Note', value: (c) => c.notes, width: 1 },
];
