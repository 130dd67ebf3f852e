/**
 * The health check after a release switch (issue 12): a headless Chromium (playwright-core) opens the shell's
 * /__release-check page once per changed app, which loads that app's remote entry and its './routes' through the
 * shell's federation runtime and shared singletons. Any failure (script error, missing expose, a shared module
 * refused at load, a timeout) fails the check, and the service rolls the switch back.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SERVER_ROOT } from '../../core/paths';
import type { HealthChecker } from './service';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  // The (software) compositor's thread in the browser process: one process less to start and feed per check.
  '--in-process-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface HealthOptions {
  /** The shell as the check reaches it (this server: http://127.0.0.1:<PORT>). */
  baseUrl: () => string;
  executablePath: string;
  timeoutMs?: number;
}

/** Whether the browser driver is installed: a development dependency of the server, absent from a production install. */
function driverInstalled(): boolean {
  try {
    createRequire(path.join(SERVER_ROOT, 'package.json')).resolve('playwright-core');
    return true;
  } catch {
    return false;
  }
}

export const DRIVER_MISSING =
  'Controllo dopo il cambio di release non attivo: playwright-core non è installato. ' +
  'Per attivarlo: pnpm --filter server add playwright-core (con Chromium in /usr/bin/chromium o CHROMIUM_PATH); ' +
  'RELEASE_HEALTH_CHECK=off per non vedere questo messaggio.';

/**
 * The configured check, or null when it is off, no Chromium is installed (RELEASE_HEALTH_CHECK) or playwright-core
 * is not (a production install leaves the server's development dependencies out: `log` says how to turn it on).
 */
export function headlessHealthChecker(
  setting: string,
  options: Omit<HealthOptions, 'executablePath'>,
  { log = console.log, hasDriver = driverInstalled }: { log?: (line: string) => void; hasDriver?: () => boolean } = {},
): HealthChecker | null {
  if (setting === 'off') return null;
  const executablePath = setting && setting !== 'on' ? setting : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
  if (!fs.existsSync(executablePath)) return null;
  if (!hasDriver()) {
    log(DRIVER_MISSING);
    return null;
  }
  return new HeadlessHealthChecker({ ...options, executablePath });
}

export class HeadlessHealthChecker implements HealthChecker {
  constructor(private readonly o: HealthOptions) {}

  async check(remotes: { app: string; federationName: string; manifestUrl: string }[]): Promise<{ ok: boolean; reason: string | null }> {
    if (remotes.length === 0) return { ok: true, reason: null };
    // Loaded on the first check only: a server that never switches a release never loads the browser driver.
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: this.o.executablePath, args: CHROMIUM_ARGS, headless: true });
    try {
      const failures: string[] = [];
      for (const { app, federationName, manifestUrl } of remotes) {
        const page = await browser.newPage();
        const errors: string[] = [];
        page.on('pageerror', (err) => errors.push(err.message));
        try {
          const url = `${this.o.baseUrl()}/__release-check?remote=${encodeURIComponent(federationName)}&entry=${encodeURIComponent(manifestUrl)}`;
          await page.goto(url, { timeout: this.o.timeoutMs ?? 20_000 });
          const root = page.locator('#root[data-release-check]');
          await root.waitFor({ timeout: this.o.timeoutMs ?? 20_000 });
          if ((await root.getAttribute('data-release-check')) !== 'ok') failures.push(`${app}: ${(await root.textContent()) ?? 'errore'}`);
          else if (errors.length > 0) failures.push(`${app}: ${errors[0]}`);
        } catch (err) {
          failures.push(`${app}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
        } finally {
          await page.close();
        }
      }
      return failures.length === 0 ? { ok: true, reason: null } : { ok: false, reason: failures.join('; ') };
    } finally {
      await browser.close();
    }
  }
}
