import { z } from 'zod';
import { id, isoDate, listQuery } from './common';
import { AUDIT_ACTIONS, AUDIT_SORT_KEYS } from './audit-constants';
import { PERIOD_END_BEFORE_START } from './constants';

/**
 * The audit log (issue 28): every change made through the API, one entry per changed record, with its fields' before
 * and after. '*' only; a member reads their own sign-ins and profile changes through /user/me/activity.
 */

/** One field's change: its value before and after (null where the record did not exist yet or any more). */
export const auditChange = z.object({ before: z.unknown(), after: z.unknown() });

export const auditEntry = z.object({
  _id: id,
  at: z.string(),
  /** Who made the change (null: a public call such as completing a registration). */
  actor: z.object({ _id: id, name: z.string(), surname: z.string() }).nullable(),
  ip: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.string(),
  entity_id: z.string().nullable(),
  changes: z.record(z.string(), auditChange),
  /**
   * The names of the records the entry names by id (its own and those among its values; issue 44 item 6): a person
   * as 'Surname Name', a table as 'Tavolo N', a session by its title, day and time and table, a booking by its shift's
   * day and time (the club's clock) and table. Absent where it names none (or only deleted ones).
   */
  names: z.record(z.string(), z.string()).optional(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** GET /audit: the list's parameters and its filters (record, record id, the user who acted, a period of days). */
export const auditFilters = z.object({
  entity: z.string().trim().max(64).optional(),
  entityId: z.string().trim().max(64).optional(),
  userId: id.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type AuditFilters = z.infer<typeof auditFilters>;

/** The audit page's filters as the list sends them, with the period's end ('Al') not before its start ('Dal'). */
export const auditFiltersForm = auditFilters.refine((f) => !f.from || !f.to || f.to >= f.from, {
  path: ['to'],
  message: PERIOD_END_BEFORE_START,
});

/**
 * The largest page of the log (issue 38): `limit` above it is refused, and `limit=0` ('Tutti' on other lists) reads a
 * page of this many, never the whole log (a busy club writes 100,000 entries in a few weeks).
 */
export const AUDIT_PAGE_MAX_ROWS = 500;

/** The most entries a PDF of the log holds (AUDIT_PDF_TOO_MANY_ROWS past it); CSV and XLSX stream the whole period. */
export const AUDIT_PDF_MAX_ROWS = 5000;

export const auditListQuery = listQuery
  .extend(auditFilters.shape)
  .extend({ sortBy: z.enum(AUDIT_SORT_KEYS).optional(), limit: z.coerce.number().int().min(0).max(AUDIT_PAGE_MAX_ROWS).default(10) });

/** GET /user/me/activity: the member's last MY_ACTIVITY_LIMIT sign-ins and changes to their profile (newest first). */
export const myActivity = z.object({ data: z.array(auditEntry) });
export type MyActivity = z.infer<typeof myActivity>;
