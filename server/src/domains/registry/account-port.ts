import type { Tx } from '../../core/db/client';

/**
 * What the registry needs from the domain that owns sign-in, without importing it: the account domain provides
 * this (Services.accountPort), so the two never import each other.
 */
export interface AccountPort {
  /** Issues the invitation of a user being created, inside the creating transaction; the returned function mails it after commit. */
  issueInvitation(tx: Tx, user: { id: string; name: string; email: string }): Promise<() => Promise<void>>;
  /** Ends every session of a user (deactivation). */
  endSessionsOf(userId: string): Promise<void>;
}
