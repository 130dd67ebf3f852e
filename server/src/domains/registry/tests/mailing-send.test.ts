import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { desc, eq, gt } from 'drizzle-orm';
import { mail_outbox } from '../../../core/db/tables';
import { ADMIN, MEMBER, type TestApp, build, call, databaseMark, jobsDone, lastMailTo, login } from '../../../testing/helper';
import { categories, users } from '../tables';

let t: TestApp;
let admin: string;

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
});
after(async () => {
  await t.close();
});

/** The recipients of the mails written to the outbox since `since`, sorted. */
async function recipientsSince(since: Date): Promise<string[]> {
  const rows = await t.database.db
    .select({ to: mail_outbox.to })
    .from(mail_outbox)
    .where(gt(mail_outbox.created_at, since))
    .orderBy(desc(mail_outbox.created_at));
  return rows.map((r) => r.to).sort();
}

const byName = async (path: string, name: string): Promise<Record<string, unknown> & { _id: string }> =>
  ((await call(t.app, admin, 'GET', `${path}?limit=500`)).json().data as ({ _id: string; name: string } & Record<string, unknown>)[]).find(
    (x) => x.name === name,
  )!;

describe('sending to mailing lists', () => {
  test('recipients through category, qualification and default class; one mail each; deactivated members left out; unsubscribe works without signing in', async () => {
    const promo = (await call(t.app, admin, 'POST', '/api/v1/user/mailing-list/classes', { name: 'Promo soci', type: 'COMMERCIALE' })).json();
    const course = (await call(t.app, admin, 'POST', '/api/v1/user/mailing-list/classes', { name: 'Corsi', type: 'INFORMATIVA' })).json();
    const soci = await byName('/api/v1/user/category', 'Soci');
    assert.equal(
      (await call(t.app, admin, 'PATCH', `/api/v1/user/category/${soci._id}`, { ...soci, reservation_rules: [], mailing_list_classes: [promo._id] }))
        .statusCode,
      200,
    );
    const allievo = await byName('/api/v1/user/qualification', 'Allievo corso');
    assert.equal(
      (
        await call(t.app, admin, 'PATCH', `/api/v1/user/qualification/${allievo._id}`, {
          ...allievo,
          reservation_rules: [],
          mailing_list_classes: [course._id],
        })
      ).statusCode,
      200,
    );
    const luca = (await call(t.app, admin, 'GET', '/api/v1/user?limit=500&q=ferrari')).json().data[0];
    assert.equal((await call(t.app, admin, 'PATCH', `/api/v1/user/${luca._id}/deactivate`, {})).statusCode, 200);

    let since = await databaseMark(t);
    const sent = await call(t.app, admin, 'POST', '/api/v1/emails/send', {
      mailing_lists: [promo._id, course._id],
      subject: 'Novità',
      body: 'Ciao a tutti',
    });
    assert.equal(sent.statusCode, 200, sent.body);
    assert.deepEqual(sent.json(), { queued: 4 });
    assert.deepEqual(await recipientsSince(since), [
      'francesca.romano@circolo.example',
      'giulia.bianchi@circolo.example',
      'marco.rossi@circolo.example',
      'matteo.colombo@circolo.example',
    ]);

    const info = await byName('/api/v1/user/mailing-list/classes', 'Comunicazioni del circolo');
    since = await databaseMark(t);
    const everyone = await call(t.app, admin, 'POST', '/api/v1/emails/send', {
      mailing_lists: [info._id, promo._id],
      subject: 'Assemblea',
      body: 'Convocazione',
    });
    assert.deepEqual(everyone.json(), { queued: 5 });
    assert.deepEqual(await recipientsSince(since), [
      'admin@circolo.example',
      'francesca.romano@circolo.example',
      'giulia.bianchi@circolo.example',
      'marco.rossi@circolo.example',
      'matteo.colombo@circolo.example',
    ]);

    // The commercial list's mail carries a signed link that works without signing in.
    const marcoMail = await lastMailTo(t, MEMBER.email, /^Assemblea$/);
    assert.equal(marcoMail.links.length, 1);
    assert.match(
      marcoMail.body,
      /Per non ricevere più le email di «Promo soci» apri questo link: http:\/\/portale\.test\/api\/v1\/emails\/unsubscribe\?/,
    );
    const url = new URL(marcoMail.links[0]!);
    const page = await call(t.app, null, 'GET', `${url.pathname}${url.search}`);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Vuoi smettere di ricevere le email di «Promo soci»\?/);
    const forged = new URLSearchParams(url.search);
    forged.set('s', 'x'.repeat(43));
    assert.equal((await call(t.app, null, 'GET', `${url.pathname}?${forged.toString()}`)).statusCode, 400);

    const done = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ u: url.searchParams.get('u')!, c: url.searchParams.get('c')!, s: url.searchParams.get('s')! }).toString(),
    });
    assert.equal(done.statusCode, 200, done.body);
    assert.match(done.body, /Non riceverai più le email di «Promo soci»/);

    since = await databaseMark(t);
    assert.deepEqual(
      (await call(t.app, admin, 'POST', '/api/v1/emails/send', { mailing_lists: [promo._id], subject: 'Sconti', body: 'Offerta' })).json(),
      { queued: 2 },
    );
    assert.deepEqual(await recipientsSince(since), ['francesca.romano@circolo.example', 'giulia.bianchi@circolo.example']);
  });

  test('lists that reach no active member: 409 MAILING_NO_RECIPIENTS, nothing queued, no success (issue 44 item 8)', async () => {
    const nobody = (await call(t.app, admin, 'POST', '/api/v1/user/mailing-list/classes', { name: 'Nessuno iscritto', type: 'INFORMATIVA' })).json();
    const since = await databaseMark(t);
    const res = await call(t.app, admin, 'POST', '/api/v1/emails/send', { mailing_lists: [nobody._id], subject: 'Avviso', body: 'Testo' });
    assert.equal(res.statusCode, 409, res.body);
    assert.deepEqual(res.json(), {
      code: 'MAILING_NO_RECIPIENTS',
      message: 'Nessuna email inviata: le mailing list scelte non raggiungono nessun utente attivo.',
    });
    assert.deepEqual(await recipientsSince(since), []);
  });

  test('bad input and access', async () => {
    for (const [body, message] of [
      [{ mailing_lists: [], subject: 'a', body: 'b' }, /^mailing_lists: Campo obbligatorio/],
      [{ mailing_lists: ['00000000-0000-4000-8000-000000000000'], subject: ' ', body: 'b' }, /^subject: Campo obbligatorio/],
      [{ mailing_lists: ['00000000-0000-4000-8000-000000000000'], subject: 'a', body: 'b' }, /^mailing_lists: Classe di mailing list non trovata/],
      [
        { mailing_lists: Array.from({ length: 51 }, () => '00000000-0000-4000-8000-000000000000'), subject: 'a', body: 'b' },
        /^mailing_lists: Puoi selezionare al massimo 50 elementi/,
      ],
    ] as const) {
      const res = await call(t.app, admin, 'POST', '/api/v1/emails/send', body);
      assert.equal(res.statusCode, 400);
      assert.match(res.json().message, message);
    }
    assert.equal((await call(t.app, await login(t.app, MEMBER), 'POST', '/api/v1/emails/send', {})).statusCode, 403);
    assert.equal((await call(t.app, null, 'POST', '/api/v1/emails/send', {})).statusCode, 401);
  });

  test('a default list reaching hundreds of members: one mail each, recorded together, every one delivered', async () => {
    const [soci] = await t.database.db.select({ id: categories.id }).from(categories).where(eq(categories.name, 'Soci'));
    const now = t.clock.now();
    await t.database.db.insert(users).values(
      Array.from({ length: 300 }, (_, i) => ({
        name: 'Socio',
        surname: `Numero ${i}`,
        email: `socio.${i}@lista.example`,
        category_id: soci!.id,
        registration_completed_at: now,
        terms_accepted_at: now,
      })),
    );
    const active = (await call(t.app, admin, 'GET', '/api/v1/user?onlyEnabled=true&limit=1')).json().meta.totalItems as number;
    assert.ok(active > 300);
    const info = await byName('/api/v1/user/mailing-list/classes', 'Comunicazioni del circolo');
    const since = await databaseMark(t);
    const sent = await call(t.app, admin, 'POST', '/api/v1/emails/send', {
      mailing_lists: [info._id],
      subject: 'Assemblea annuale',
      body: 'Convocazione',
    });
    assert.deepEqual(sent.json(), { queued: active });
    const recorded = await recipientsSince(since);
    assert.equal(recorded.length, active);
    assert.equal(new Set(recorded).size, active);
    // The runner works off the whole send (a full batch fetches the next at once); every mail reaches the outbox's log.
    await jobsDone(t.database, 'mail');
    const statuses = await t.database.db.select({ status: mail_outbox.status }).from(mail_outbox).where(gt(mail_outbox.created_at, since));
    assert.deepEqual([...new Set(statuses.map((r) => r.status))], ['logged']);
  });
});
