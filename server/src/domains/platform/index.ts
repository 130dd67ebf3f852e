import { DOMAIN_APPS } from 'shared-api/domain-apps';
import type { Domain } from '../../core/domain';
import { SESSION_COOKIE } from '../../core/plugins/session';
import { DEV_OVERRIDE_COOKIE } from '../../core/remotes';
import { headlessHealthChecker } from './health';
import { ClientErrorService } from './client-errors';
import { ClientErrorRepository } from './client-errors-repository';
import { ExposureRecorder, ExposureRepository, PLATFORM_RETENTION_JOB, servedVersions } from './exposures';

export { PLATFORM_RETENTION_JOB } from './exposures';
export { PLATFORM_ROLLOUT_JOB } from './rollout';
import { DevOverrides, cookiesOf } from './overrides';
import { servesPreview } from './release-view';
import { PLATFORM_ROLLOUT_JOB } from './rollout';
import { rolloutFigures } from './rollout-evidence';
import { ReleaseRepository } from './repository';
import routes from './routes';
import { PlatformService } from './service';
import { platformSettings } from './settings';

declare module '../../core/domain' {
  interface Services {
    platform: PlatformService;
    devOverrides: DevOverrides;
    clientErrors: ClientErrorService;
    exposures: ExposureRepository;
  }
}

/**
 * The platform's releases of the domain apps (issue 12): immutable published versions in the releases root,
 * numbered releases in the database (the live one behind /remotes.json), composing with a whole-set check,
 * rollback. Not a member domain: every call is '*' or platform_access (the developer override '*' only).
 */
export const platform: Domain = {
  name: 'platform',
  migrations: 'domains/platform/migrations',
  // The browsers' error reports: not changes of the club's data.
  unaudited: ['platform_client_errors', 'platform_client_error_quota', 'platform_exposures'],
  settings: platformSettings,
  services({ db, config, clock, mailer }, built) {
    const releases = new ReleaseRepository(db);
    const exposures = new ExposureRepository(db);
    const platform = new PlatformService({
      db,
      repo: releases,
      apps: DOMAIN_APPS,
      releasesDir: config.releasesDir,
      releasesUrl: config.releasesUrl,
      staticRoot: config.staticRoot,
      clock,
      // After a switch, each changed app is loaded in a headless Chromium; a failure rolls the switch back.
      health: headlessHealthChecker(config.releaseHealthCheck, { baseUrl: () => config.releaseHealthUrl }),
      // A step advanced or aborted by hand keeps its evidence in the history, as the automatic check's decisions do.
      rolloutFigures: async (preview, live) => (await rolloutFigures(exposures, preview, live)).figures,
    });
    const devOverrides = new DevOverrides({
      origins: config.devOverrideOrigins,
      apps: DOMAIN_APPS,
      cookieName: DEV_OVERRIDE_COOKIE,
      sessions: () => built.sessionResolver,
    });
    const recorder = new ExposureRecorder(exposures, clock);
    const clientErrors = new ClientErrorService({
      repo: new ClientErrorRepository(db),
      exposures,
      apps: DOMAIN_APPS,
      releases,
      platform,
      clock,
      mailer,
      threshold: { users: config.releaseErrorUsers, windowMin: config.releaseErrorWindowMin },
      timeZone: config.clubTimezone,
      publicUrl: config.publicUrl,
    });
    /** The signed-in user of the request's session cookie. */
    const userOf = async (cookieHeader: string | undefined) => {
      const token = cookieHeader ? cookiesOf(cookieHeader).get(SESSION_COOKIE) : undefined;
      return token ? ((await built.sessionResolver?.find(decodeURIComponent(token))) ?? null) : null;
    };
    /** The signed-in user and their category, from the request's session cookie (the preview's audience, a rollout's step). */
    const memberOf = async (cookieHeader: string | undefined) => {
      const user = await userOf(cookieHeader);
      return user ? { id: user.id, categoryId: await releases.categoryOf(user.id) } : null;
    };
    return {
      platform,
      devOverrides,
      clientErrors,
      exposures,
      remotesSource: {
        liveRemotes: () => platform.liveRemotes(),
        overrideFor: (cookies) => devOverrides.overrideFor(cookies),
        previewFor: async (cookies) => ((await platform.hasPreview()) ? platform.previewRemotesFor(await memberOf(cookies)) : null),
        // Issue 40: the release (the preview for a member of its audience, else the live one) and the versions of it
        // this answer carried, recorded for the signed-in session; an anonymous answer records nothing.
        recordServed: async (cookies, remotes) => {
          const user = await userOf(cookies);
          if (!user) return;
          const { live, preview } = await platform.served();
          const category = preview?.audience ? await releases.categoryOf(user.id) : null;
          const release = preview && servesPreview(preview, { id: user.id, categoryId: category }) ? preview : live;
          if (!release) return;
          const versions = servedVersions(remotes, release, DOMAIN_APPS, (folder, version) => platform.manifestUrl(folder, version));
          const context = preview ? `${preview.number}:${preview.rollout_step ?? ''}:${preview.rollout_step_at?.getTime() ?? ''}` : '';
          await recorder.record({ sessionId: user.sessionId, userId: user.id }, release.number, versions, context);
        },
      },
    };
  },
  routes,
  jobs: [
    {
      name: PLATFORM_ROLLOUT_JOB,
      // Every minute, once across processes (the runner's recurring slot): the rollout's guarded comparison and steps.
      recurring: { everyMinutes: 1 },
      run: async (_data, { clientErrors }) => {
        await clientErrors.checkRollout();
      },
    },
    {
      name: PLATFORM_RETENTION_JOB,
      // Every night at 3:40 in the club's time zone: what is older than RELEASE_REPORT_RETENTION_DAYS goes.
      schedule: '40 3 * * *',
      run: async (_data, { exposures, config, clock }) => {
        await exposures.purge(new Date(clock.now().getTime() - config.releaseReportRetentionDays * 86_400_000));
      },
    },
  ],
  async onStart({ platform }) {
    // A fresh clone's first start publishes the built apps as their first versions and makes them the live release.
    await platform.publishLocalBuilds((line) => console.log(line));
  },
};
