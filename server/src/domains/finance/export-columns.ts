import {
  type Account,
  type AccountingEntry,
  type BusinessEntity,
  type IncomeCategory,
  type MemberCharge,
  type SelfCertification,
  type Subaccount,
  type TrialBalanceRow,
  PAYMENT_TYPE_LABELS,
} from 'shared-api/contract';
import type { ExportColumn } from '../../core/export/exporter';
import { formatItalianDate } from '../../core/time';

/** Euro in the downloads: two decimals with the Italian comma. */
const euro = (v: number) => new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);
const paymentLabel = (t: string | null) => (t ? (PAYMENT_TYPE_LABELS[t as keyof typeof PAYMENT_TYPE_LABELS] ?? t) : '');
const subaccountNames = (list: IncomeCategory['economic_subaccounts']) => list.map((s) => `${s.account_id}.${s.subaccount_id} ${s.name}`).join(', ');

/** The columns of each finance list's download (spec 002 §2), the same the tables show. */
export const ACCOUNT_EXPORT_COLUMNS: ExportColumn<Account>[] = [
  { header: 'Codice conto', value: (a) => a.account_id, width: 0.6 },
  { header: 'Nome', value: (a) => a.name, width: 1.6 },
  { header: 'Registro', value: (a) => a.ledger_type, width: 1 },
];

export const SUBACCOUNT_EXPORT_COLUMNS: ExportColumn<Subaccount>[] = [
  { header: 'Codice', value: (s) => s.subaccount_id, width: 0.6 },
  { header: 'Nome', value: (s) => s.name, width: 1.4 },
  { header: 'Conto padre', value: (s) => `${s.parent_account.account_id} ${s.parent_account.name}`, width: 1.4 },
  { header: 'Registro', value: (s) => s.parent_account.ledger_type, width: 1 },
  { header: 'Tipo di pagamento', value: (s) => paymentLabel(s.payment_type), width: 1 },
];

export const INCOME_CATEGORY_EXPORT_COLUMNS: ExportColumn<IncomeCategory>[] = [
  { header: 'Nome', value: (c) => c.name, width: 1.2 },
  { header: 'Sottoconti economici', value: (c) => subaccountNames(c.economic_subaccounts), width: 1.6 },
  { header: 'Sottoconti patrimoniali', value: (c) => subaccountNames(c.asset_subaccounts), width: 1.6 },
  { header: 'Data di creazione', value: (c) => formatItalianDate(c.createdAt), width: 0.8 },
];

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

export const BUSINESS_ENTITY_EXPORT_COLUMNS: ExportColumn<BusinessEntity>[] = [
  { header: 'Nome', value: (b) => b.name, width: 1.2 },
  { header: 'Indirizzo', value: (b) => b.address, width: 1.2 },
  { header: 'Provincia', value: (b) => b.province, width: 0.5 },
  { header: 'Città', value: (b) => b.city, width: 0.8 },
  { header: 'CAP', value: (b) => b.postal_code, width: 0.5 },
  { header: 'Codice identificativo', value: (b) => b.identification_code, width: 1 },
  { header: 'Telefono 1', value: (b) => b.phone1, width: 0.8 },
  { header: 'Telefono 2', value: (b) => b.phone2, width: 0.8 },
  { header: 'Email', value: (b) => b.email, width: 1.2 },
  { header: 'Data di creazione', value: (b) => formatItalianDate(b.created_at), width: 0.7 },
  { header: 'Note', value: (b) => b.notes, width: 1 },
];

export const SELF_CERTIFICATION_EXPORT_COLUMNS: ExportColumn<SelfCertification>[] = [
  { header: 'Nome', value: (s) => s.user.name, width: 1 },
  { header: 'Cognome', value: (s) => s.user.surname, width: 1 },
  { header: 'Mese', value: (s) => s.month, width: 0.4 },
  { header: 'Anno', value: (s) => s.year, width: 0.5 },
  { header: 'Importo (€)', value: (s) => euro(s.amount), width: 0.7 },
  { header: 'Data di rilascio', value: (s) => formatItalianDate(s.issue_date), width: 0.7 },
  { header: 'Data di creazione', value: (s) => formatItalianDate(s.created_at), width: 0.7 },
];

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
