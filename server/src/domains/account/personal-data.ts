/**
 * The account's part of a member's personal data (issue 28): their open sessions in dati.json; anonymised, every
 * session ends and every e-mailed link (invitation, password reset) stops working.
 */
import { eq } from 'drizzle-orm';
import type { PersonalDataPart } from '../../core/domain';
import { sessions, user_tokens } from './tables';

export const accountPersonalData: PersonalDataPart = {
  forgets: ['sessions', 'tokens'],
  async export(db, userId) {
    const accessi = await db
      .select({ iniziata_il: sessions.created_at, scade_il: sessions.expires_at })
      .from(sessions)
      .where(eq(sessions.user_id, userId))
      .orderBy(sessions.created_at);
    return { sections: { sessioni_aperte: accessi } };
  },
  async anonymize(tx, userId) {
    await tx.delete(sessions).where(eq(sessions.user_id, userId));
    await tx.delete(user_tokens).where(eq(user_tokens.user_id, userId));
  },
};
