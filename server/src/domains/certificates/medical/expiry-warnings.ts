import { sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client';
import type { Mail } from '../../../core/mail/mailer';
import { formatItalianDate } from '../../../core/time';
import { isActiveUser } from '../../registry';
import { users } from '../../registry/tables';
import { certificate_records, certificate_types, certificate_warnings, certificates } from '../tables';

/** The queue of the daily expiry warnings (docs/decisions.md, "Expiry warnings, claimed once"). */
export const EXPIRY_WARNINGS_JOB = 'certificates.expiry-warnings';
/** The expiry notice is a warning "-1 days before": the first day the certificate is expired. */
const EXPIRED = -1;
/** A certificate expired longer ago than this gets no notice (e.g. on the first run after an upgrade). */
const EXPIRED_NOTICE_DAYS = 7;

interface Due {
  certificate_id: string;
  end_date: string;
  days_before: number;
  email: string;
  name: string;
  type_name: string;
}

export interface ExpiryWarningsDeps {
  db: Db;
  today: () => string;
  /** Hands one mail to the mailer. */
  deliver: (mail: Mail) => Promise<void>;
}

function warningMail(due: Due): Mail {
  const date = formatItalianDate(due.end_date);
  const expired = due.days_before === EXPIRED;
  return {
    to: due.email,
    subject: expired ? 'Il tuo certificato medico è scaduto' : `Il tuo certificato medico scade il ${date}`,
    text: [
      `Ciao ${due.name},`,
      '',
      expired
        ? `il tuo certificato «${due.type_name}» è scaduto il ${date}: senza un certificato valido non puoi prenotare i turni di allenamento.`
        : `il tuo certificato «${due.type_name}» scade il ${date}${due.days_before > 0 ? ` (tra ${due.days_before} ${due.days_before === 1 ? 'giorno' : 'giorni'})` : ''}.`,
      'Carica il nuovo certificato dal tuo profilo nel portale del circolo, nella sezione «Informazioni di iscrizione».',
    ].join('\n'),
    links: [],
  };
}

/**
 * Once a day (and at start): every active member whose latest approved medical certificate has reached a warning day
 * of its type (days_before_warn), or expired within the last week, gets one mail for the latest threshold reached.
 * The claim is a row of certificate_warnings inserted ON CONFLICT DO NOTHING: whichever process inserts it sends the
 * mail, so several processes, or several runs a day, never send it twice. A mail is sent after its claim commits
 * (a crash in between loses that warning rather than sending it twice).
 */
export async function sendExpiryWarnings({ db, today, deliver }: ExpiryWarningsDeps): Promise<number> {
  const day = today();
  const claimed = await db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with latest as (
        select distinct on (c.id) c.id as certificate_id, c.user_id, t.name as type_name, t.days_before_warn, r.end_date, r.is_approved
        from ${certificates} c
        join ${certificate_types} t on t.id = c.type_id and t.is_medical
        join ${certificate_records} r on r.certificate_id = c.id
        order by c.id, r.uploaded_at desc, r.id desc
      ), due as (
        select l.certificate_id, l.user_id, l.type_name, l.end_date,
          (select min(d) from unnest(l.days_before_warn || array[${EXPIRED}]::int[]) d where ${day}::date >= l.end_date - d) as days_before
        from latest l
        where l.is_approved and l.end_date is not null and ${day}::date <= l.end_date + ${EXPIRED_NOTICE_DAYS}::int
      ), claimed as (
        insert into ${certificate_warnings} (certificate_id, end_date, days_before)
        select due.certificate_id, due.end_date, due.days_before from due
        join ${users} on ${users.id} = due.user_id and ${isActiveUser(day)}
        where due.days_before is not null
        on conflict do nothing
        returning certificate_id, end_date, days_before
      )
      select claimed.certificate_id, claimed.end_date::text as end_date, claimed.days_before, u.email, u.name, due.type_name
      from claimed join due on due.certificate_id = claimed.certificate_id join ${users} u on u.id = due.user_id`);
    return (Array.isArray(result) ? result : (result as { rows: Due[] }).rows) as Due[];
  });
  for (const due of claimed) await deliver(warningMail(due));
  return claimed.length;
}
