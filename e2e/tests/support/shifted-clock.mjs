/**
 * Preloaded (node --import) into the server a browser test starts when the test runs at another time
 * (E2E_NOW, see clock.ts): every reading of the wall clock — Date.now(), new Date() — is moved by
 * E2E_CLOCK_OFFSET_MS, so the seed, the rules and the sessions see the test's instant while time keeps running.
 */
const offset = Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0);
if (offset) {
  const RealDate = Date;
  const realNow = RealDate.now;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(realNow() + offset);
      else super(...args);
    }
    static now() {
      return realNow() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
