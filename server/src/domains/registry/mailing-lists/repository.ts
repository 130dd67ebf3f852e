import { eq } from 'drizzle-orm';
import type { ListMeta, MailingListClass, MailingListClassPayload } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { type ListRequest, type ListSource, countRows, readAll, readPage, searchableText, withPage } from '../../../core/list';
import { type Holder, lockAndCountHolders } from '../../../core/resources/holders';
import { category_mailing_list_classes, mailing_list_classes, qualification_mailing_list_classes, user_mailing_list_classes } from '../tables';

export const MAILING_LIST_CLASS_SORT_KEYS = ['name', 'description', 'type', 'is_default'] as const;
export type MailingListClassSortKey = (typeof MAILING_LIST_CLASS_SORT_KEYS)[number];

const HOLDERS: Holder[] = [
  { table: user_mailing_list_classes, column: user_mailing_list_classes.mailing_list_class_id, noun: ['utente', 'utenti'] },
  { table: category_mailing_list_classes, column: category_mailing_list_classes.mailing_list_class_id, noun: ['categoria', 'categorie'] },
  { table: qualification_mailing_list_classes, column: qualification_mailing_list_classes.mailing_list_class_id, noun: ['qualifica', 'qualifiche'] },
];

const c = mailing_list_classes;

/** Mailing-list classes (spec 001 §3): SQL only. */
export class MailingListClassRepository {
  constructor(private readonly db: Db) {}

  private query() {
    return this.db.select({ _id: c.id, name: c.name, description: c.description, type: c.type, is_default: c.is_default }).from(c).$dynamic();
  }

  private source(): ListSource<MailingListClass, MailingListClassSortKey> {
    return {
      search: searchableText(c.name, c.description),
      sortColumns: { name: c.name, description: c.description, type: c.type, is_default: c.is_default },
      defaultSort: [c.name],
      tieBreaker: c.id,
      rows: async (where, orderBy, limit, offset) =>
        (
          await withPage(
            this.query()
              .where(where)
              .orderBy(...orderBy),
            limit,
            offset,
          )
        ).map(toClass),
      count: (where) => countRows(this.db, c, where),
    };
  }

  list(request: ListRequest<MailingListClassSortKey>): Promise<{ data: MailingListClass[]; meta: ListMeta }> {
    return readPage(this.source(), request);
  }

  listAll(request: Omit<ListRequest<MailingListClassSortKey>, 'page' | 'limit'>): Promise<MailingListClass[]> {
    return readAll(this.source(), request);
  }

  async get(id: string): Promise<MailingListClass | null> {
    const [row] = await this.query().where(eq(c.id, id)).limit(1);
    return row ? toClass(row) : null;
  }

  async insert(tx: DbOrTx, payload: MailingListClassPayload): Promise<string> {
    const [row] = await tx.insert(c).values(payload).returning({ id: c.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  /** False when there is no such class. */
  async update(tx: DbOrTx, id: string, payload: MailingListClassPayload): Promise<boolean> {
    return (await tx.update(c).set(payload).where(eq(c.id, id)).returning({ id: c.id })).length > 0;
  }

  lockAndCountHolders(tx: DbOrTx, id: string) {
    return lockAndCountHolders(tx, c, c.id, id, HOLDERS);
  }

  async delete(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(c).where(eq(c.id, id));
  }
}

const toClass = (row: Omit<MailingListClass, 'type'> & { type: string }): MailingListClass => ({
  ...row,
  type: row.type as MailingListClass['type'],
});
