import { eq } from 'drizzle-orm';
import type { MailingListClass, MailingListClassPayload } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { listFrom, type ListSource, searchableText, selectRows, tableList } from '../../../core/list';
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

const FROM = listFrom(c);

/** Mailing-list classes (spec 001 §3): SQL only. */
export class MailingListClassRepository {
  constructor(private readonly db: Db) {}

  private columns() {
    return { _id: c.id, name: c.name, description: c.description, type: c.type, is_default: c.is_default };
  }

  listSource(): ListSource<MailingListClass, MailingListClassSortKey> {
    return tableList(
      this.db,
      {
        from: FROM,
        columns: this.columns(),
        search: searchableText(c.name, c.description),
        sortColumns: { name: c.name, description: c.description, type: c.type, is_default: c.is_default },
        defaultSort: [c.name],
        tieBreaker: c.id,
      },
      toClass,
    );
  }

  async get(id: string): Promise<MailingListClass | null> {
    const [row] = await selectRows(this.db, FROM, this.columns(), eq(c.id, id), { limit: 1 });
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
