import type { Category, CategoryPayload } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { DomainError, isReferencedRow, isUniqueViolation } from '../../../core/errors';
import { assertReferencesExist } from '../reference-check';
import type { CategoryRepository } from './repository';

/** The rules of user categories: references must exist, names are unique, a category in use cannot go. */
export class CategoryService {
  constructor(
    private readonly db: Db,
    private readonly repo: CategoryRepository,
  ) {}

  private checkReferences(payload: CategoryPayload) {
    return assertReferencesExist(this.db, payload, ['reservation_rules', 'mailing_list_classes']);
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
