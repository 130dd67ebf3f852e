import { and, eq, sql } from 'drizzle-orm';
import { type SelfCertification, centsToEuro } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { type ListSource, type RowOf, joinOnKey, listFrom, searchableText, selectRows, tableList } from '../../../core/list';
import { users } from '../../registry/tables';
import { isoTimestamp, sumCents } from '../sql';
import { finance_self_certifications } from '../tables';

export const SELF_CERTIFICATION_SORT_KEYS = ['month', 'year', 'issue_date', 'created_at', 'name', 'surname', 'amount'] as const;
export type SelfCertificationSortKey = (typeof SELF_CERTIFICATION_SORT_KEYS)[number];

const sc = finance_self_certifications;

const FROM = listFrom(sc, joinOnKey(users, eq(users.id, sc.user_id)));
const COLUMNS = {
  _id: sc.id,
  user: sql<SelfCertification['user']>`json_build_object('_id', ${users.id}, 'name', ${users.name}, 'surname', ${users.surname})`,
  year: sc.year,
  month: sc.month,
  amount_cents: sc.amount_cents,
  issue_date: sc.issue_date,
  created_at: isoTimestamp(sc.created_at),
};

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

/** Members' self-certifications (spec 002 §6): SQL only. */
export class SelfCertificationRepository {
  constructor(private readonly db: Db) {}

  listSource(): ListSource<SelfCertification, SelfCertificationSortKey> {
    return tableList(
      this.db,
      {
        from: FROM,
        columns: COLUMNS,
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
      },
      toCertification,
    );
  }

  async get(id: string): Promise<(SelfCertification & { user_id: string; amount_cents: number }) | null> {
    const [row] = await selectRows(this.db, FROM, COLUMNS, eq(sc.id, id), { limit: 1 });
    return row ? { ...toCertification(row), user_id: row.user._id, amount_cents: row.amount_cents } : null;
  }

  async userExists(id: string): Promise<boolean> {
    return (await this.db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1)).length > 0;
  }

  async insert(values: { user_id: string; year: number; month: number; amount_cents: number; issue_date: string }): Promise<string> {
    const [row] = await this.db.transaction((tx) => tx.insert(sc).values(values).returning({ id: sc.id }));
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  /** False when there is no such self-certification. */
  async delete(id: string): Promise<boolean> {
    return (await this.db.transaction((tx) => tx.delete(sc).where(eq(sc.id, id)).returning({ id: sc.id }))).length > 0;
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

function toCertification(r: RowOf<typeof FROM, typeof COLUMNS>): SelfCertification {
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
