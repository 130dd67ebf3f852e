/**
 * No request blocks the others (issue 25, item 2): the heaviest calls do their heavy part on a worker thread, and
 * what stays on the request thread goes in bounded steps. Asserted from what core/workers and the export mechanism
 * publish (which task ran on which thread, how many rows each step took), never from a time; the event loop's
 * longest delay is printed beside each call as a diagnostic (bench/event-loop.ts measures it on a full year).
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import assert from 'node:assert/strict';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { threadId } from 'node:worker_threads';
import { EXPORT_STEP_CHANNEL, EXPORT_STEP_ROWS } from '../export/exporter';
import { LIST_STEP_CHANNEL, LIST_STEP_ROWS } from '../list';
import { workerThreadCount } from '../workers/pool';
import { longestLoopDelay, offThreadTasksDuring } from '../../testing/event-loop';
import { bigFitetCsv, declaredBombArchive, padBuild, tarGzOf } from '../../testing/heavy-files';
import { ADMIN, type TestApp, build, call, login } from '../../testing/helper';
import { bookedDailySessions, createMembers, fakeBuild, socketLikeUpload } from '../../testing';
import { sql } from 'drizzle-orm';

let t: TestApp;
let admin: string;

const api = (method: 'GET' | 'POST', url: string, body?: unknown) => call(t.app, admin, method, `/api/v1${url}`, body);
/** An upload encoded now, sent when the answer is called for as a socket delivers it (testing/event-loop.ts). */
const upload = async (url: string, field: string, data: Buffer, name: string, extra: Record<string, string> = {}) => {
  const body = await socketLikeUpload(field, data, name, extra);
  return () =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { cookie: admin, 'content-type': body.contentType }, payload: body.stream() });
};

/** Runs a heavy call; answers it with the off-thread tasks and export steps seen, and prints the loop's longest delay. */
async function observe(
  label: string,
  run: () => ReturnType<typeof api> | ReturnType<TestApp['app']['inject']>,
  context: { diagnostic(message: string): void },
) {
  const steps: number[] = [];
  const onStep = (message: unknown) => void steps.push((message as { rows: number }).rows);
  subscribe(EXPORT_STEP_CHANNEL, onStep);
  try {
    const measured = await longestLoopDelay(() => offThreadTasksDuring(run));
    context.diagnostic(
      `${label}: ${measured.result.result.statusCode}, ${Math.round(measured.elapsedMs)} ms, ritardo max ${Math.round(measured.longestMs)} ms`,
    );
    return { res: measured.result.result, tasks: measured.result.tasks, steps };
  } finally {
    unsubscribe(EXPORT_STEP_CHANNEL, onStep);
  }
}

/**
 * Records this thread's synchronous file-system calls that read, walk or remove under `root` (their cost grows with
 * what a build holds); a worker thread has its own `fs`, so its calls are not seen.
 */
function watchReleasesFolderCalls(root: string) {
  const calls: string[] = [];
  const names = ['readFileSync', 'readdirSync', 'statSync', 'lstatSync', 'cpSync', 'rmSync', 'opendirSync'] as const;
  const originals = names.map((name) => [name, fs[name]] as const);
  for (const [name, original] of originals) {
    (fs as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const target = String(args[0]);
      const recursive = (args[1] as { recursive?: boolean } | undefined)?.recursive === true;
      if (target.startsWith(root) && (name !== 'rmSync' || recursive)) calls.push(`${name} ${path.relative(root, target)}`);
      return (original as (...a: unknown[]) => unknown)(...args);
    };
  }
  return {
    calls,
    stop: () => {
      for (const [name, original] of originals) (fs as unknown as Record<string, unknown>)[name] = original;
    },
  };
}

const offThread = (tasks: { task: string; threadId: number }[], name: string) =>
  tasks.filter((task) => task.task === name).map((task) => task.threadId !== threadId);

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
});
after(async () => {
  await t.close();
});

