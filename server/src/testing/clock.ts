import type { Clock } from '../core/time';

/**
 * The clock every test app runs on: it follows the system's time until a test moves it forward (advance) or stops it
 * (freeze), so expiries and throttling windows are tested by moving time instead of with wall-clock tolerances.
 */
export class TestClock implements Clock {
  private offsetMs = 0;
  private frozenAt: number | null = null;

  now(): Date {
    return new Date(this.frozenAt ?? Date.now() + this.offsetMs);
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
    this.offsetMs = this.frozenAt - Date.now();
    this.frozenAt = null;
  }
}
