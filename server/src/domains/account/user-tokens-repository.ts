import { and, eq, gt, isNotNull, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client';
import { type Clock, systemClock } from '../../core/time';
import { user_tokens } from './tables';
import { hashSecret, newSecret } from './tokens';

export type UserTokenKind = 'invitation' | 'reset';

/** Invitation links last 7 days, reset links 1 hour (DESIGN §3). */
export const TOKEN_LIFETIME_MS: Record<UserTokenKind, number> = {
  invitation: 7 * 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

/** The message the front end matches to say the link is no longer good (spec 000 §8). */
export const INVALID_TOKEN_MESSAGE = 'Invalid or expired token';

export class UserTokenRepository {
  constructor(private readonly clock: Clock = systemClock) {}

  /** A new token for the user; only its hash is stored. The user's earlier unused tokens of this kind stop working. */
  async issue(tx: DbOrTx, userId: string, kind: UserTokenKind): Promise<string> {
    const { token, hash } = newSecret();
    await tx.delete(user_tokens).where(and(eq(user_tokens.user_id, userId), eq(user_tokens.kind, kind), isNull(user_tokens.used_at)));
    await tx
      .insert(user_tokens)
      .values({ user_id: userId, kind, token_hash: hash, expires_at: new Date(this.clock.now().getTime() + TOKEN_LIFETIME_MS[kind]) });
    return token;
  }

  /**
   * Marks the token used if it is the user's, of this kind, unused and unexpired; false otherwise. Single use even
   * under races. Once one is used, the user's other tokens of this kind stop working.
   */
  async consume(tx: DbOrTx, userId: string, kind: UserTokenKind, token: string): Promise<boolean> {
    const now = this.clock.now();
    const used = await tx
      .update(user_tokens)
      .set({ used_at: now })
      .where(
        and(
          eq(user_tokens.token_hash, hashSecret(token)),
          eq(user_tokens.user_id, userId),
          eq(user_tokens.kind, kind),
          isNull(user_tokens.used_at),
          gt(user_tokens.expires_at, now),
        ),
      )
      .returning({ id: user_tokens.id });
    if (used.length !== 1) return false;
    await tx
      .delete(user_tokens)
      .where(and(eq(user_tokens.user_id, userId), eq(user_tokens.kind, kind), isNull(user_tokens.used_at), ne(user_tokens.id, used[0]!.id)));
    return true;
  }

  /** Whether this is the user's token of this kind and was used already (a link followed a second time). */
  async wasUsed(tx: DbOrTx, userId: string, kind: UserTokenKind, token: string): Promise<boolean> {
    const found = await tx
      .select({ id: user_tokens.id })
      .from(user_tokens)
      .where(
        and(
          eq(user_tokens.token_hash, hashSecret(token)),
          eq(user_tokens.user_id, userId),
          eq(user_tokens.kind, kind),
          isNotNull(user_tokens.used_at),
        ),
      )
      .limit(1);
    return found.length > 0;
  }
}
