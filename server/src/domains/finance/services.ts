import type { AppConfig } from '../../core/config';
import type { Db } from '../../core/db/client';
import type { FileRepository } from '../../core/files/repository';
import { AccountingMovementRepository } from './accounting-movements/repository';
import { AccountingMovementService } from './accounting-movements/service';
import { AccountRepository } from './accounts/repository';
import { AccountService } from './accounts/service';
import { BusinessEntityRepository } from './business-entities/repository';
import { BusinessEntityService } from './business-entities/service';
import { IncomeCategoryRepository } from './income-categories/repository';
import { IncomeCategoryService } from './income-categories/service';
import { MemberChargeRepository } from './member-charges/repository';
import { MemberChargeService } from './member-charges/service';
import { MyPaymentsRepository } from './my-payments/repository';
import { MyPaymentsService } from './my-payments/service';
import { SelfCertificationRepository } from './self-certifications/repository';
import { SelfCertificationService } from './self-certifications/service';
import { SubaccountRepository } from './subaccounts/repository';
import { SubaccountService } from './subaccounts/service';

/** One service per feature of the finance pages (mf-finance/src/features/<the same name>). */
export interface FinanceServices {
  accounts: AccountService;
  subaccounts: SubaccountService;
  incomeCategories: IncomeCategoryService;
  memberCharges: MemberChargeService;
  myPayments: MyPaymentsService;
  businessEntities: BusinessEntityService;
  selfCertifications: SelfCertificationService;
  accountingMovements: AccountingMovementService;
}

/** The finance services over one database: what the routes use, and what the demo seed writes through. */
export function financeServices(
  db: Db,
  config: Pick<AppConfig, 'clubName' | 'clubIban'>,
  files: FileRepository,
  /** The club's today (YYYY-MM-DD): how far ahead a payment may be dated and a manual entry registered. */
  today: () => string,
): FinanceServices {
  const accounts = new AccountRepository(db);
  const subaccounts = new SubaccountRepository(db);
  const categories = new IncomeCategoryRepository(db);
  const movements = new AccountingMovementRepository(db);
  const accountingMovements = new AccountingMovementService(db, movements, subaccounts, files, today);
  return {
    accounts: new AccountService(db, accounts, categories),
    subaccounts: new SubaccountService(db, subaccounts, accounts, categories, movements),
    incomeCategories: new IncomeCategoryService(db, categories, subaccounts),
    memberCharges: new MemberChargeService(db, new MemberChargeRepository(db), categories, accountingMovements, today),
    myPayments: new MyPaymentsService(new MyPaymentsRepository(db), { club_name: config.clubName, iban: config.clubIban }),
    businessEntities: new BusinessEntityService(db, new BusinessEntityRepository(db), movements),
    selfCertifications: new SelfCertificationService(new SelfCertificationRepository(db), config.clubName),
    accountingMovements,
  };
}
