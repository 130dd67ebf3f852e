import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { AppConfig } from '../../core/config';
import type { Db } from '../../core/db/client';
import { FileRepository } from '../../core/files/repository';
import { FileStore } from '../../core/files/store';
import { todayIn } from '../../core/time';
import { users } from '../registry/tables';
import { financeServices } from './services';

/**
 * The demo club's books, written through the services so every payment posts its entry like the portal does:
 * a chart of accounts (cash and two banks, suppliers, fees, costs), two income categories, the season fee for
 * three members with a cash and a bank payment, a supplier, a purchase and a trainer's self-certification.
 */
export async function seedFinance(db: Db, config: AppConfig, now: Date): Promise<void> {
  const files = new FileRepository(db, new FileStore(path.join(config.dataDir, 'files')));
  const {
    accounts,
    subaccounts,
    incomeCategories,
    memberCharges: charges,
    businessEntities,
    selfCertifications,
    accountingMovements,
  } = financeServices(db, config, files, () => todayIn(config.clubTimezone, now));

  const account = (account_id: number, name: string, ledger_type: 'Costi' | 'Ricavi' | 'Patrimoniale attivo' | 'Patrimoniale passivo') =>
    accounts.create({ account_id, name, ledger_type });
  const sub = async (accountId: string, subaccount_id: number, name: string, payment_type: 'cash' | 'bank_mps' | 'bank_bcc' | null = null) => {
    const [created] = await subaccounts.create({ subaccount_id, name, parent_account: [accountId], payment_type });
    return created!._id;
  };

  const liquidity = await account(100, 'Cassa e banche', 'Patrimoniale attivo');
  const payables = await account(200, 'Debiti', 'Patrimoniale passivo');
  const revenues = await account(300, 'Ricavi attività sportiva', 'Ricavi');
  const costs = await account(400, 'Costi di gestione', 'Costi');
  const cash = await sub(liquidity._id, 1, 'Cassa', 'cash');
  const mps = await sub(liquidity._id, 2, 'Banca MPS c/c ordinario', 'bank_mps');
  const bcc = await sub(liquidity._id, 3, 'Banca BCC c/c ordinario', 'bank_bcc');
  await sub(payables._id, 1, 'Fornitori');
  const fees = await sub(revenues._id, 1, 'Quote sociali');
  const courses = await sub(revenues._id, 2, 'Quote corsi');
  await sub(costs._id, 1, 'Affitto palestra');
  const equipment = await sub(costs._id, 2, 'Materiale sportivo');
  await sub(costs._id, 3, 'Utenze');

  const membership = await incomeCategories.create({ name: 'Quote sociali', economic_subaccounts: [fees], asset_subaccounts: [cash, mps, bcc] });
  await incomeCategories.create({ name: 'Corsi', economic_subaccounts: [courses], asset_subaccounts: [cash, mps, bcc] });

  const demo = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['marco.rossi@circolo.example', 'giulia.bianchi@circolo.example', 'luca.ferrari@circolo.example']));
  const idOf = (email: string) => demo.find((u) => u.email === email)?.id;
  const members = ['marco.rossi@circolo.example', 'giulia.bianchi@circolo.example', 'luca.ferrari@circolo.example']
    .map(idOf)
    .filter((id): id is string => Boolean(id));
  if (members.length !== 3) return;

  const season = await charges.create({
    user: members,
    income_category: membership._id,
    description: 'Quota sociale 2026-2027',
    reference_period: { start_date: '2026-09-01', end_date: '2027-08-31' },
    amount_due: 150,
    notes: null,
  });
  const [marco, giulia] = season;
  await charges.addPayment(marco!._id, { amount_paid: 50, payment_date: '2026-09-15', payment_type: 'cash' });
  await charges.addPayment(marco!._id, { amount_paid: 30, payment_date: '2026-10-10', payment_type: 'bank_mps' });
  await charges.addPayment(giulia!._id, { amount_paid: 150, payment_date: '2026-09-20', payment_type: 'bank_bcc' });

  const supplier = await businessEntities.create({
    name: 'Sport Forniture Srl',
    address: 'Via dello Sport 12',
    province: 'RM',
    city: 'Roma',
    postal_code: '00100',
    identification_code: '01234567890',
    phone1: '+39 06 1234567',
    phone2: null,
    email: 'ordini@sportforniture.example',
    notes: null,
  });
  await accountingMovements.createSingle(
    {
      fiscal_year: '2026-2027',
      registration_date: '2026-10-05',
      progressive: null,
      document_number: 1234,
      business_entity: supplier._id,
      payment_type: 'bank_mps',
      notes: 'Palline e reti per i tavoli',
      subaccount: equipment,
      description: 'Acquisto materiale sportivo',
      taxable_amount: 120,
      vat: 26.4,
      total: undefined,
    },
    null,
  );
  await selfCertifications.create({ user: members[2]!, year: 2026, month: 10, amount: 250, release_date: '2026-11-02' });
}
