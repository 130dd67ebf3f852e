import { type SQL, eq, inArray, sql } from 'drizzle-orm';
import type { Category, CategoryPayload, ListMeta, NamedRef, Permission } from 'shared-api/contract';
import type { Db } from '../../db/client';
import { categories, category_mailing_list_classes, category_reservation_rules, mailing_list_classes, reservation_rules } from '../../db/schema';
import { badRequest, conflict, isReferencedRow, isUniqueViolation, notFound } from '../common/http-error';
import { type Paging, listMetaOf, matchesAllWords, offsetOf, orderByOf } from '../common/list';
import { linkedNames } from '../common/sql';

export const CATEGORY_SORT_KEYS = ['name', 'description'] as const;
export type CategorySortKey = (typeof CATEGORY_SORT_KEYS)[number];

export interface CategoryFilter {
  q?: string;
  sortBy?: CategorySortKey;
  order: 'asc' | 'desc';
}

const NAME_TAKEN = 'Esiste già una categoria con questo nome';
const NOT_FOUND = 'Categoria non trovata';

/** User categories (spec 001 §3): their permissions are their members' permissions. */
export class CategoryRepository {
  constructor(private readonly db: Db) {}

  private query<E extends Record<string, SQL>>(extra: E = {} as E) {
    return this.db
      .select({
        _id: categories.id,
        name: categories.name,
        description: categories.description,
        permissions: categories.permissions,
        reservation_rules: linkedNames<NamedRef>(categories, category_reservation_rules, 'category_id', reservation_rules, 'reservation_rule_id'),
        mailing_list_classes: linkedNames<NamedRef>(categories, category_mailing_list_classes, 'category_id', mailing_list_classes, 'mailing_list_class_id'),
        ...extra,
      })
      .from(categories)
      .$dynamic();
  }

  private whereOf(filter: CategoryFilter) {
    return matchesAllWords(sql`(${categories.name} || ' ' || coalesce(${categories.description}, ''))`, filter.q);
  }

  private orderOf(filter: CategoryFilter) {
    return orderByOf({ name: categories.name, description: categories.description }, filter.sortBy, filter.order, [categories.name], categories.id);
  }

  async list(filter: CategoryFilter & Paging): Promise<{ data: Category[]; meta: ListMeta }> {
    let q = this.query({ total: sql<number>`(count(*) over())::int` })
      .where(this.whereOf(filter))
      .orderBy(...this.orderOf(filter));
    if (filter.limit > 0) q = q.limit(filter.limit).offset(offsetOf(filter));
    const rows = await q;
    let totalItems = rows[0]?.total ?? 0;
    if (!rows.length && filter.page > 1) {
      const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(categories).where(this.whereOf(filter));
      totalItems = row?.n ?? 0;
    }
    return { data: rows.map(({ total: _t, ...c }) => toCategory(c)), meta: listMetaOf(totalItems, filter) };
  }

  async listAll(filter: CategoryFilter): Promise<Category[]> {
    const rows = await this.query().where(this.whereOf(filter)).orderBy(...this.orderOf(filter));
    return rows.map(toCategory);
  }

  async get(id: string): Promise<Category | null> {
    const [row] = await this.query().where(eq(categories.id, id)).limit(1);
    return row ? toCategory(row) : null;
  }

  private async checkReferences(payload: CategoryPayload) {
    for (const [field, table, ids, message] of [
      ['reservation_rules', reservation_rules, payload.reservation_rules, 'Regola di prenotazione non trovata'],
      ['mailing_list_classes', mailing_list_classes, payload.mailing_list_classes, 'Classe di mailing list non trovata'],
    ] as const) {
      if (!ids.length) continue;
      const found = new Set((await this.db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id));
      const missing = ids.find((id) => !found.has(id));
      if (missing) throw badRequest(`${field}: ${message} (${missing})`);
    }
  }

  private async writeLinks(tx: Parameters<Parameters<Db['transaction']>[0]>[0], id: string, payload: CategoryPayload) {
    await tx.delete(category_reservation_rules).where(eq(category_reservation_rules.category_id, id));
    await tx.delete(category_mailing_list_classes).where(eq(category_mailing_list_classes.category_id, id));
    const rules = [...new Set(payload.reservation_rules)];
    const classes = [...new Set(payload.mailing_list_classes)];
    if (rules.length) await tx.insert(category_reservation_rules).values(rules.map((reservation_rule_id) => ({ category_id: id, reservation_rule_id })));
    if (classes.length)
      await tx.insert(category_mailing_list_classes).values(classes.map((mailing_list_class_id) => ({ category_id: id, mailing_list_class_id })));
  }

  private columns(payload: CategoryPayload) {
    return { name: payload.name, description: payload.description ?? null, permissions: [...new Set(payload.permissions)] };
  }

  async create(payload: CategoryPayload): Promise<Category> {
    await this.checkReferences(payload);
    try {
      const id = await this.db.transaction(async (tx) => {
        const [row] = await tx.insert(categories).values(this.columns(payload)).returning({ id: categories.id });
        await this.writeLinks(tx, row.id, payload);
        return row.id;
      });
      return (await this.get(id))!;
    } catch (err) {
      if (isUniqueViolation(err, 'categories_name_key')) throw conflict(NAME_TAKEN);
      throw err;
    }
  }

  async update(id: string, payload: CategoryPayload): Promise<Category> {
    await this.checkReferences(payload);
    try {
      await this.db.transaction(async (tx) => {
        const updated = await tx.update(categories).set(this.columns(payload)).where(eq(categories.id, id)).returning({ id: categories.id });
        if (!updated.length) throw notFound(NOT_FOUND);
        await this.writeLinks(tx, id, payload);
      });
    } catch (err) {
      if (isUniqueViolation(err, 'categories_name_key')) throw conflict(NAME_TAKEN);
      throw err;
    }
    return (await this.get(id))!;
  }

  async remove(id: string): Promise<void> {
    try {
      const deleted = await this.db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
      if (!deleted.length) throw notFound(NOT_FOUND);
    } catch (err) {
      if (isReferencedRow(err)) throw conflict('Impossibile eliminare la categoria: ci sono utenti associati.');
      throw err;
    }
  }
}

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
