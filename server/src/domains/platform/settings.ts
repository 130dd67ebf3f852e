import { type SettingsSection, parseOrigins } from '../../core/config';

declare module '../../core/config' {
  interface AppConfig {
    /**
     * The headless check after a release switch (RELEASE_HEALTH_CHECK): 'on' (default: Chromium at CHROMIUM_PATH or
     * /usr/bin/chromium, skipped when absent), 'off', or the path of a Chromium executable.
     */
    releaseHealthCheck: string;
    /** Where that check finds the shell (RELEASE_HEALTH_URL), default this server at http://127.0.0.1:<PORT>. */
    releaseHealthUrl: string;
    /**
     * Per-developer override (DEV_OVERRIDE_ORIGINS, comma-separated): a signed-in user holding '*' may point their own
     * browser's /remotes.json line of one domain app at a build served from one of these origins (e.g. their
     * `pnpm dev` at http://localhost:3102). Empty: off.
     */
    devOverrideOrigins: string[];
    /**
     * The error reports' automatic rollback (issue 29): a served release is rolled back when this many distinct users
     * (RELEASE_ERROR_USERS, default 3) report errors of one app it changed within RELEASE_ERROR_WINDOW_MIN minutes (15).
     */
    releaseErrorUsers: number;
    releaseErrorWindowMin: number;
    /**
     * How long exposures, error reports and the reports' quota rows are kept (RELEASE_REPORT_RETENTION_DAYS, default
     * 90 days); a nightly job on the runner removes older ones (issue 40).
     */
    releaseReportRetentionDays: number;
  }
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (!value?.trim()) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} non valido: "${value}" (atteso un intero maggiore di zero)`);
  return n;
}

/** The platform domain's section of the settings (the releases root itself is core's: the static host serves it). */
export const platformSettings: SettingsSection = (env, core) => ({
  releaseHealthCheck: env.RELEASE_HEALTH_CHECK || 'on',
  releaseHealthUrl: (env.RELEASE_HEALTH_URL || `http://127.0.0.1:${core.port}`).replace(/\/+$/, ''),
  devOverrideOrigins: env.DEV_OVERRIDE_ORIGINS?.trim() ? parseOrigins(env.DEV_OVERRIDE_ORIGINS, core.publicUrl) : [],
  releaseErrorUsers: positiveInteger('RELEASE_ERROR_USERS', env.RELEASE_ERROR_USERS, 3),
  releaseErrorWindowMin: positiveInteger('RELEASE_ERROR_WINDOW_MIN', env.RELEASE_ERROR_WINDOW_MIN, 15),
  releaseReportRetentionDays: positiveInteger('RELEASE_REPORT_RETENTION_DAYS', env.RELEASE_REPORT_RETENTION_DAYS, 90),
});