describe('the heaviest calls leave the request thread free', () => {
  test('a worker thread is started with the server, so the first heavy call does not wait for one to boot', () => {
    assert.equal(workerThreadCount(), 1);
  });

  test("a year's download of the sessions, in each format: read a week at a time, cells taken in bounded steps, the file made on a worker", async (context) => {
    // A table of its own with two sessions a day for a year of 2027 (sessions are created at most two years ahead): 730 occurrences.
    const table = await api('POST', '/training-session/game-tables', { number: 931, description: 'Sala dei download' });
    assert.equal(table.statusCode, 201, table.body);
    const quals = (await api('GET', '/user/qualification?limit=500')).json().data.map((q: { _id: string }) => q._id);
    const made = await api('POST', '/training-session/group/session', {
      title: 'Anno intero',
      start_time: '18:00',
      end_time: '20:00',
      duration: 60,
      number_of_sessions: 2,
      participant_qualifications: quals,
      game_tables: [table.json()._id],
      recurring_days: [0, 1, 2, 3, 4, 5, 6],
      start_date: '2027-01-01',
      end_date: '2027-12-31',
    });
    assert.equal(made.statusCode, 201, made.body);
    for (const format of ['csv', 'xlsx', 'pdf']) {
      const { res, tasks, steps } = await observe(
        `turni del 2027, ${format}`,
        () => api('GET', `/training-session/export?format=${format}&startDate=2027-01-01&endDate=2027-12-31&table_id=${table.json()._id}`),
        context,
      );
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(offThread(tasks, 'renderExport'), [true], format);
      // A step per week read (53 of them, 14 rows each but the first and last), none over the bound.
      assert.equal(
        steps.reduce((a, b) => a + b, 0),
        730,
      );
      assert.equal(steps.length, 53, format);
      assert.ok(
        steps.every((rows) => rows <= EXPORT_STEP_ROWS),
        format,
      );
    }
  });

  test('the whole audit log in each format: read in keyset steps; CSV and XLSX written a bounded step at a time as they are sent, the PDF on a worker', async (context) => {
    await t.database.db.execute(sql`
      insert into audit_log (at, action, entity, entity_id)
      select timestamptz '2026-09-01 00:00 Europe/Rome' + i * interval '1 minute', 'edit', 'heavy_calls', 'voce-' || i
      from generate_series(1, 1200) as i`);
    for (const format of ['csv', 'xlsx', 'pdf']) {
      const reads: number[] = [];
      const onRead = (message: unknown) => void reads.push((message as { rows: number }).rows);
      subscribe(LIST_STEP_CHANNEL, onRead);
      try {
        const { res, tasks, steps } = await observe(
          `registro attività, ${format}`,
          () => api('GET', `/audit/export?format=${format}&entity=heavy_calls`),
          context,
        );
        assert.equal(res.statusCode, 200, res.body);
        assert.deepEqual(reads, [LIST_STEP_ROWS, LIST_STEP_ROWS, 200], format);
        assert.deepEqual(steps, [EXPORT_STEP_ROWS, EXPORT_STEP_ROWS, 200], format);
        assert.deepEqual(offThread(tasks, 'renderExport'), format === 'pdf' ? [true] : [], format);
      } finally {
        unsubscribe(LIST_STEP_CHANNEL, onRead);
      }
    }
  });

  test('a list of one page is made on a worker too (every list goes through the one export mechanism)', async (context) => {
    const { res, tasks, steps } = await observe('categorie, pdf', () => api('GET', '/user/category/export?format=pdf'), context);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(offThread(tasks, 'renderExport'), [true]);
    assert.equal(steps.length, 1);
  });

  test('a FITET file of almost 5 MB is read on a worker (and refused for its rows)', async (context) => {
    const file = bigFitetCsv(4.9);
    const { res, tasks } = await observe(
      `FITET CSV di ${(file.length / 1024 / 1024).toFixed(1)} MB`,
      await upload('/user/fitet', 'file', file, 'grande.csv'),
      context,
    );
    assert.equal(res.statusCode, 400, res.body);
    assert.match(res.json().message, /più di 20\.000 righe/);
    assert.deepEqual(offThread(tasks, 'parseFitetUpload'), [true]);
  });

  test('the largest build archive accepted is listed, extracted, checked, hashed and counted on a worker, then renamed into place; again 409; 3 MB declaring 3 GB refused at the first header', async (context) => {
    const dist = fakeBuild('mf-registry', { label: 'la più grande' });
    try {
      // 45 MB of random bytes (they do not compress) and zeros up to 195 MB: just under the 50 MB sent, 200 MB extracted.
      padBuild(dist, 45, 195);
      const archive = await tarGzOf(dist, 1);
      assert.ok(archive.length > 45 * 1024 * 1024 && archive.length < 50 * 1024 * 1024, `${archive.length} bytes`);
      const publish = (data: Buffer) =>
        upload('/platform/versions', 'archive', data, 'build.tar.gz', { app: 'mf-registry', packageVersion: '0.1.0' });

      const heavyOnThisThread = watchReleasesFolderCalls(t.config.releasesDir);
      try {
        const published = await observe(
          `archivio più grande ammesso (${(archive.length / 1024 / 1024).toFixed(0)} MB)`,
          await publish(archive),
          context,
        );
        assert.equal(published.res.statusCode, 201, published.res.body);
        assert.deepEqual(offThread(published.tasks, 'prepareBuildArchive'), [true]);
        // The same build again: refused, its extracted copy removed without the request thread.
        const again = await observe('lo stesso archivio di nuovo (409)', await publish(archive), context);
        assert.equal(again.res.statusCode, 409, again.res.body);
        assert.deepEqual(offThread(again.tasks, 'prepareBuildArchive'), [true]);
      } finally {
        heavyOnThisThread.stop();
      }
      // What stays on the request thread is a rename and release.json written: no file of the build read, no folder
      // walked or removed there.
      assert.deepEqual(heavyOnThisThread.calls, []);

      const bomb = declaredBombArchive(3 * 1024 ** 3);
      assert.ok(bomb.length < 4 * 1024 * 1024, `${bomb.length} bytes`);
      const refused = await observe('archivio di 3 MB che dichiara 3 GB', await publish(bomb), context);
      assert.equal(refused.res.statusCode, 400, refused.res.body);
      assert.deepEqual(refused.res.json(), {
        code: 'RELEASE_ARCHIVE_INVALID',
        message: "Archivio della build non valido: i file dell'archivio superano 200 MB",
      });
      assert.deepEqual(offThread(refused.tasks, 'prepareBuildArchive'), [true]);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  test('the calendar feed of a member with 500 bookings is written on a worker, then served from its last text until it changes', async (context) => {
    const table = await api('POST', '/training-session/game-tables', { number: 932, description: 'Sala del calendario' });
    assert.equal(table.statusCode, 201, table.body);
    const [member, partner] = await createMembers(t.database, 2, { label: 'feed' });
    const { db } = t.database;
    // One session a day for 500 days from 20 days ago, each booked by the member with the partner.
    const today = t.clock.now().toISOString().slice(0, 10);
    await bookedDailySessions(t.database, { today, days: 500, tableId: table.json()._id, member: member!, partner: partner! });
    const cookie = await login(t.app, member!);
    const url = new URL((await call(t.app, cookie, 'POST', '/api/v1/user/me/calendar-feed')).json<{ url: string }>().url).pathname;
    const fetchFeed = () => t.app.inject({ method: 'GET', url });

    const written = await observe('calendario di 500 prenotazioni, scritto', fetchFeed, context);
    assert.equal(written.res.statusCode, 200, written.res.body);
    assert.equal(written.res.body.match(/BEGIN:VEVENT/g)?.length, 500);
    assert.deepEqual(offThread(written.tasks, 'writeFeedCalendar'), [true]);

    // Unchanged: its last text, nothing written again.
    const again = await observe('lo stesso calendario, invariato', fetchFeed, context);
    assert.equal(again.res.body, written.res.body);
    assert.equal(again.res.headers.etag, written.res.headers.etag);
    assert.deepEqual(offThread(again.tasks, 'writeFeedCalendar'), []);

    // A booking cancelled: another ETag, written again (on a worker) with the cancellation.
    await db.execute(sql`update bookings set cancelled_at = ${t.clock.now().toISOString()}::timestamptz
      where id = (select id from bookings where booked_by = ${member!.id}::uuid order by start_at desc limit 1)`);
    const changed = await observe('il calendario dopo una cancellazione', fetchFeed, context);
    assert.notEqual(changed.res.headers.etag, written.res.headers.etag);
    assert.equal(changed.res.body.match(/STATUS:CANCELLED/g)?.length, 1);
    assert.deepEqual(offThread(changed.tasks, 'writeFeedCalendar'), [true]);
  });
});
