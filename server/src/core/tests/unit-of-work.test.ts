/**
 * One unit of work per mutating request and per job (issue 38, core/db/unit-of-work.ts, core/plugins/unit-of-work.ts):
 * the services' handle runs every query in the current unit of work's transaction, a mutating request's writes commit
 * or roll back together, and a write outside any unit of work throws under tests (is logged in production).
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { createScratchDatabase } from 'test-kit';
import { type Database, openDatabase } from '../db/client';
import { rowsOf } from '../db/rows';
import { WriteOutsideUnitOfWorkError, afterCommit, ambientDb, onWriteOutsideUnitOfWork, rawDb, systemWork, unitOfWork } from '../db/unit-of-work';
import unitOfWorkPlugin from '../plugins/unit-of-work';
import { systemClock } from '../time';

const baseUrl = process.env.DATABASE_URL;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let database: Database;

before(async () => {
  if (baseUrl) {
    scratch = await createScratchDatabase(baseUrl, 'test');
    database = await openDatabase({ kind: 'pg', url: scratch.url });
  } else database = await openDatabase({ kind: 'pglite', dataDir: null });
  await database.db.execute(sql`create table uow_rows (id serial primary key, label text not null)`);
});
after(async () => {
  await database.close();
  await scratch?.drop();
});

const labels = async () => rowsOf<{ label: string }>(await database.db.execute(sql`select label from uow_rows order by id`)).map((r) => r.label);
const services = () => ambientDb(rawDb(database.db), { guard: true });
const job = <T>(work: () => Promise<T>) => unitOfWork(database.db, { kind: 'job', label: 'prova' }, work);

describe('the services’ handle', () => {
  test('a write outside any unit of work throws under tests: insert, update, delete, an execute of one, a transaction', async () => {
    const db = services();
    assert.throws(() => db.execute(sql`insert into uow_rows (label) values ('fuori')`), WriteOutsideUnitOfWorkError);
    assert.throws(() => db.insert(sql`uow_rows` as never), WriteOutsideUnitOfWorkError);
    assert.throws(() => db.update(sql`uow_rows` as never), WriteOutsideUnitOfWorkError);
    assert.throws(() => db.delete(sql`uow_rows` as never), WriteOutsideUnitOfWorkError);
    assert.throws(() => db.transaction(async () => undefined), WriteOutsideUnitOfWorkError);
    // A read is fine; start-up work marked as such may write.
    assert.deepEqual(await labels(), []);
    await systemWork('prova', () => db.execute(sql`insert into uow_rows (label) values ('avvio')`));
    assert.deepEqual(await labels(), ['avvio']);
    await database.db.execute(sql`delete from uow_rows`);
  });

  test('in production the write runs and is reported', async () => {
    const saved = { env: process.env.NODE_ENV, ctx: process.env.NODE_TEST_CONTEXT };
    const reported: string[] = [];
    onWriteOutsideUnitOfWork((message) => reported.push(message));
    process.env.NODE_ENV = 'production';
    delete process.env.NODE_TEST_CONTEXT;
    try {
      await services().execute(sql`insert into uow_rows (label) values ('registrata')`);
    } finally {
      process.env.NODE_ENV = saved.env;
      if (saved.ctx !== undefined) process.env.NODE_TEST_CONTEXT = saved.ctx;
      onWriteOutsideUnitOfWork((message) => console.error(message));
    }
    assert.equal(reported.length, 1);
    assert.match(reported[0]!, /Scrittura fuori da un'unità di lavoro \(execute\)/);
    assert.deepEqual(await labels(), ['registrata']);
    await database.db.execute(sql`delete from uow_rows`);
  });

  test('a unit of work commits its writes together, a nested transaction is a savepoint, a throw rolls back all', async () => {
    const db = services();
    const woken: string[] = [];
    await job(async () => {
      await db.execute(sql`insert into uow_rows (label) values ('uno')`);
      await db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into uow_rows (label) values ('annullata')`);
          throw new Error('solo il savepoint');
        })
        .catch(() => undefined);
      await db.transaction((tx) => tx.execute(sql`insert into uow_rows (label) values ('due')`));
      afterCommit(() => woken.push('dopo il commit'));
      assert.deepEqual(woken, [], 'not before the commit');
    });
    assert.deepEqual(await labels(), ['uno', 'due']);
    assert.deepEqual(woken, ['dopo il commit']);
    await assert.rejects(
      job(async () => {
        await db.execute(sql`insert into uow_rows (label) values ('tre')`);
        afterCommit(() => woken.push('mai'));
        throw new Error('annullato');
      }),
      /annullato/,
    );
    assert.deepEqual(await labels(), ['uno', 'due']);
    assert.deepEqual(woken, ['dopo il commit']);
    await database.db.execute(sql`delete from uow_rows`);
  });
});

describe('the request plugin', () => {
  test('a mutating route: its writes commit before the answer, or roll back on an error answer; a GET holds no transaction', async () => {
    const app = Fastify();
    // What the services plugin gives the app, as the unit-of-work plugin reads it.
    await app.register(
      fp(
        async (instance) => {
          instance.decorate('database', database);
          instance.decorate('services', { clock: systemClock } as never);
        },
        { name: 'services' },
      ),
    );
    await app.register(unitOfWorkPlugin);
    const db = services();
    app.post('/ok', async () => {
      await db.execute(sql`insert into uow_rows (label) values ('richiesta')`);
      await db.execute(sql`insert into uow_rows (label) values ('richiesta 2')`);
      return { ok: true };
    });
    app.post('/fails', async (_request, reply) => {
      await db.execute(sql`insert into uow_rows (label) values ('mai salvata')`);
      return reply.code(409).send({ code: 'CONFLICT' });
    });
    app.post('/kept', { config: { commitRefusals: true } }, async (_request, reply) => {
      await db.execute(sql`insert into uow_rows (label) values ('tentativo contato')`);
      return reply.code(401).send({ code: 'LOGIN_FAILED' });
    });
    app.get('/write', async () => {
      await db.execute(sql`insert into uow_rows (label) values ('da una lettura')`);
      return { ok: true };
    });
    app.get('/own', async () => {
      await db.transaction((tx) => tx.execute(sql`insert into uow_rows (label) values ('transazione propria')`));
      return { ok: true };
    });
    try {
      assert.equal((await app.inject({ method: 'POST', url: '/ok' })).statusCode, 200);
      assert.equal((await app.inject({ method: 'POST', url: '/fails' })).statusCode, 409);
      assert.equal((await app.inject({ method: 'POST', url: '/kept' })).statusCode, 401);
      // A GET's lone write is refused (500 here: no error handler); a transaction of its own is a unit of work.
      assert.equal((await app.inject({ method: 'GET', url: '/write' })).statusCode, 500);
      assert.equal((await app.inject({ method: 'GET', url: '/own' })).statusCode, 200);
      assert.deepEqual(await labels(), ['richiesta', 'richiesta 2', 'tentativo contato', 'transazione propria']);
    } finally {
      await app.close();
      await database.db.execute(sql`delete from uow_rows`);
    }
  });
});
