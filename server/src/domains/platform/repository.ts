import { desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../core/db/client';
import { users } from '../registry/tables';
import { platform_live, platform_preview, platform_release_events, platform_releases } from './tables';

export type ReleaseRow = typeof platform_releases.$inferSelect;
export type NewRelease = typeof platform_releases.$inferInsert;
export type ReleaseEventRow = typeof platform_release_events.$inferSelect;

/** The releases and the live pointer (SQL only). */
export class ReleaseRepository {
  constructor(readonly db: Db) {}

  /**
   * Serialises every change of the live release: EXCLUSIVE lets plain reads (/remotes.json) through and makes any
   * other compose, rollback or first-start release wait for this transaction's end. It also covers the empty table,
   * where a row lock would have no row to hold.
   */
  async lockLive(tx: Tx): Promise<ReleaseRow | null> {
    await tx.execute(sql`LOCK TABLE platform_live IN EXCLUSIVE MODE`);
    return this.live(tx);
  }

  async live(db: DbOrTx = this.db): Promise<ReleaseRow | null> {
    const [row] = await db
      .select({ release: platform_releases })
      .from(platform_live)
      .innerJoin(platform_releases, eq(platform_releases.number, platform_live.release_number))
      .limit(1);
    return row?.release ?? null;
  }

  async get(db: DbOrTx, number: number): Promise<ReleaseRow | null> {
    const [row] = await db.select().from(platform_releases).where(eq(platform_releases.number, number));
    return row ?? null;
  }

  async insertLive(tx: Tx, release: NewRelease): Promise<ReleaseRow> {
    const [row] = await tx.insert(platform_releases).values(release).returning();
    if (!row) throw new Error('release non inserita');
    await tx
      .insert(platform_live)
      .values({ id: true, release_number: row.number })
      .onConflictDoUpdate({ target: platform_live.id, set: { release_number: row.number, updated_at: sql`now()` } });
    return row;
  }

  /** The preview release, when one is out (read under lockLive's table lock when it is about to change). */
  async preview(db: DbOrTx = this.db): Promise<ReleaseRow | null> {
    const [row] = await db
      .select({ release: platform_releases })
      .from(platform_preview)
      .innerJoin(platform_releases, eq(platform_releases.number, platform_preview.release_number))
      .limit(1);
    return row?.release ?? null;
  }

  /** Records a preview release and makes it the preview (the caller holds lockLive and found none out). */
  async insertPreview(tx: Tx, release: NewRelease): Promise<ReleaseRow> {
    const [row] = await tx.insert(platform_releases).values(release).returning();
    if (!row) throw new Error('release non inserita');
    await tx.insert(platform_preview).values({ id: true, release_number: row.number });
    return row;
  }

  /**
   * The preview becomes the live release for all (the same row: its number is the one the history shows live); its
   * based_on becomes the release it replaces, the live one now.
   */
  async promotePreview(tx: Tx, number: number, at: Date, replaces: number | null): Promise<ReleaseRow> {
    await tx.delete(platform_preview);
    const [row] = await tx
      .update(platform_releases)
      .set({ promoted_at: at, based_on: replaces })
      .where(eq(platform_releases.number, number))
      .returning();
    await tx
      .insert(platform_live)
      .values({ id: true, release_number: number })
      .onConflictDoUpdate({ target: platform_live.id, set: { release_number: number, updated_at: sql`now()` } });
    return row!;
  }

  async withdrawPreview(tx: Tx, number: number, at: Date, note: string | null): Promise<ReleaseRow> {
    await tx.delete(platform_preview);
    const [row] = await tx
      .update(platform_releases)
      .set({ withdrawn_at: at, ...(note ? { note } : {}) })
      .where(eq(platform_releases.number, number))
      .returning();
    return row!;
  }

  /** A rollout's step or pause changes (the caller holds lockLive). */
  async setRollout(
    tx: Tx,
    number: number,
    set: Partial<Pick<NewRelease, 'rollout_step' | 'rollout_step_at' | 'rollout_paused_at'>>,
  ): Promise<ReleaseRow> {
    const [row] = await tx.update(platform_releases).set(set).where(eq(platform_releases.number, number)).returning();
    return row!;
  }

  async addEvent(db: DbOrTx, event: typeof platform_release_events.$inferInsert): Promise<void> {
    await db.insert(platform_release_events).values(event);
  }

  /** A release's rollout events, oldest first. */
  async events(number: number, db: DbOrTx = this.db): Promise<ReleaseEventRow[]> {
    return db
      .select()
      .from(platform_release_events)
      .where(eq(platform_release_events.release_number, number))
      .orderBy(platform_release_events.at, platform_release_events.id);
  }

  /** A user's category (the preview's audience is a list of categories). */
  async categoryOf(userId: string): Promise<string | null> {
    const [row] = await this.db.select({ category: users.category_id }).from(users).where(eq(users.id, userId));
    return row?.category ?? null;
  }

  /** The releases made after `number`, oldest first. */
  async after(number: number, db: DbOrTx = this.db): Promise<ReleaseRow[]> {
    return db.select().from(platform_releases).where(gt(platform_releases.number, number)).orderBy(platform_releases.number);
  }

  async history(limit: number, db: DbOrTx = this.db): Promise<ReleaseRow[]> {
    return db.select().from(platform_releases).orderBy(desc(platform_releases.number)).limit(limit);
  }

  /** Whether anyone ever composed or rolled back by hand (until then, each start follows the local builds). */
  async hasTeamRelease(db: DbOrTx = this.db): Promise<boolean> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(platform_releases)
      .where(sql`${platform_releases.kind} NOT IN ('initial', 'start')`);
    return (row?.n ?? 0) > 0;
  }
}
