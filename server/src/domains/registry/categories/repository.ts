import { eq } from 'drizzle-orm';
import type { Category, CategoryPayload, NamedRef, Permission } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { listFrom, type ListSource, replaceLinks, searchableText, selectRows, tableList } from '../../../core/list';
import { linkedNames } from '../../../core/sql';
import { categories, category_mailing_list_classes, category_reservation_rules, mailing_list_classes, reservation_rules } from '../tables';

export const CATEGORY_SORT_KEYS = ['name', 'description'] as const;
export type CategorySortKey = (typeof CATEGORY_SORT_KEYS)[number];

const FROM = listFrom(categories);

/** User categories (spec 001 §3): SQL only; the rules are in CategoryService. */
export class CategoryRepository {
  constructor(private readonly db: Db) {}

  private columns() {
    return {
      _id: categories.id,
      name: categories.name,
      description: categories.description,
      permissions: categories.permissions,
      reservation_rules: linkedNames<NamedRef>(categories, category_reservation_rules, 'category_id', reservation_rules, 'reservation_rule_id'),
      mailing_list_classes: linkedNames<NamedRef>(
        categories,
        category_mailing_list_classes,
        'category_id',
        mailing_list_classes,
        'mailing_list_class_id',
      ),
    };
  }

  listSource(): ListSource<Category, CategorySortKey> {
    return tableList(
      this.db,
      {
        from: FROM,
        columns: this.columns(),
        search: searchableText(categories.name, categories.description),
        sortColumns: { name: categories.name, description: categories.description },
        defaultSort: [categories.name],
        tieBreaker: categories.id,
      },
      toCategory,
    );
  }

  async get(id: string): Promise<Category | null> {
    const [row] = await selectRows(this.db, FROM, this.columns(), eq(categories.id, id), { limit: 1 });
    return row ? toCategory(row) : null;
  }

  /** Inserts a category and its links; the new id. */
  async insert(tx: DbOrTx, payload: CategoryPayload): Promise<string> {
    const [row] = await tx.insert(categories).values(columns(payload)).returning({ id: categories.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    await this.writeLinks(tx, row.id, payload);
    return row.id;
  }

  /** Updates a category and its links; false when there is no such category. */
  async update(tx: DbOrTx, id: string, payload: CategoryPayload): Promise<boolean> {
    const updated = await tx.update(categories).set(columns(payload)).where(eq(categories.id, id)).returning({ id: categories.id });
    if (!updated.length) return false;
    await this.writeLinks(tx, id, payload);
    return true;
  }

  /** Deletes a category; false when there is none. A category still given to users raises the foreign-key error. */
  async delete(id: string): Promise<boolean> {
    const deleted = await this.db.transaction((tx) => tx.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id }));
    return deleted.length > 0;
  }

  /** The permissions of a category (null when there is none). */
  async permissionsOf(id: string): Promise<string[] | null> {
    const [row] = await this.db.select({ permissions: categories.permissions }).from(categories).where(eq(categories.id, id)).limit(1);
    return row?.permissions ?? null;
  }

  private async writeLinks(tx: DbOrTx, id: string, payload: CategoryPayload) {
    await replaceLinks(
      tx,
      category_reservation_rules,
      category_reservation_rules.category_id,
      category_reservation_rules.reservation_rule_id,
      id,
      payload.reservation_rules,
    );
    await replaceLinks(
      tx,
      category_mailing_list_classes,
      category_mailing_list_classes.category_id,
      category_mailing_list_classes.mailing_list_class_id,
      id,
      payload.mailing_list_classes,
    );
  }
}

const columns = (payload: CategoryPayload) => ({
  name: payload.name,
  description: payload.description ?? null,
  permissions: [...new Set(payload.permissions)],
});

function toCategory(row: {
  _id: string;
  name: string;
  description: string | null;
  permissions: string[];
  reservation_rules: NamedRef[];
  mailing_list_classes: NamedRef[];
}): Category {
  return { ...row, permissions: row.permissions as Permission[] };
}
