import type { Category, CategoryPayload } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { DomainError, isReferencedRow, isUniqueViolation } from '../../../core/errors';
import { ListedRecords } from '../../../core/resources/service';
import { assertReferencesExist } from '../reference-check';
import type { CategoryRepository, CategorySortKey } from './repository';
import { type Actor, assertCanGrant, assertMayChange } from '../grants';

/**
 * The rules of user categories: references must exist, names are unique, a category in use cannot go; a permission
 * is added only by who holds it, and a category holding '*' is changed only by a '*' user.
 */
export class CategoryService extends ListedRecords<Category, CategorySortKey> {
  constructor(
    private readonly db: Db,
    private readonly repo: CategoryRepository,
  ) {
    super(repo, 'CATEGORY_NOT_FOUND');
  }

  private checkReferences(payload: CategoryPayload) {
    return assertReferencesExist(this.db, payload, ['reservation_rules', 'mailing_list_classes']);
  }

  /** The permissions a category holds now; CATEGORY_NOT_FOUND when there is none. */
  private async permissionsOf(id: string): Promise<string[]> {
    const permissions = await this.repo.permissionsOf(id);
    if (!permissions) throw new DomainError('CATEGORY_NOT_FOUND');
    return permissions;
  }

  async create(payload: CategoryPayload, actor: Actor): Promise<Category> {
    assertCanGrant(actor, payload.permissions);
    await this.checkReferences(payload);
    try {
      const id = await this.db.transaction((tx) => this.repo.insert(tx, payload));
      return await this.get(id);
    } catch (err) {
      if (isUniqueViolation(err, 'categories_name_key')) throw new DomainError('CATEGORY_NAME_TAKEN');
      throw err;
    }
  }

  async update(id: string, payload: CategoryPayload, actor: Actor): Promise<Category> {
    const current = await this.permissionsOf(id);
    assertMayChange(actor, current);
    // Only what is added is granted: a clerk may still edit a category holding rights they lack, without adding any.
    assertCanGrant(
      actor,
      payload.permissions.filter((p) => !current.includes(p)),
    );
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

  async remove(id: string, actor: Actor): Promise<void> {
    assertMayChange(actor, await this.permissionsOf(id));
    try {
      if (!(await this.repo.delete(id))) throw new DomainError('CATEGORY_NOT_FOUND');
    } catch (err) {
      if (isReferencedRow(err)) throw new DomainError('CATEGORY_IN_USE');
      throw err;
    }
  }
}
