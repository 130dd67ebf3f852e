import type { SettingsSection } from '../../core/config';

declare module '../../core/config' {
  interface AppConfig {
    /** The club's IBAN for members' payments (CLUB_IBAN, spaces dropped, upper case); null when not configured. */
    clubIban: string | null;
  }
}

/** CLUB_IBAN: unset → null; otherwise an IBAN's shape (two letters, two check digits, up to 30 characters). */
export function parseIban(value: string | undefined): string | null {
  const iban = value?.replace(/\s+/g, '').toUpperCase();
  if (!iban) return null;
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) {
    throw new Error(`CLUB_IBAN non valido: "${value}" (atteso ad es. IT60 X054 2811 1010 0000 0123 456)`);
  }
  return iban;
}

/** The finance domain's section of the settings. */
export const financeSettings: SettingsSection = (env) => ({ clubIban: parseIban(env.CLUB_IBAN) });
