import type { SettingsSection } from '../../core/config';

declare module '../../core/config' {
  interface AppConfig {
    /**
     * Check-in at the table (issue 42): a member checks in from CHECK_IN_OPENS_MIN minutes before their booking's start
     * (default 15) to CHECK_IN_CLOSES_MIN after it (default 10); a booking nobody checked in to by then is released.
     */
    checkInOpensMin: number;
    checkInClosesMin: number;
  }
}

function minutes(name: string, value: string | undefined, fallback: number): number {
  if (!value?.trim()) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 240) throw new Error(`${name} non valido: "${value}" (atteso un numero intero di minuti tra 0 e 240)`);
  return n;
}

/** The booking domain's section of the settings. */
export const bookingSettings: SettingsSection = (env) => ({
  checkInOpensMin: minutes('CHECK_IN_OPENS_MIN', env.CHECK_IN_OPENS_MIN, 15),
  checkInClosesMin: minutes('CHECK_IN_CLOSES_MIN', env.CHECK_IN_CLOSES_MIN, 10),
});
