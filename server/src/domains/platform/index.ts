import { DOMAIN_APPS } from 'shared-api/domain-apps';
import type { Domain } from '../../core/domain';
import { DEV_OVERRIDE_COOKIE } from '../../core/remotes';
import { headlessHealthChecker } from './health';
import { DevOverrides } from './overrides';
import { ReleaseRepository } from './repository';
import routes from './routes';
import { PlatformService } from './service';
import { platformSettings } from './settings';

declare module '../../core/domain' {
  interface Services {
    platform: PlatformService;
    devOverrides: DevOverrides;
  }
}

/**
 * The platform's releases of the domain apps (issue 12): immutable published versions in the releases root,
 * numbered releases in the database (the live one behind /remotes.json), composing with a whole-set check,
 * rollback. Not a member domain: every call is '*' only.
 */
export const platform: Domain = {
  name: 'platform',
  migrations: 'domains/platform/migrations',
  settings: platformSettings,
  services({ db, config }, built) {
    const platform = new PlatformService({
      db,
      repo: new ReleaseRepository(db),
      apps: DOMAIN_APPS,
      releasesDir: config.releasesDir,
      releasesUrl: config.releasesUrl,
      staticRoot: config.staticRoot,
      // After a switch, each changed app is loaded in a headless Chromium; a failure rolls the switch back.
      health: headlessHealthChecker(config.releaseHealthCheck, { baseUrl: () => config.releaseHealthUrl }),
    });
    const devOverrides = new DevOverrides({
      origins: config.devOverrideOrigins,
      apps: DOMAIN_APPS,
      cookieName: DEV_OVERRIDE_COOKIE,
      sessions: () => built.sessionResolver,
    });
    return {
      platform,
      devOverrides,
      remotesSource: { liveRemotes: () => platform.liveRemotes(), overrideFor: (cookies) => devOverrides.overrideFor(cookies) },
    };
  },
  routes,
  async onStart({ platform }) {
    // A fresh clone's first start publishes the built apps as their first versions and makes them the live release.
    await platform.publishLocalBuilds((line) => console.log(line));
  },
};
