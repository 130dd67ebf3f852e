/**
 * Exposure recorded by the server (issue 40): every /remotes.json answer to a signed-in session records which release
 * and which version of each domain app that session was served. A browser's error report then counts only for a
 * version its own session was served. One upsert per session and release (all its apps in one statement), then
 * remembered in this process: the same answer again writes nothing until REFRESH_MS has passed (last_at moves then).
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client';
import { rowsOf } from '../../core/db/rows';
import type { Clock } from '../../core/time';
import type { DomainAppRef } from './check';
import { platform_client_error_quota, platform_client_errors, platform_exposures } from './tables';

/** The nightly job removing exposures, error reports and quota rows past their retention (issue 40). */
export const PLATFORM_RETENTION_JOB = 'platform.report-retention';

/** How long a recorded exposure is remembered before its last_at is written again. */
export const EXPOSURE_REFRESH_MS = 15 * 60_000;
/** At most this many remembered exposures per process (the oldest go first). */
const MAX_REMEMBERED = 20_000;

/** One side's counts: sessions served, their distinct members, the sessions among them that reported an error. */
export interface ArmCounts {
  sessions: number;
  members: number;
  withErrors: number;
}

const sqlList = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

export interface ServedRelease {
  number: number;
  apps: Record<string, string>;
}

/** The exposures and their retention (SQL only). */
export class ExposureRepository {
  constructor(private readonly db: Db) {}

  /** One statement: a row per app of the release served to this session, first_at kept, last_at moved. */
  async upsert(sessionId: string, userId: string, release: number, apps: Record<string, string>, at: Date): Promise<void> {
    const rows = Object.entries(apps).map(([app, version]) => ({
      session_id: sessionId,
      release_number: release,
      app,
      version,
      user_id: userId,
      first_at: at,
      last_at: at,
    }));
    if (rows.length === 0) return;
    const e = platform_exposures;
    // /remotes.json is a GET, which holds no unit of work (core/db/unit-of-work): the upsert is one of its own.
    await this.db.transaction((tx) =>
      tx
        .insert(e)
        .values(rows)
        .onConflictDoUpdate({
          target: [e.session_id, e.release_number, e.app],
          set: { version: sql`excluded.version`, last_at: sql`GREATEST(${e.last_at}, excluded.last_at)` },
        }),
    );
  }

  /** Whether this session was served this version of the app (by any release). */
  async wasServed(sessionId: string, app: string, version: string): Promise<boolean> {
    const e = platform_exposures;
    const [row] = await this.db
      .select({ one: sql<number>`1` })
      .from(e)
      .where(and(eq(e.session_id, sessionId), eq(e.app, app), eq(e.version, version)))
      .limit(1);
    return row !== undefined;
  }

  /**
   * One side of the guarded comparison (issue 40): the sessions served `release` since `since` (and their distinct
   * members), and those sessions that reported an error of one of `apps` at the version that release served them.
   */
  async arm(release: number, apps: readonly string[], since: Date): Promise<ArmCounts> {
    if (apps.length === 0) return { sessions: 0, members: 0, withErrors: 0 };
    const at = since.toISOString();
    const appList = sqlList(apps);
    const rows = await this.db.execute(sql`
      SELECT
        (SELECT count(DISTINCT x.session_id)::int FROM platform_exposures x
          WHERE x.release_number = ${release} AND x.last_at >= ${at}::timestamptz AND x.app IN (${appList})) AS sessions,
        (SELECT count(DISTINCT x.user_id)::int FROM platform_exposures x
          WHERE x.release_number = ${release} AND x.last_at >= ${at}::timestamptz AND x.app IN (${appList})) AS members,
        (SELECT count(DISTINCT e.session_id)::int FROM platform_client_errors e
          JOIN platform_exposures x ON x.session_id = e.session_id AND x.app = e.app AND x.version = e.version
          WHERE x.release_number = ${release} AND x.last_at >= ${at}::timestamptz AND e.created_at >= ${at}::timestamptz
            AND e.app IN (${appList})) AS with_errors`);
    const [row] = rowsOf<{ sessions: number; members: number; with_errors: number }>(rows);
    return { sessions: Number(row?.sessions ?? 0), members: Number(row?.members ?? 0), withErrors: Number(row?.with_errors ?? 0) };
  }

