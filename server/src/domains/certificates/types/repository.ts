import { eq } from 'drizzle-orm';
import type { CertificateType, CertificateTypePayload } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { listFrom, type ListSource, searchableText, selectRows, tableList } from '../../../core/list';
import { type Holder, lockAndCountHolders } from '../../../core/resources/holders';
import { certificate_types, certificates } from '../tables';

export const CERTIFICATE_TYPE_SORT_KEYS = ['name', 'is_medical'] as const;
export type CertificateTypeSortKey = (typeof CERTIFICATE_TYPE_SORT_KEYS)[number];

const HOLDERS: Holder[] = [{ table: certificates, column: certificates.type_id, noun: ['certificato', 'certificati'] }];
const t = certificate_types;

const FROM = listFrom(t);

/** Certificate types (spec 001 §3): SQL only. */
export class CertificateTypeRepository {
  constructor(private readonly db: Db) {}

  private columns() {
    return { _id: t.id, name: t.name, days_before_warn: t.days_before_warn, is_medical: t.is_medical, validity_months: t.validity_months };
  }

  listSource(): ListSource<CertificateType, CertificateTypeSortKey> {
    return tableList(this.db, {
      from: FROM,
      columns: this.columns(),
      search: searchableText(t.name),
      sortColumns: { name: t.name, is_medical: t.is_medical },
      defaultSort: [t.name],
      tieBreaker: t.id,
    });
  }

  async get(id: string): Promise<CertificateType | null> {
    const [row] = await selectRows(this.db, FROM, this.columns(), eq(t.id, id), { limit: 1 });
    return row ?? null;
  }

  async insert(tx: DbOrTx, payload: CertificateTypePayload): Promise<string> {
    const [row] = await tx.insert(t).values(payload).returning({ id: t.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  /** False when there is no such type. */
  async update(tx: DbOrTx, id: string, payload: CertificateTypePayload): Promise<boolean> {
    return (await tx.update(t).set(payload).where(eq(t.id, id)).returning({ id: t.id })).length > 0;
  }

  lockAndCountHolders(tx: DbOrTx, id: string) {
    return lockAndCountHolders(tx, t, t.id, id, HOLDERS);
  }

  async delete(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(t).where(eq(t.id, id));
  }
}
