import type { IncomeCategory } from 'shared-api/contract';
import type { ExportColumn } from '../../../core/export/exporter';
import { formatItalianDate } from '../../../core/time';

const subaccountNames = (list: IncomeCategory['economic_subaccounts']) => list.map((s) => `${s.account_id}.${s.subaccount_id} ${s.name}`).join(', ');

/** The columns of the list's download (spec 002 §2), the same the table shows. */
export const INCOME_CATEGORY_EXPORT_COLUMNS: ExportColumn<IncomeCategory>[] = [
  { header: 'Nome', value: (c) => c.name, width: 1.2 },
  { header: 'Sottoconti economici', value: (c) => subaccountNames(c.economic_subaccounts), width: 1.6 },
  { header: 'Sottoconti patrimoniali', value: (c) => subaccountNames(c.asset_subaccounts), width: 1.6 },
  { header: 'Data di creazione', value: (c) => formatItalianDate(c.createdAt), width: 0.8 },
];
