/**
 * The tests' clock: the one source of "now" in the server and browser suites. Every run starts at one instant,
 * TEST_NOW (an ISO instant with its offset, e.g. 2026-11-29T22:30:00+01:00; DEFAULT_TEST_NOW without it), and time
 * runs on from there as the process runs, measured by the monotonic performance.now(): no suite reads the system's
 * date or hour, so a test behaves the same on a Sunday night, on a daylight-saving weekend or on 31 December — and
 * CI proves it by running the booking steps at those instants (scripts/test.mjs).
 */
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';

import testNowFile from './test-now.json';

/**
 * A Wednesday morning at the club (Europe/Rome): the booking week under way, its evening shifts open. The same instant
 * is jest's "today" (jest.config.cjs reads test-now.json too).
 */
export const DEFAULT_TEST_NOW: string = testNowFile.default;

/** Parses an instant of TEST_NOW's form; an instant without an explicit offset would depend on the machine's zone. */
export function parseInstant(value: string): number {
  const ms = Date.parse(value);
  if (!/(Z|[+-]\d\d:\d\d)$/.test(value) || Number.isNaN(ms)) {
    throw new Error(`TEST_NOW non è un istante ISO con il fuso (es. 2026-11-29T22:30:00+01:00): ${value}`);
  }
  return ms;
}

/** The instant this run started at (TEST_NOW, else DEFAULT_TEST_NOW). */
export const TEST_START_MS = parseInstant(process.env.TEST_NOW || DEFAULT_TEST_NOW);

/** The test's current instant: TEST_NOW plus the time this process has run. */
export const testNow = (): Date => new Date(TEST_START_MS + performance.now());

/**
 * The clock a test app runs on (it implements the server's Clock): it starts at the test's instant and runs on until a
 * test moves it forward (advance) or stops it (freeze), so expiries and throttling windows are tested by moving time
 * instead of with wall-clock tolerances.
 */
export class TestClock {
  private offsetMs = 0;
  private frozenAt: number | null = null;

  constructor(startMs: number = testNow().getTime()) {
    this.offsetMs = startMs - performance.now();
  }

  now(): Date {
    return new Date(this.frozenAt ?? performance.now() + this.offsetMs);
  }

  /** Moves time forward (or back, with a negative amount). */
  advance(ms: number): void {
    if (this.frozenAt !== null) this.frozenAt += ms;
    else this.offsetMs += ms;
  }

  /** Stops time where it is: until release(), every now() answers the same instant. */
  freeze(): Date {
    this.frozenAt = this.now().getTime();
    return new Date(this.frozenAt);
  }

  /** Lets time run again from where it stood. */
  release(): void {
    if (this.frozenAt === null) return;
    this.offsetMs = this.frozenAt - performance.now();
    this.frozenAt = null;
  }
}

const SHIFTED_CLOCK = fileURLToPath(new URL('./shifted-clock.mjs', import.meta.url));

/**
 * Node arguments and environment that start a child process's clock (its Date) at `startMs`, running on from there:
 * the server a test spawns sees the test's instant in its rules, its seed and its timestamps.
 */
export function processClock(startMs: number = testNow().getTime()): { args: string[]; env: Record<string, string> } {
  return { args: ['--import', SHIFTED_CLOCK], env: { TEST_CLOCK_START_MS: String(Math.round(startMs)) } };
}

/** Puts a browser context on the test's clock; call it before the context's first page loads. */
export async function browserClock(context: BrowserContext): Promise<void> {
  await context.clock.install({ time: testNow() });
}

/** The club's calendar date (YYYY-MM-DD) of an instant, in a time zone (default the club's, Europe/Rome). */
export function clubDate(instant: Date = testNow(), timeZone = 'Europe/Rome'): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}