  /**
   * The same figures per release and app (issue 40, the console's table): for each of `releases` and each of `apps`,
   * the sessions served it since `since`, their distinct members, and the sessions among them that reported an error
   * of that app at the version they were served. One statement whatever the number of sessions, releases or apps
   * (grouped by release and app); a release or app nobody was served has no row.
   */
  async armsByApp(releases: readonly number[], apps: readonly string[], since: Date): Promise<(ArmCounts & { release: number; app: string })[]> {
    if (apps.length === 0 || releases.length === 0) return [];
    const at = since.toISOString();
    const appList = sqlList(apps);
    const rows = await this.db.execute(sql`
      SELECT x.release_number AS release, x.app,
        count(DISTINCT x.session_id)::int AS sessions,
        count(DISTINCT x.user_id)::int AS members,
        count(DISTINCT e.session_id)::int AS with_errors
      FROM platform_exposures x
      LEFT JOIN (
        SELECT DISTINCT session_id, app, version FROM platform_client_errors
        WHERE created_at >= ${at}::timestamptz AND app IN (${appList})
      ) e ON e.session_id = x.session_id AND e.app = x.app AND e.version = x.version
      WHERE x.release_number IN (${sqlList(releases)}) AND x.last_at >= ${at}::timestamptz AND x.app IN (${appList})
      GROUP BY x.release_number, x.app`);
    return rowsOf<{ release: number; app: string; sessions: number; members: number; with_errors: number }>(rows).map((r) => ({
      release: Number(r.release),
      app: r.app,
      sessions: Number(r.sessions),
      members: Number(r.members),
      withErrors: Number(r.with_errors),
    }));
  }

  /** Retention: exposures, error reports and quota rows older than `before` go. Answers how many of each. */
  async purge(before: Date): Promise<{ exposures: number; reports: number; quotas: number }> {
    const exposures = await this.db
      .delete(platform_exposures)
      .where(lt(platform_exposures.last_at, before))
      .returning({ x: sql`1` });
    const reports = await this.db
      .delete(platform_client_errors)
      .where(lt(platform_client_errors.created_at, before))
      .returning({ x: sql`1` });
    const quotas = await this.db
      .delete(platform_client_error_quota)
      .where(lt(platform_client_error_quota.window_started_at, before))
      .returning({ x: sql`1` });
    return { exposures: exposures.length, reports: reports.length, quotas: quotas.length };
  }
}

/**
 * The versions of `release` that a /remotes.json answer actually carried: each app whose line is the release's own
 * manifest address (a developer's override or a hand-written remotes.json line is not the release's, and not counted).
 */
export function servedVersions(
  remotes: Record<string, string>,
  release: ServedRelease,
  apps: readonly DomainAppRef[],
  manifestUrl: (folder: string, version: string) => string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { folder, federationName } of apps) {
    const version = release.apps[folder];
    if (version && remotes[federationName] === manifestUrl(folder, version)) out[folder] = version;
  }
  return out;
}

export class ExposureRecorder {
  /** key (session, release, versions) → when it was written. */
  private readonly remembered = new Map<string, number>();

  constructor(
    private readonly repo: ExposureRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * `context` names the state that decides what is served (the preview and its rollout step): when it changes, every
   * session is written again at its next answer, so a step's window sees each session served during it.
   */
  async record(session: { sessionId: string; userId: string }, release: number, versions: Record<string, string>, context = ''): Promise<void> {
    if (Object.keys(versions).length === 0) return;
    const key = `${session.sessionId}|${release}|${context}|${Object.entries(versions)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([a, v]) => `${a}=${v}`)
      .join(',')}`;
    const now = this.clock.now();
    const at = this.remembered.get(key);
    // A clock moved back (tests set theirs) writes again too.
    if (at !== undefined && now.getTime() >= at && now.getTime() - at < EXPOSURE_REFRESH_MS) return;
    await this.repo.upsert(session.sessionId, session.userId, release, versions, now);
    this.remembered.delete(key);
    if (this.remembered.size >= MAX_REMEMBERED) this.remembered.delete(this.remembered.keys().next().value!);
    this.remembered.set(key, now.getTime());
  }
}
