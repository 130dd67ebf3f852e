import type { Tx } from '../../core/db/client';

/**
 * What other domains end when the registry deactivates a member (issue 39), inside the deactivation's transaction,
 * without the registry importing them: the booking domain provides it (Services.memberDeactivation) and drops the
 * member's waitlist places. Their calendar feed answers 404 and their reminders stop on their own while deactivated.
 */
export interface DeactivationPort {
  endOf(tx: Tx, userId: string): Promise<void>;
}
