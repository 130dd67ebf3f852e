import type { Category, CategoryPayload } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { DomainError, invalidInput, isReferencedRow, isUniqueViolation } from '../../../core/errors';
import { mailing_list_classes, reservation_rules } from '../tables';
import type { CategoryRepository } from './repository';

/** The rules of user categories: references must exist, names are unique, a category in use cannot go. */
export class CategoryService {
  constructor(
    private readonly db: Db,
    private readonly repo: CategoryRepository,
  ) {}

  private async checkReferences(payload: CategoryPayload) {
    for (const [field, table, ids, message] of [
      ['reservation_rules', reservation_rules, payload.reservation_rules, 'Regola di prenotazione non trovata'],
      ['mailing_list_classes', mailing_list_classes, payload.mailing_list_classes, 'Classe di mailing list non trovata'],
    ] as const) {
      const found = await this.repo.existingIds(table, ids);
      const missing = ids.find((id) => !found.has(id));
      if (missing) throw invalidInput(`${field}: ${message} (${missing})`);
    }
  }

  async get(id: string): Promise<Category> {
    const found = await this.repo.get(id);
    if (!found) throw new DomainError('CATEGORY_NOT_FOUND');
    return found;
  }

  async create(payload: CategoryPayload): Promise<Category> {
    await this.checkReferences(payload);
    try {
      const id = await this.db.transaction((tx) => this.repo.insert(tx, payload));
      return await this.get(id);
    } catch (err) {
      if (isUniqueViolation(err, 'categories_name_key')) throw new DomainError('CATEGORY_NAME_TAKEN');
      throw err;
    }
  }

  async update(id: string, payload: CategoryPayload): Promise<Category> {
    await this.checkReferences(payload);
    try {
      const found = await this.db.transaction((tx) => this.repo.update(tx, id, payload));
      if (!found) throw new DomainError('CATEGORY_NOT_FOUND');
    } catch (err) {
      if (isUniqueViolation(err, 'categories_name_key')) throw new DomainError('CATEGORY_NAME_TAKEN');
      throw err;
    }
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    try {
      if (!(await this.repo.delete(id))) throw new DomainError('CATEGORY_NOT_FOUND');
    } catch (err) {
      if (isReferencedRow(err)) throw new DomainError('CATEGORY_IN_USE');
      throw err;
    }
  }
}
