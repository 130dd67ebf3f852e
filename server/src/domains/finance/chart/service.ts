import {
  ASSET_LEDGERS,
  CODE_ALREADY_USED,
  ECONOMIC_LEDGERS,
  type Account,
  type AccountPayload,
  type IncomeCategory,
  type IncomeCategoryPayload,
  type LedgerType,
  type ListMeta,
  type Subaccount,
  type SubaccountEditPayload,
  type SubaccountPayload,
} from 'shared-api/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../core/db/client';
import { DomainError, isUniqueViolation } from '../../../core/errors';
import type { ListRequest } from '../../../core/list';
import type { LedgerRepository } from '../ledger/repository';
import { finance_accounting_entries, finance_accounting_items } from '../tables';
import type { AccountSortKey, ChartRepository, IncomeCategorySortKey, SubaccountSortKey } from './repository';

const kindAllows = (kind: string, ledger: LedgerType) => (kind === 'economic' ? ECONOMIC_LEDGERS : ASSET_LEDGERS).includes(ledger);

/**
 * The chart of accounts' rules: codes unique (an automatic code is the next free one), subaccounts under an
 * existing account, income categories whose economic subaccounts sit in Ricavi/Costi and asset subaccounts in the
 * Patrimoniale ledgers, and nothing deleted while something still uses it.
 */
export class ChartService {
  constructor(
    private readonly db: Db,
    private readonly repo: ChartRepository,
    private readonly ledger: LedgerRepository,
  ) {}

  private async withCodes<R>(run: (tx: DbOrTx) => Promise<R>, taken: 'ACCOUNT_CODE_TAKEN' | 'SUBACCOUNT_CODE_TAKEN'): Promise<R> {
    try {
      return await this.db.transaction(run);
    } catch (err) {
      if (isUniqueViolation(err, taken === 'ACCOUNT_CODE_TAKEN' ? 'finance_accounts_code_key' : 'finance_subaccounts_code_key')) {
        throw new DomainError(taken, CODE_ALREADY_USED);
      }
      throw err;
    }
  }

  // ——— accounts ———

  listAccounts(request: ListRequest<AccountSortKey>): Promise<{ data: Account[]; meta: ListMeta }> {
    return this.repo.listAccounts(request);
  }

  listAllAccounts(request: Omit<ListRequest<AccountSortKey>, 'page' | 'limit'>): Promise<Account[]> {
    return this.repo.listAllAccounts(request);
  }

  async getAccount(id: string): Promise<Account> {
    const found = await this.repo.account(id);
    if (!found) throw new DomainError('ACCOUNT_NOT_FOUND');
    return found;
  }

  async createAccount(payload: AccountPayload): Promise<Account> {
    const id = await this.withCodes(async (tx) => {
      await this.repo.lockCodes(tx, 'accounts');
      const code = payload.account_id ?? (await this.repo.nextAccountCode(tx));
      return this.repo.insertAccount(tx, { code, name: payload.name, ledger_type: payload.ledger_type });
    }, 'ACCOUNT_CODE_TAKEN');
    return this.getAccount(id);
  }

  /** A new ledger must still suit the income categories that use the account's subaccounts. */
  async updateAccount(id: string, payload: AccountPayload): Promise<Account> {
    await this.withCodes(async (tx) => {
      const kinds = await this.repo.categoryKindsOfAccount(tx, id);
      if (kinds.some((kind) => !kindAllows(kind, payload.ledger_type))) {
        throw new DomainError(
          'SUBACCOUNT_WRONG_LEDGER',
          'Impossibile cambiare il registro del conto: i suoi sottoconti sono usati da categorie di entrata che richiedono un altro registro',
        );
      }
      const values = { name: payload.name, ledger_type: payload.ledger_type, ...(payload.account_id ? { code: payload.account_id } : {}) };
      if (!(await this.repo.updateAccount(tx, id, values))) throw new DomainError('ACCOUNT_NOT_FOUND');
    }, 'ACCOUNT_CODE_TAKEN');
    return this.getAccount(id);
  }

