import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { MedicalStatus } from 'shared-api/contract';
import { certificate_records, certificate_types, certificates } from '../tables';

/**
 * A member's medical status in SQL (DESIGN §5), so the profile, the registry's lists, training-group participants
 * and the booking checks all read the same value: from the latest record of their medical certificates —
 * none → not_uploaded; awaiting approval → not_approved; approved and past its expiry date → expired; else approved.
 * `userId` is the outer query's user id, spelled qualified (core/sql `qualified(users, 'id')`: the subquery has ids too); `today` the club's date (YYYY-MM-DD or a placeholder).
 */
export function medicalStatusOf(userId: SQLWrapper, today: string | SQLWrapper): SQL<MedicalStatus> {
  return sql<MedicalStatus>`coalesce((
    select case when not r.is_approved then 'not_approved' when r.end_date is not null and r.end_date < ${today}::date then 'expired' else 'approved' end
    from ${certificate_records} r
    join ${certificates} c on c.id = r.certificate_id
    join ${certificate_types} t on t.id = c.type_id and t.is_medical
    where c.user_id = ${userId}
    order by r.uploaded_at desc, r.id desc
    limit 1
  ), 'not_uploaded')`;
}

/** The expiry date of a member's latest approved medical record (null without one, or when it has none). */
export function medicalExpiryOf(userId: SQLWrapper): SQL<string | null> {
  return sql<string | null>`(
    select r.end_date::text
    from ${certificate_records} r
    join ${certificates} c on c.id = r.certificate_id
    join ${certificate_types} t on t.id = c.type_id and t.is_medical
    where c.user_id = ${userId} and r.is_approved
    order by r.uploaded_at desc, r.id desc
    limit 1
  )`;
}
