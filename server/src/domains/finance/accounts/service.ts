import type { Account, AccountPayload } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { DomainError } from '../../../core/errors';
import { ListedRecords } from '../../../core/resources/service';
import { writingCodes } from '../codes';
import type { IncomeCategoryRepository } from '../income-categories/repository';
import { ledgerSuits } from '../income-categories/service';
import { lockCodes } from '../sql';
import type { AccountRepository, AccountSortKey } from './repository';

/**
 * The accounts of the chart: codes unique (an automatic code is the next free one), a ledger that still suits the
 * income categories using the account's subaccounts, and none deleted while it has subaccounts.
 */
export class AccountService extends ListedRecords<Account, AccountSortKey> {
  constructor(
    private readonly db: Db,
    private readonly repo: AccountRepository,
    private readonly categories: IncomeCategoryRepository,
  ) {
    super(repo, 'ACCOUNT_NOT_FOUND');
  }

  async create(payload: AccountPayload): Promise<Account> {
    const id = await writingCodes(this.db, 'ACCOUNT_CODE_TAKEN', async (tx) => {
      await lockCodes(tx, 'accounts');
      const code = payload.account_id ?? (await this.repo.nextCode(tx));
      return this.repo.insert(tx, { code, name: payload.name, ledger_type: payload.ledger_type });
    });
    return this.get(id);
  }

  async update(id: string, payload: AccountPayload): Promise<Account> {
    await writingCodes(this.db, 'ACCOUNT_CODE_TAKEN', async (tx) => {
      if (!ledgerSuits(await this.categories.kindsUsingAccount(tx, id), payload.ledger_type)) {
        throw new DomainError(
          'SUBACCOUNT_WRONG_LEDGER',
          'Impossibile cambiare il registro del conto: i suoi sottoconti sono usati da categorie di entrata che richiedono un altro registro',
        );
      }
      const values = { name: payload.name, ledger_type: payload.ledger_type, ...(payload.account_id ? { code: payload.account_id } : {}) };
      if (!(await this.repo.update(tx, id, values))) throw new DomainError('ACCOUNT_NOT_FOUND');
    });
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const holders = await this.repo.lockAndCountHolders(tx, id);
      if (!holders) throw new DomainError('ACCOUNT_NOT_FOUND');
      if (holders.length) throw new DomainError('ACCOUNT_IN_USE', `Impossibile eliminare il conto: ha ${holders.join(', ')}.`);
      await this.repo.delete(tx, id);
    });
  }
}
