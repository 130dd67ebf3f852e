import type { Domain } from '../../core/domain';
import { todayIn } from '../../core/time';
import routes from './routes';
import { seedFinance } from './seed';
import { financeSettings } from './settings';
import { type FinanceServices, financeServices } from './services';
import { finance_accounting_entries } from './tables';
import { financePersonalData } from './personal-data';
import { financeAuditNames } from './audit-names';

export type { FinanceServices } from './services';

declare module '../../core/domain' {
  interface Services {
    finance: FinanceServices;
  }
}

/**
 * The club's books (spec 002): chart of accounts, income categories, member charges and their payments (each
 * posted to the ledger in its own transaction), customers and suppliers, self-certifications, accounting
 * movements and the trial balance; and the member's own payments.
 */
export const finance: Domain = {
  name: 'finance',
  migrations: 'domains/finance/migrations',
  // The entry counter: its entries are audited.
  unaudited: ['finance_accounting_counters'],
  settings: financeSettings,
  services: ({ db, config, files, clock }) => ({ finance: financeServices(db, config, files, () => todayIn(config.clubTimezone, clock.now())) }),
  routes,
  personalData: financePersonalData,
  auditNames: financeAuditNames,
  seed: seedFinance,
  // An accounting entry's attachment: the finance staff.
  fileHolders: [{ column: finance_accounting_entries.attachment_file_id, readers: ['finance_access'] }],
};
