import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq, gt } from 'drizzle-orm';
import { loadAppConfig, migrateDatabase, seedIfEmpty } from '../../../app';
import { openDatabase } from '../../../core/db/client';
import { files, mail_outbox } from '../../../core/db/tables';
import { users } from '../../registry/tables';
import { certificate_records, certificate_types, certificates } from '../tables';
import { todayIn } from '../../../core/time';
import { TestClock, createScratchDatabase } from 'test-kit';
import { ADMIN, MEMBER, type TestApp, asJob, build, call, databaseMark, lastMailTo, login } from '../../../testing/helper';
import { sendExpiryWarnings } from '../medical/expiry-warnings';

let t: TestApp;
let admin: string;

const DAY = 86_400_000;
const isoAfter = (from: string, days: number) => new Date(Date.parse(`${from}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** Gives a member an approved medical certificate expiring on `endDate`, through the API as staff would. */
async function approvedCertificate(app: TestApp['app'], staff: string, memberCookie: string, endDate: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')]), 'certificato.pdf');
  const up = await call(app, memberCookie, 'POST', '/api/v1/certificate/medical/user/me', form);
  assert.equal(up.statusCode, 201, up.body);
  const memberId = (await call(app, memberCookie, 'GET', '/api/v1/user/me')).json()._id;
  const cert = (await call(app, staff, 'GET', '/api/v1/certificate?limit=500'))
    .json()
    .data.find((c: { user: { _id: string } }) => c.user._id === memberId);
  const ok = await call(
    app,
    staff,
    'PATCH',
    `/api/v1/certificate/${cert._id}/user/${memberId}/record/${cert.active_record_content.recordId}/approve`,
    { end_date: endDate },
  );
  assert.equal(ok.statusCode, 200, ok.body);
}

async function mailsTo(db: TestApp['database']['db'], email: string, since: Date) {
  return db
    .select()
    .from(mail_outbox)
    .where(and(eq(mail_outbox.to, email), gt(mail_outbox.created_at, since)));
}

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
});
after(async () => {
  await t.close();
});

describe('certificate expiry warnings', () => {
  test('one mail per warning day reached, never twice; an expiry notice; none for a member without a due date', async () => {
    const today = todayIn(t.config.clubTimezone, t.clock.now());
    const member = await login(t.app, MEMBER);
    await approvedCertificate(t.app, admin, member, isoAfter(today, 7));
    const since = await databaseMark(t);
    const mailer = t.app.services.mailer;
    const run = (day: string) => sendExpiryWarnings({ db: t.database.db, today: () => day, deliver: (mail) => asJob(t, () => mailer.queue(mail)) });

    // 7 days before: the type's 7-day warning (the seeded type warns at 30, 7 and 1 days).
    assert.equal(await run(today), 1);
    assert.equal(await run(today), 0);
    let mails = await mailsTo(t.database.db, MEMBER.email, since);
    assert.equal(mails.length, 1);
    assert.match(mails[0]!.subject, /^Il tuo certificato medico scade il \d\d\/\d\d\/\d{4}$/);
    assert.match((await lastMailTo(t, MEMBER.email, /^Il tuo certificato medico scade/)).body, /\(tra 7 giorni\)/);

    // Nothing new until the 1-day warning, then the expiry notice the day after the end date, once each.
    assert.equal(await run(isoAfter(today, 3)), 0);
    assert.equal(await run(isoAfter(today, 6)), 1);
    assert.equal(await run(isoAfter(today, 8)), 1);
    assert.equal(await run(isoAfter(today, 8)), 0);
    mails = await mailsTo(t.database.db, MEMBER.email, since);
    assert.deepEqual(
      mails.map((m) => m.subject.replace(/\d\d\/\d\d\/\d{4}/, 'D')).sort(),
      ['Il tuo certificato medico scade il D', 'Il tuo certificato medico scade il D', 'Il tuo certificato medico è scaduto'].sort(),
    );
    // A week after that: no more notices.
    assert.equal(await run(isoAfter(today, 30)), 0);
  });

  test('runs racing on one database send each warning once', async () => {
    const today = todayIn(t.config.clubTimezone, t.clock.now());
    const other = await login(t.app, { email: 'giulia.bianchi@circolo.example', password: 'Socio-2026!' });
    await approvedCertificate(t.app, admin, other, isoAfter(today, 30));
    const since = await databaseMark(t);
    const counts = await Promise.all(
      Array.from({ length: 6 }, () =>
        sendExpiryWarnings({ db: t.database.db, today: () => today, deliver: (mail) => asJob(t, () => t.app.services.mailer.queue(mail)) }),
      ),
    );
    assert.equal(
      counts.reduce((a, b) => a + b, 0),
      1,
    );
    assert.equal((await mailsTo(t.database.db, 'giulia.bianchi@circolo.example', since)).length, 1);
  });

  test(
    'two connection pools on one PostgreSQL (two server processes) send each warning once',
    { skip: process.env.DATABASE_URL ? false : 'needs DATABASE_URL (PGlite serves one process)' },
    async () => {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'warn');
      const config = loadAppConfig({ DATABASE_URL: scratch.url });
      const first = await openDatabase({ kind: 'pg', url: scratch.url });
      const second = await openDatabase({ kind: 'pg', url: scratch.url });
      try {
        await migrateDatabase(first);
        const clock = new TestClock();
        await seedIfEmpty(first, config, clock);
        const today = todayIn(config.clubTimezone, clock.now());
        // A new approved record of Marco Rossi's medical certificate (the demo gives him one for a year) expiring
        // tomorrow, written as the certificates service would: the latest record decides.
        const [marco] = await first.db.select({ id: users.id }).from(users).where(eq(users.email, MEMBER.email));
        const [type] = await first.db.select().from(certificate_types).where(eq(certificate_types.is_medical, true)).limit(1);
        const [held] = await first.db
          .select({ id: certificates.id })
          .from(certificates)
          .where(and(eq(certificates.user_id, marco!.id), eq(certificates.type_id, type!.id)));
        const certId = held?.id ?? (await first.db.insert(certificates).values({ type_id: type!.id, user_id: marco!.id }).returning())[0]!.id;
        const [file] = await first.db
          .insert(files)
          .values({ original_name: 'c.pdf', mime: 'application/pdf', size: 1, owner_user_id: marco!.id })
          .returning();
        await first.db
          .insert(certificate_records)
          .values({ certificate_id: certId, file_id: file!.id, is_approved: true, end_date: isoAfter(today, 1) });

        const sent: string[] = [];
        const runs = await Promise.all(
          [first, second, first, second].map((database) =>
            sendExpiryWarnings({ db: database.db, today: () => today, deliver: async (mail) => void sent.push(mail.to) }),
          ),
        );
        assert.equal(
          runs.reduce((a, b) => a + b, 0),
          1,
        );
        assert.deepEqual(sent, [MEMBER.email]);
      } finally {
        await first.close();
        await second.close();
        await scratch.drop();
      }
    },
  );
});
