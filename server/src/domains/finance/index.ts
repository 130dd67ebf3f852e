import { finance_accounting_entries } from './tables';
import type { Domain } from '../../core/domain';
import { ChartRepository } from './chart/repository';
import { ChartService } from './chart/service';
import { ChargeRepository } from './charges/repository';
import { ChargeService } from './charges/service';
import { EntitiesRepository } from './entities/repository';
import { EntitiesService } from './entities/service';
import { LedgerRepository } from './ledger/repository';
import { LedgerService } from './ledger/service';
import routes from './routes';
import { seedFinance } from './seed';

export interface FinanceServices {
  chart: ChartService;
  charges: ChargeService;
  entities: EntitiesService;
  ledger: LedgerService;
}

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
  services({ db, config, files }) {
    const chartRepository = new ChartRepository(db);
    const ledgerRepository = new LedgerRepository(db);
    const ledger = new LedgerService(db, ledgerRepository, chartRepository, files);
    return {
      finance: {
        chart: new ChartService(db, chartRepository, ledgerRepository),
        ledger,
        charges: new ChargeService(db, new ChargeRepository(db), chartRepository, ledger, { club_name: config.clubName, iban: config.clubIban }),
        entities: new EntitiesService(db, new EntitiesRepository(db), config.clubName, ledgerRepository),
      },
    };
  },
  routes,
  seed: seedFinance,
  // An accounting entry's attachment: the finance staff.
  fileHolders: [{ column: finance_accounting_entries.attachment_file_id, readers: ['finance_access'] }],
};
