import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { MedicalStatus } from 'shared-api/contract';

/**
 * The member's medical status as SQL, from the certificates domain (which provides it as Services.medicalStatus):
 * the registry's lists read the same expression as the profile and the booking checks without importing that domain.
 */
export interface MedicalStatusPort {
  /** `userId`: the outer query's user id, qualified; `today`: the club's date (default: now's), SQL for a statement prepared once. */
  statusOf(userId: SQLWrapper, today?: SQLWrapper): SQL<MedicalStatus>;
  expiryOf(userId: SQLWrapper): SQL<string | null>;
}
