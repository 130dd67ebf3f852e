import type { AccountingEntry, TrialBalanceRow } from 'shared-api/contract';
import type { ExportColumn } from '../../../core/export/exporter';
import { formatItalianDate } from '../../../core/time';
import { euro, paymentLabel } from '../format';

/** The columns of the list's download (spec 002 §2), the same the table shows. */
export const ACCOUNTING_ENTRY_EXPORT_COLUMNS: ExportColumn<AccountingEntry>[] = [
  { header: 'Progressivo', value: (e) => e.progressive, width: 0.5 },
  { header: 'Anno fiscale', value: (e) => e.fiscal_year, width: 0.6 },
  { header: 'Registro', value: (e) => e.ledger_type, width: 0.8 },
  { header: 'Conto', value: (e) => e.account_name, width: 0.9 },
  { header: 'Codice sottoconto', value: (e) => e.subaccount.subaccount_id, width: 0.5 },
  { header: 'Sottoconto', value: (e) => e.subaccount.name, width: 0.9 },
  { header: 'Descrizione', value: (e) => e.description, width: 1.2 },
  { header: 'Numero documento', value: (e) => e.document_number, width: 0.6 },
  { header: 'Entità commerciale', value: (e) => e.business_entity?.name, width: 0.9 },
  { header: 'Data registrazione', value: (e) => formatItalianDate(e.registration_date), width: 0.7 },
  { header: 'Imponibile (€)', value: (e) => euro(e.taxable_amount), width: 0.6 },
  { header: 'IVA (€)', value: (e) => euro(e.vat), width: 0.5 },
  { header: 'Totale (€)', value: (e) => euro(e.total), width: 0.6 },
  { header: 'Tipo di pagamento', value: (e) => paymentLabel(e.payment_type), width: 0.8 },
  { header: 'Note', value: (e) => e.notes, width: 0.9 },
  { header: 'Allegato', value: (e) => e.attachment?.name, width: 0.8 },
];

export const TRIAL_BALANCE_EXPORT_COLUMNS: ExportColumn<TrialBalanceRow>[] = [
  { header: 'Conto', value: (r) => `${r.account.account_id} ${r.account.name}`, width: 1.2 },
  { header: 'Registro', value: (r) => r.ledger_type, width: 0.9 },
  { header: 'Sottoconto', value: (r) => `${r.subaccount.subaccount_id} ${r.subaccount.name}`, width: 1.2 },
  { header: 'Dare (€)', value: (r) => euro(r.debit), width: 0.7 },
  { header: 'Avere (€)', value: (r) => euro(r.credit), width: 0.7 },
  { header: 'Saldo (€)', value: (r) => euro(r.balance), width: 0.7 },
];