  async removeAccount(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const holders = await this.repo.lockAccount(tx, id);
      if (!holders) throw new DomainError('ACCOUNT_NOT_FOUND');
      if (holders.length) throw new DomainError('ACCOUNT_IN_USE', `Impossibile eliminare il conto: ha ${holders.join(', ')}.`);
      await this.repo.deleteAccount(tx, id);
    });
  }

  // ——— subaccounts ———

  listSubaccounts(request: ListRequest<SubaccountSortKey>): Promise<{ data: Subaccount[]; meta: ListMeta }> {
    return this.repo.listSubaccounts(request);
  }

  listAllSubaccounts(request: Omit<ListRequest<SubaccountSortKey>, 'page' | 'limit'>): Promise<Subaccount[]> {
    return this.repo.listAllSubaccounts(request);
  }

  async getSubaccount(id: string): Promise<Subaccount> {
    const found = await this.repo.subaccount(id);
    if (!found) throw new DomainError('SUBACCOUNT_NOT_FOUND');
    return found;
  }

  private async assertParent(tx: DbOrTx, accountId: string): Promise<LedgerType> {
    const ledger = await this.repo.ledgerOfAccount(tx, accountId);
    if (!ledger) throw new DomainError('PARENT_ACCOUNT_NOT_FOUND', `parent_account: ${API_PARENT_MISSING}`);
    return ledger;
  }

  /** One subaccount under each parent account chosen (up to two), in one transaction. */
  async createSubaccounts(payload: SubaccountPayload): Promise<Subaccount[]> {
    const ids = await this.withCodes(async (tx) => {
      const created: string[] = [];
      await this.repo.lockCodes(tx, 'subaccounts');
      for (const accountId of payload.parent_account) {
        await this.assertParent(tx, accountId);
        const code = payload.subaccount_id ?? (await this.repo.nextSubaccountCode(tx, accountId));
        created.push(await this.repo.insertSubaccount(tx, { code, name: payload.name, account_id: accountId, payment_type: payload.payment_type }));
      }
      return created;
    }, 'SUBACCOUNT_CODE_TAKEN');
    return Promise.all(ids.map((id) => this.getSubaccount(id)));
  }

  /** Moving a subaccount to an account of another ledger must still suit the income categories that use it. */
  async updateSubaccount(id: string, payload: SubaccountEditPayload): Promise<Subaccount> {
    const accountId = payload.parent_account[0]!;
    await this.withCodes(async (tx) => {
      const ledger = await this.assertParent(tx, accountId);
      const kinds = await this.repo.categoryKindsOfSubaccount(tx, id);
      if (kinds.some((kind) => !kindAllows(kind, ledger))) {
        throw new DomainError(
          'SUBACCOUNT_WRONG_LEDGER',
          'Impossibile spostare il sottoconto: è usato da categorie di entrata che richiedono un altro registro',
        );
      }
      await this.repo.lockCodes(tx, 'subaccounts');
      const [current] = await this.repo.subaccountRows(tx, [id]);
      if (!current) throw new DomainError('SUBACCOUNT_NOT_FOUND');
      // Without a manual code it keeps its code, or takes the next free one when it moves to another account.
      const code = payload.subaccount_id ?? (current.account_id === accountId ? current.code : await this.repo.nextSubaccountCode(tx, accountId));
      await this.repo.updateSubaccount(tx, id, { code, name: payload.name, account_id: accountId, payment_type: payload.payment_type });
      // The movements that use it are found by its new code and name.
      await this.ledger.refreshSearchText(
        tx,
        sql`${finance_accounting_entries.id} in (select entry_id from ${finance_accounting_items} where subaccount_id = ${id})`,
      );
    }, 'SUBACCOUNT_CODE_TAKEN');
    return this.getSubaccount(id);
  }

  async removeSubaccount(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const holders = await this.repo.lockSubaccount(tx, id);
      if (!holders) throw new DomainError('SUBACCOUNT_NOT_FOUND');
      if (holders.length) throw new DomainError('SUBACCOUNT_IN_USE', `Impossibile eliminare il sottoconto: è usato da ${holders.join(', ')}.`);
      await this.repo.deleteSubaccount(tx, id);
    });
  }

  // ——— income categories ———

  listCategories(request: ListRequest<IncomeCategorySortKey>): Promise<{ data: IncomeCategory[]; meta: ListMeta }> {
    return this.repo.listCategories(request);
  }

  listAllCategories(request: Omit<ListRequest<IncomeCategorySortKey>, 'page' | 'limit'>): Promise<IncomeCategory[]> {
    return this.repo.listAllCategories(request);
  }

  async getCategory(id: string): Promise<IncomeCategory> {
    const found = await this.repo.category(id);
    if (!found) throw new DomainError('INCOME_CATEGORY_NOT_FOUND');
    return found;
  }

  /** Every subaccount exists, economic ones in Ricavi/Costi, asset ones in a Patrimoniale ledger. */
  private async checkCategorySubaccounts(tx: DbOrTx, payload: IncomeCategoryPayload): Promise<void> {
    const check = async (field: 'economic_subaccounts' | 'asset_subaccounts', ids: readonly string[]) => {
      const rows = await this.repo.subaccountRows(tx, ids);
      if (rows.length !== ids.length) throw new DomainError('VALIDATION_FAILED', `${field}: Sottoconto non trovato`);
      const allowed = field === 'economic_subaccounts' ? ECONOMIC_LEDGERS : ASSET_LEDGERS;
      const wrong = rows.find((r) => !allowed.includes(r.ledger_type));
      if (wrong) {
        throw new DomainError(
          'SUBACCOUNT_WRONG_LEDGER',
          field === 'economic_subaccounts'
            ? `economic_subaccounts: il sottoconto ${wrong.account_code}.${wrong.code} appartiene a un conto ${wrong.ledger_type}: i sottoconti economici devono essere di conti Ricavi o Costi`
            : `asset_subaccounts: il sottoconto ${wrong.account_code}.${wrong.code} appartiene a un conto ${wrong.ledger_type}: i sottoconti patrimoniali devono essere di conti Patrimoniale attivo o passivo`,
        );
      }
    };
    await check('economic_subaccounts', payload.economic_subaccounts);
    await check('asset_subaccounts', payload.asset_subaccounts);
  }

  async createCategory(payload: IncomeCategoryPayload): Promise<IncomeCategory> {
    const id = await this.db.transaction(async (tx) => {
      await this.checkCategorySubaccounts(tx, payload);
      const created = await this.repo.insertCategory(tx, payload.name);
      await this.repo.replaceCategorySubaccounts(tx, created, payload.economic_subaccounts, payload.asset_subaccounts);
      return created;
    });
    return this.getCategory(id);
  }

  async updateCategory(id: string, payload: IncomeCategoryPayload): Promise<IncomeCategory> {
    await this.db.transaction(async (tx) => {
      await this.checkCategorySubaccounts(tx, payload);
      if (!(await this.repo.updateCategory(tx, id, payload.name))) throw new DomainError('INCOME_CATEGORY_NOT_FOUND');
      await this.repo.replaceCategorySubaccounts(tx, id, payload.economic_subaccounts, payload.asset_subaccounts);
    });
    return this.getCategory(id);
  }

  async removeCategory(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const holders = await this.repo.lockCategory(tx, id);
      if (!holders) throw new DomainError('INCOME_CATEGORY_NOT_FOUND');
      if (holders.length)
        throw new DomainError('INCOME_CATEGORY_IN_USE', `Impossibile eliminare la categoria di entrata: è usata da ${holders.join(', ')}.`);
      await this.repo.deleteCategory(tx, id);
    });
  }
}

const API_PARENT_MISSING = 'il conto padre indicato non esiste';
