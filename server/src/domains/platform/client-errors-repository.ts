import { and, count, countDistinct, desc, eq, gte, isNotNull, lt, max, min, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client';
import { isActiveUser } from '../registry';
import { categories, users } from '../registry/tables';
import { platform_client_error_quota, platform_client_errors } from './tables';

export type NewClientError = typeof platform_client_errors.$inferInsert;

export interface ErrorSummary {
  count: number;
  users: number;
  first: Date | null;
  last: Date | null;
  topMessages: { message: string; kind: string; count: number }[];
}

/** The reports of members' browsers and the per-session quota (SQL only). */
export class ClientErrorRepository {
  constructor(private readonly db: Db) {}

  /**
   * Counts one more report of a subject ('user:<id>', 'address:<hash>') in its fixed window and answers the count: one
   * upsert, so two reports at once each see their own count (the row's lock orders them). A window past its length
   * starts again at 1.
   */
  async countReport(subject: string, now: Date, windowMs: number): Promise<number> {
    const q = platform_client_error_quota;
    const expired = sql`${q.window_started_at} <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
    const [row] = await this.db
      .insert(q)
      .values({ subject, window_started_at: now, count: 1 })
      .onConflictDoUpdate({
        target: q.subject,
        set: {
          window_started_at: sql`CASE WHEN ${expired} THEN excluded.window_started_at ELSE ${q.window_started_at} END`,
          count: sql`CASE WHEN ${expired} THEN 1 ELSE ${q.count} + 1 END`,
        },
      })
      .returning({ count: q.count });
    return row!.count;
  }

  async insert(report: NewClientError): Promise<void> {
    await this.db.insert(platform_client_errors).values(report);
  }

  /** Distinct users who reported this app's version from `since` on, from sessions served it (issue 40). */
  async distinctUsers(app: string, version: string, since: Date): Promise<number> {
    const e = platform_client_errors;
    const [row] = await this.db
      .select({ n: countDistinct(e.user_id) })
      .from(e)
      .where(and(eq(e.app, app), eq(e.version, version), gte(e.created_at, since), isNotNull(e.session_id)));
    return row?.n ?? 0;
  }

  /** One app version's reports in [from, to): counts, first and last, the most frequent messages. */
  async summary(app: string, version: string, from: Date, to: Date | null, top = 5): Promise<ErrorSummary> {
    const e = platform_client_errors;
    const where = and(eq(e.app, app), eq(e.version, version), gte(e.created_at, from), to ? lt(e.created_at, to) : undefined);
    const [totals] = await this.db
      .select({ count: count(), users: countDistinct(e.user_id), first: min(e.created_at), last: max(e.created_at) })
      .from(e)
      .where(where);
    const topMessages = await this.db
      .select({ message: e.message, kind: e.kind, count: count() })
      .from(e)
      .where(where)
      .groupBy(e.message, e.kind)
      .orderBy(desc(count()), e.message)
      .limit(top);
    return {
      count: totals?.count ?? 0,
      users: totals?.users ?? 0,
      first: totals?.first ?? null,
      last: totals?.last ?? null,
      topMessages,
    };
  }

  /** The active users holding '*' (the platform team), to be told of an automatic rollback. */
  async platformTeam(today: string): Promise<{ email: string; name: string }[]> {
    return this.db
      .select({ email: users.email, name: users.name })
      .from(users)
      .innerJoin(categories, eq(categories.id, users.category_id))
      .where(and(sql`'*' = ANY(${categories.permissions})`, isActiveUser(today)));
  }
}
