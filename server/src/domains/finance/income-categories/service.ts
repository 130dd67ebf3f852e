import { ASSET_LEDGERS, ECONOMIC_LEDGERS, type IncomeCategory, type IncomeCategoryPayload, type LedgerType } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { DomainError, invalidInput } from '../../../core/errors';
import { ListedRecords } from '../../../core/resources/service';
import type { SubaccountRepository } from '../subaccounts/repository';
import type { IncomeCategoryRepository, IncomeCategorySortKey, SubaccountKind } from './repository';

/** Whether a subaccount of this ledger may serve every use the income categories make of it. */
export const ledgerSuits = (kinds: readonly SubaccountKind[], ledger: LedgerType) =>
  kinds.every((kind) => (kind === 'economic' ? ECONOMIC_LEDGERS : ASSET_LEDGERS).includes(ledger));

/**
 * Income categories: economic subaccounts in Ricavi/Costi and asset subaccounts in the Patrimoniale ledgers, every
 * one existing; none deleted while member charges use it.
 */
export class IncomeCategoryService extends ListedRecords<IncomeCategory, IncomeCategorySortKey> {
  constructor(
    private readonly db: Db,
    private readonly repo: IncomeCategoryRepository,
    private readonly subaccounts: SubaccountRepository,
  ) {
    super(repo, 'INCOME_CATEGORY_NOT_FOUND');
  }

  async create(payload: IncomeCategoryPayload): Promise<IncomeCategory> {
    const id = await this.db.transaction(async (tx) => {
      await this.checkSubaccounts(tx, payload);
      const created = await this.repo.insert(tx, payload.name);
      await this.repo.replaceSubaccounts(tx, created, payload.economic_subaccounts, payload.asset_subaccounts);
      return created;
    });
    return this.get(id);
  }

  async update(id: string, payload: IncomeCategoryPayload): Promise<IncomeCategory> {
    await this.db.transaction(async (tx) => {
      await this.checkSubaccounts(tx, payload);
      if (!(await this.repo.update(tx, id, payload.name))) throw new DomainError('INCOME_CATEGORY_NOT_FOUND');
      await this.repo.replaceSubaccounts(tx, id, payload.economic_subaccounts, payload.asset_subaccounts);
    });
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const holders = await this.repo.lockAndCountHolders(tx, id);
      if (!holders) throw new DomainError('INCOME_CATEGORY_NOT_FOUND');
      if (holders.length)
        throw new DomainError('INCOME_CATEGORY_IN_USE', `Impossibile eliminare la categoria di entrata: è usata da ${holders.join(', ')}.`);
      await this.repo.delete(tx, id);
    });
  }

  /** Every subaccount exists, economic ones in Ricavi/Costi, asset ones in a Patrimoniale ledger. */
  private async checkSubaccounts(tx: DbOrTx, payload: IncomeCategoryPayload): Promise<void> {
    const check = async (kind: SubaccountKind, ids: readonly string[]) => {
      const field = `${kind}_subaccounts`;
      const rows = await this.subaccounts.rows(tx, ids);
      if (rows.length !== ids.length) throw invalidInput(`${field}: Sottoconto non trovato`);
      const wrong = rows.find((r) => !ledgerSuits([kind], r.ledger_type));
      if (wrong) {
        throw new DomainError(
          'SUBACCOUNT_WRONG_LEDGER',
          kind === 'economic'
            ? `economic_subaccounts: il sottoconto ${wrong.account_code}.${wrong.code} appartiene a un conto ${wrong.ledger_type}: i sottoconti economici devono essere di conti Ricavi o Costi`
            : `asset_subaccounts: il sottoconto ${wrong.account_code}.${wrong.code} appartiene a un conto ${wrong.ledger_type}: i sottoconti patrimoniali devono essere di conti Patrimoniale attivo o passivo`,
        );
      }
    };
    await check('economic', payload.economic_subaccounts);
    await check('asset', payload.asset_subaccounts);
  }
}
