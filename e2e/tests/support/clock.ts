/**
 * The instant a browser test runs at. Normally now; with E2E_NOW (an ISO instant, e.g. 2026-11-29T22:30:00+01:00)
 * the server (shifted-clock.mjs), the browser (Playwright's clock) and the test itself all start from that instant
 * and run on from it, so a test can be proved against a weekday and an hour (a Sunday evening) without waiting for it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';

const fakeNow = process.env.E2E_NOW ? Date.parse(process.env.E2E_NOW) : null;
if (fakeNow !== null && Number.isNaN(fakeNow)) throw new Error(`E2E_NOW non è un istante ISO: ${process.env.E2E_NOW}`);

/** How far the test's clock is from the system's (0 without E2E_NOW). */
export const CLOCK_OFFSET_MS = fakeNow === null ? 0 : fakeNow - Date.now();

/** The test's current instant. */
export const testNow = (): Date => new Date(Date.now() + CLOCK_OFFSET_MS);

/** Node arguments and environment that put a spawned server on the test's clock (none without E2E_NOW). */
export function serverClock(): { args: string[]; env: Record<string, string> } {
  if (!CLOCK_OFFSET_MS) return { args: [], env: {} };
  const preload = path.join(path.dirname(fileURLToPath(import.meta.url)), 'shifted-clock.mjs');
  return { args: ['--import', preload], env: { E2E_CLOCK_OFFSET_MS: String(CLOCK_OFFSET_MS) } };
}

/** Puts a browser context on the test's clock (nothing to do without E2E_NOW); call before its first page loads. */
export async function browserClock(context: BrowserContext): Promise<void> {
  if (CLOCK_OFFSET_MS) await context.clock.install({ time: testNow() });
}
