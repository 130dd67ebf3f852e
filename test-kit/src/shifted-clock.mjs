/**
 * Preloaded (node --import) into a process a test spawns (processClock in clock.ts): its wall clock — Date.now(),
 * new Date() — starts at TEST_CLOCK_START_MS and runs on from there, so the seed, the rules and the timestamps see
 * the test's instant. Plain JavaScript: it runs before any TypeScript loader.
 */
const start = Number(process.env.TEST_CLOCK_START_MS);
if (Number.isFinite(start) && start > 0) {
  const RealDate = Date;
  const offset = start - RealDate.now();
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
