import { eq } from 'drizzle-orm';
import type { BusinessEntity, BusinessEntityPayload } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { DomainError } from '../../../core/errors';
import { ListedRecords } from '../../../core/resources/service';
import type { AccountingMovementRepository } from '../accounting-movements/repository';
import { finance_accounting_entries } from '../tables';
import type { BusinessEntityRepository, BusinessEntitySortKey } from './repository';

/** Customers and suppliers: none deleted while movements name it; a new name reaches the search of those movements. */
export class BusinessEntityService extends ListedRecords<BusinessEntity, BusinessEntitySortKey> {
  constructor(
    private readonly db: Db,
    private readonly repo: BusinessEntityRepository,
    private readonly movements: AccountingMovementRepository,
  ) {
    super(repo, 'BUSINESS_ENTITY_NOT_FOUND');
  }

  async create(payload: BusinessEntityPayload): Promise<BusinessEntity> {
    return this.get(await this.repo.insert(payload));
  }

  async update(id: string, payload: BusinessEntityPayload): Promise<BusinessEntity> {
    if (!(await this.repo.update(id, payload))) throw new DomainError('BUSINESS_ENTITY_NOT_FOUND');
    // The movements that name it are found by its new name.
    await this.movements.refreshSearchText(this.db, eq(finance_accounting_entries.business_entity_id, id));
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const holders = await this.repo.lockAndCountHolders(tx, id);
      if (!holders) throw new DomainError('BUSINESS_ENTITY_NOT_FOUND');
      if (holders.length)
        throw new DomainError('BUSINESS_ENTITY_IN_USE', `Impossibile eliminare l'entità commerciale: è usata da ${holders.join(', ')}.`);
      await this.repo.delete(tx, id);
    });
  }
}
