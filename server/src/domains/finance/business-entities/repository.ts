import { eq } from 'drizzle-orm';
import type { BusinessEntity, BusinessEntityPayload } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { type ListSource, listFrom, searchableText, selectRows, tableList } from '../../../core/list';
import { type Holder, lockAndCountHolders } from '../../../core/resources/holders';
import { isoTimestamp } from '../sql';
import { finance_accounting_entries, finance_business_entities } from '../tables';

export const BUSINESS_ENTITY_SORT_KEYS = ['name', 'address', 'identification_code', 'created_at'] as const;
export type BusinessEntitySortKey = (typeof BUSINESS_ENTITY_SORT_KEYS)[number];

const b = finance_business_entities;
const HOLDERS: Holder[] = [
  { table: finance_accounting_entries, column: finance_accounting_entries.business_entity_id, noun: ['voce contabile', 'voci contabili'] },
];

const FROM = listFrom(b);
const COLUMNS = {
  _id: b.id,
  name: b.name,
  address: b.address,
  province: b.province,
  city: b.city,
  postal_code: b.postal_code,
  identification_code: b.identification_code,
  phone1: b.phone1,
  phone2: b.phone2,
  email: b.email,
  notes: b.notes,
  created_at: isoTimestamp(b.created_at),
};

/** Customers and suppliers (spec 002 §5): SQL only. */
export class BusinessEntityRepository {
  constructor(private readonly db: Db) {}

  listSource(): ListSource<BusinessEntity, BusinessEntitySortKey> {
    return tableList(this.db, {
      from: FROM,
      columns: COLUMNS,
      search: searchableText(b.name, b.address, b.city, b.province, b.identification_code, b.email, b.phone1),
      sortColumns: { name: b.name, address: b.address, identification_code: b.identification_code, created_at: b.created_at },
      defaultSort: [b.name],
      tieBreaker: b.id,
    });
  }

  async get(id: string): Promise<BusinessEntity | null> {
    const [row] = await selectRows(this.db, FROM, COLUMNS, eq(b.id, id), { limit: 1 });
    return row ?? null;
  }

  async insert(payload: BusinessEntityPayload): Promise<string> {
    const [row] = await this.db.transaction((tx) => tx.insert(b).values(payload).returning({ id: b.id }));
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  /** False when there is no such entity. */
  async update(id: string, payload: BusinessEntityPayload): Promise<boolean> {
    return (await this.db.transaction((tx) => tx.update(b).set(payload).where(eq(b.id, id)).returning({ id: b.id }))).length > 0;
  }

  lockAndCountHolders(tx: DbOrTx, id: string) {
    return lockAndCountHolders(tx, b, b.id, id, HOLDERS);
  }

  async delete(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(b).where(eq(b.id, id));
  }
}
