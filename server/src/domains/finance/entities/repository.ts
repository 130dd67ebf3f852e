import { and, eq, sql } from 'drizzle-orm';
import { type BusinessEntity, type BusinessEntityPayload, type ListMeta, type SelfCertification, centsToEuro } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { countJoinedRows, countRows, type ListRequest, type ListSource, readAll, readPage, searchableText, withPage } from '../../../core/list';
import { type Holder, lockAndCountHolders } from '../../../core/resources/holders';
import { users } from '../../registry/tables';
import { isoTimestamp, sumCents } from '../sql';
import { finance_accounting_entries, finance_business_entities, finance_self_certifications } from '../tables';

export const BUSINESS_ENTITY_SORT_KEYS = ['name', 'address', 'identification_code', 'created_at'] as const;
export type BusinessEntitySortKey = (typeof BUSINESS_ENTITY_SORT_KEYS)[number];
export const SELF_CERTIFICATION_SORT_KEYS = ['month', 'year', 'issue_date', 'created_at', 'name', 'surname', 'amount'] as const;
export type SelfCertificationSortKey = (typeof SELF_CERTIFICATION_SORT_KEYS)[number];

const b = finance_business_entities;
const sc = finance_self_certifications;
const HOLDERS: Holder[] = [
  { table: finance_accounting_entries, column: finance_accounting_entries.business_entity_id, noun: ['voce contabile', 'voci contabili'] },
];

/** The member data a self-certification prints. */
export interface CertifiedMember {
  name: string;
  surname: string;
  fiscal_code: string | null;
  birth_date: string | null;
  birth_place: string | null;
  residence_address: string | null;
  residence_place: string | null;
  residence_province: string | null;
  residence_postal_code: string | null;
}

/** Customers and suppliers, and self-certifications: SQL only. */
export class EntitiesRepository {
  constructor(private readonly db: Db) {}

  // ——— business entities ———

  private entityQuery() {
    return this.db
      .select({
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
      })
      .from(b)
      .$dynamic();
  }

  private entitySource(): ListSource<BusinessEntity, BusinessEntitySortKey> {
    return {
      search: searchableText(b.name, b.address, b.city, b.province, b.identification_code, b.email, b.phone1),
      sortColumns: { name: b.name, address: b.address, identification_code: b.identification_code, created_at: b.created_at },
      defaultSort: [b.name],
      tieBreaker: b.id,
      rows: (where, orderBy, limit, offset) =>
        withPage(
          this.entityQuery()
            .where(where)
            .orderBy(...orderBy),
          limit,
          offset,
        ),
      count: (where) => countRows(this.db, b, where),
    };
  }

  listEntities(request: ListRequest<BusinessEntitySortKey>): Promise<{ data: BusinessEntity[]; meta: ListMeta }> {
    return readPage(this.entitySource(), request);
  }

  listAllEntities(request: Omit<ListRequest<BusinessEntitySortKey>, 'page' | 'limit'>): Promise<BusinessEntity[]> {
    return readAll(this.entitySource(), request);
  }

  async entity(id: string): Promise<BusinessEntity | null> {
    const [row] = await this.entityQuery().where(eq(b.id, id)).limit(1);
    return row ?? null;
  }

  async insertEntity(payload: BusinessEntityPayload): Promise<string> {
    const [row] = await this.db.insert(b).values(payload).returning({ id: b.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  async updateEntity(id: string, payload: BusinessEntityPayload): Promise<boolean> {
    return (await this.db.update(b).set(payload).where(eq(b.id, id)).returning({ id: b.id })).length > 0;
  }

  lockEntity(tx: DbOrTx, id: string) {
    return lockAndCountHolders(tx, b, b.id, id, HOLDERS);
  }

  async deleteEntity(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(b).where(eq(b.id, id));
  }

  // ——— self-certifications ———

  private certificationQuery() {
    return this.db
      .select({
        _id: sc.id,
        user: sql<SelfCertification['user']>`json_build_object('_id', ${users.id}, 'name', ${users.name}, 'surname', ${users.surname})`,
        year: sc.year,
        month: sc.month,
        amount_cents: sc.amount_cents,
        issue_date: sc.issue_date,
        created_at: isoTimestamp(sc.created_at),
      })
      .from(sc)
      .innerJoin(users, eq(users.id, sc.user_id))
      .$dynamic();
  }

  private certificationSource(): ListSource<SelfCertification, SelfCertificationSortKey> {
    return {
      search: searchableText(users.name, users.surname, sc.year),
      sortColumns: {
        month: sc.month,
        year: sc.year,
        issue_date: sc.issue_date,
        created_at: sc.created_at,
        name: users.name,
        surname: users.surname,
        amount: sc.amount_cents,
      },
      defaultSort: [sc.year, sc.month],
      tieBreaker: sc.id,
      rows: async (where, orderBy, limit, offset) =>
        (
          await withPage(
            this.certificationQuery()
              .where(where)
              .orderBy(...orderBy),
            limit,
            offset,
          )
        ).map(toCertification),
      count: (where) => countJoinedRows(this.db, sc, [{ table: users, on: eq(users.id, sc.user_id) }], where),
    };
  }

  listCertifications(request: ListRequest<SelfCertificationSortKey>): Promise<{ data: SelfCertification[]; meta: ListMeta }> {
    return readPage(this.certificationSource(), request);
  }

  listAllCertifications(request: Omit<ListRequest<SelfCertificationSortKey>, 'page' | 'limit'>): Promise<SelfCertification[]> {
    return readAll(this.certificationSource(), request);
  }

  async certification(id: string): Promise<(SelfCertification & { user_id: string; amount_cents: number }) | null> {
    const [row] = await this.certificationQuery().where(eq(sc.id, id)).limit(1);
    return row ? { ...toCertification(row), user_id: row.user._id, amount_cents: row.amount_cents } : null;
  }

  async userExists(id: string): Promise<boolean> {
    return (await this.db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1)).length > 0;
  }

  async insertCertification(values: { user_id: string; year: number; month: number; amount_cents: number; issue_date: string }): Promise<string> {
    const [row] = await this.db.insert(sc).values(values).returning({ id: sc.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  async deleteCertification(id: string): Promise<boolean> {
    return (await this.db.delete(sc).where(eq(sc.id, id)).returning({ id: sc.id })).length > 0;
  }

  /** Total of the member's self-certified amounts in a year, in cents (a bigint sum). */
  async yearTotalCents(userId: string, year: number): Promise<number> {
    const [row] = await this.db
      .select({ total: sumCents(sc.amount_cents) })
      .from(sc)
      .where(and(eq(sc.user_id, userId), eq(sc.year, year)));
    return row?.total ?? 0;
  }

  async member(userId: string): Promise<CertifiedMember | null> {
    const [row] = await this.db
      .select({
        name: users.name,
        surname: users.surname,
        fiscal_code: users.fiscal_code,
        birth_date: users.birth_date,
        birth_place: users.birth_place,
        residence_address: users.residence_address,
        residence_place: users.residence_place,
        residence_province: users.residence_province,
        residence_postal_code: users.residence_postal_code,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row ?? null;
  }
}

function toCertification(r: {
  _id: string;
  user: SelfCertification['user'];
  year: number;
  month: number;
  amount_cents: number;
  issue_date: string;
  created_at: string;
}): SelfCertification {
  return {
    _id: r._id,
    user: r.user,
    year: r.year,
    month: r.month,
    amount: centsToEuro(r.amount_cents),
    issue_date: r.issue_date,
    created_at: r.created_at,
  };
}
