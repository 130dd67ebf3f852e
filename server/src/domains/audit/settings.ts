import type { SettingsSection } from '../../core/config';

declare module '../../core/config' {
  interface AppConfig {
    /** How long the audit log keeps an entry (AUDIT_RETENTION_DAYS, default 3650: ten years); older ones are removed daily. */
    auditRetentionDays: number;
  }
}

export const auditSettings: SettingsSection = (env) => {
  const value = env.AUDIT_RETENTION_DAYS?.trim();
  if (!value) return { auditRetentionDays: 3650 };
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1)
    throw new Error(`AUDIT_RETENTION_DAYS non valido: "${value}" (atteso un numero intero di giorni, almeno 1)`);
  return { auditRetentionDays: days };
};
