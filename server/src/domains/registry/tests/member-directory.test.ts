import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { type TestApp, build } from '../../../testing/helper';
import { MemberDirectory } from '../index';

let t: TestApp;
before(async () => {
  t = await build();
});
after(async () => {
  await t.close();
});

/** The database, counting the statements the directory sends. */
function counted(): { db: DbOrTx; statements: () => number } {
  let statements = 0;
  const db = {
    execute: (query: Parameters<DbOrTx['execute']>[0]) => {
      statements++;
      return t.database.db.execute(query);
    },
  } as unknown as DbOrTx;
  return { db, statements: () => statements };
}

const version = async () =>
  Number(rowsOf<{ version: string | number }>(await t.database.db.execute(sql`select version from member_directory_version`))[0]!.version);

const two = async () =>
  rowsOf<{ id: string; surname: string }>(await t.database.db.execute(sql`select id, surname from users order by email limit 2`));

describe('member directory', () => {
  test('reads a member once, again after a rename, and keeps what a reader of an older snapshot could not know', async () => {
    const [a, b] = await two();
    assert.ok(a && b);
    const directory = new MemberDirectory('#000000');
    const { db, statements } = counted();
    const v0 = await version();

    const first = await directory.lookup(db, v0, [a.id, b.id, a.id]);
    assert.deepEqual([first.map((member) => member?.surname), statements()], [[a.surname, b.surname, a.surname], 1]);
    // Nothing changed: no statement.
    await directory.lookup(db, v0, [a.id, b.id]);
    assert.equal(statements(), 1);

    // A rename raises the version at its commit; a reader of the new version reads the members again.
    await t.database.db.execute(sql`update users set surname = 'Rinominato' where id = ${a.id}`);
    const v1 = await version();
    assert.ok(v1 > v0);
    const renamed = await directory.lookup(db, v1, [a.id]);
    assert.deepEqual([renamed[0]?.surname, statements()], ['Rinominato', 2]);

    // A request whose snapshot is older (it read v0) does not empty the newer directory: it sees the newer name.
    const older = await directory.lookup(db, v0, [a.id]);
    assert.deepEqual([older[0]?.surname, statements()], ['Rinominato', 2]);

    // An unknown id (a deleted member) is not found, and is looked for again next time.
    const unknown = '00000000-0000-4000-8000-000000000000';
    assert.deepEqual(await directory.lookup(db, v1, [unknown]), [undefined]);
    await directory.lookup(db, v1, [unknown]);
    assert.equal(statements(), 4);
    await t.database.db.execute(sql`update users set surname = ${a.surname} where id = ${a.id}`);
  });

  test('a member without a qualification gets the colour given; one with several, the colour of the highest priority', async () => {
    const [a] = await two();
    assert.ok(a);
    await t.database.db.execute(sql`delete from user_qualifications where user_id = ${a.id}`);
    const none = await new MemberDirectory('#123456').lookup(t.database.db, await version(), [a.id]);
    assert.equal(none[0]?.color, '#123456');
    const quals = rowsOf<{ id: string; color: string }>(
      await t.database.db.execute(
        sql`insert into qualifications (name, color, priority) values ('Bassa', '#0000aa', 1), ('Alta', '#aa0000', 9) returning id, color`,
      ),
    );
    for (const q of quals) await t.database.db.execute(sql`insert into user_qualifications (user_id, qualification_id) values (${a.id}, ${q.id})`);
    const several = await new MemberDirectory('#123456').lookup(t.database.db, await version(), [a.id]);
    assert.equal(several[0]?.color, '#aa0000');
  });
});
