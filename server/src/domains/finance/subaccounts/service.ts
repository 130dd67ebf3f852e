import { sql } from 'drizzle-orm';
import type { LedgerType, Subaccount, SubaccountEditPayload, SubaccountPayload } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { DomainError } from '../../../core/errors';
import { ListedRecords } from '../../../core/resources/service';
import type { AccountingMovementRepository } from '../accounting-movements/repository';
import type { AccountRepository } from '../accounts/repository';
import { writingCodes } from '../codes';
import type { IncomeCategoryRepository } from '../income-categories/repository';
import { ledgerSuits } from '../income-categories/service';
import { lockCodes } from '../sql';
import { finance_accounting_entries, finance_accounting_items } from '../tables';
import type { SubaccountRepository, SubaccountSortKey } from './repository';

const PARENT_MISSING = 'parent_account: il conto padre indicato non esiste';

/**
 * Subaccounts: under an existing account, codes unique within it (an automatic code is the next free one), a move
 * to another ledger only where the income categories using it allow, none deleted while anything uses it.
 */
export class SubaccountService extends ListedRecords<Subaccount, SubaccountSortKey> {
  constructor(
    private readonly db: Db,
    private readonly repo: SubaccountRepository,
    private readonly accounts: AccountRepository,
    private readonly categories: IncomeCategoryRepository,
    private readonly movements: AccountingMovementRepository,
  ) {
    super(repo, 'SUBACCOUNT_NOT_FOUND');
  }

  /** One subaccount under each parent account chosen (up to two), in one transaction. */
  async create(payload: SubaccountPayload): Promise<Subaccount[]> {
    const ids = await writingCodes(this.db, 'SUBACCOUNT_CODE_TAKEN', async (tx) => {
      const created: string[] = [];
      await lockCodes(tx, 'subaccounts');
      for (const accountId of payload.parent_account) {
        await this.ledgerOfParent(tx, accountId);
        const code = payload.subaccount_id ?? (await this.repo.nextCode(tx, accountId));
        created.push(await this.repo.insert(tx, { code, name: payload.name, account_id: accountId, payment_type: payload.payment_type }));
      }
      return created;
    });
    return Promise.all(ids.map((id) => this.get(id)));
  }

  /** Moving a subaccount to an account of another ledger must still suit the income categories that use it. */
  async update(id: string, payload: SubaccountEditPayload): Promise<Subaccount> {
    const accountId = payload.parent_account[0]!;
    await writingCodes(this.db, 'SUBACCOUNT_CODE_TAKEN', async (tx) => {
      const ledger = await this.ledgerOfParent(tx, accountId);
      if (!ledgerSuits(await this.categories.kindsUsingSubaccount(tx, id), ledger)) {
        throw new DomainError(
          'SUBACCOUNT_WRONG_LEDGER',
          'Impossibile spostare il sottoconto: è usato da categorie di entrata che richiedono un altro registro',
        );
      }
      await lockCodes(tx, 'subaccounts');
      const [current] = await this.repo.rows(tx, [id]);
      if (!current) throw new DomainError('SUBACCOUNT_NOT_FOUND');
      // Without a manual code it keeps its code, or takes the next free one when it moves to another account.
      const code = payload.subaccount_id ?? (current.account_id === accountId ? current.code : await this.repo.nextCode(tx, accountId));
      await this.repo.update(tx, id, { code, name: payload.name, account_id: accountId, payment_type: payload.payment_type });
      // The movements that use it are found by its new code and name.
      await this.movements.refreshSearchText(
        tx,
        sql`${finance_accounting_entries.id} in (select entry_id from ${finance_accounting_items} where subaccount_id = ${id})`,
      );
    });
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const holders = await this.repo.lockAndCountHolders(tx, id);
      if (!holders) throw new DomainError('SUBACCOUNT_NOT_FOUND');
      if (holders.length) throw new DomainError('SUBACCOUNT_IN_USE', `Impossibile eliminare il sottoconto: è usato da ${holders.join(', ')}.`);
      await this.repo.delete(tx, id);
    });
  }

  private async ledgerOfParent(tx: DbOrTx, accountId: string): Promise<LedgerType> {
    const ledger = await this.accounts.ledgerOf(tx, accountId);
    if (!ledger) throw new DomainError('PARENT_ACCOUNT_NOT_FOUND', PARENT_MISSING);
    return ledger;
  }
}
