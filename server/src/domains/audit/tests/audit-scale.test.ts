/**
 * Issue 38, the audit log at any size: a page is capped (limit=0 never reads the whole log) and its total counted up to
 * a bound, the search finds through its trigram index exactly what the six joined columns found, the downloads read the
 * log in bounded keyset steps and send CSV and XLSX as they are made, and the PDF past AUDIT_PDF_MAX_ROWS entries
 * answers its own Italian error asking to narrow the period. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { API_ERRORS, AUDIT_PAGE_MAX_ROWS, AUDIT_PDF_MAX_ROWS } from 'shared-api/contract';
import { rowsOf } from '../../../core/db/rows';
import { LIST_STEP_CHANNEL, LIST_STEP_ROWS, searchWords } from '../../../core/list';
import { ADMIN, MEMBER, type TestApp, call } from '../../../testing/helper';
import { AUDIT_COUNT_CAP } from '../repository';
import { AUDIT_EXPORT_HEADERS, auditApp, csvRows, ok, sheetRows, userIdOf, xlsxSheet } from './audit-fixture';

let t: TestApp;
let admin: string;

/** Entries made here: one a minute from 1 October 2026 00:00 in Rome, a third by the admin, a third by Marco Rossi, a third by nobody. */
const ENTRIES = Math.max(AUDIT_COUNT_CAP, AUDIT_PDF_MAX_ROWS) + 1;
/** The entries of 1 October (Rome): 24 × 60. */
const FIRST_DAY = 1440;
const DAY = 'entity=scale_items&from=2026-10-01&to=2026-10-01';

before(async () => {
  ({ t, admin } = await auditApp({ clock: 'running' }));
  const adminId = await userIdOf(t, ADMIN.email);
  const memberId = await userIdOf(t, MEMBER.email);
  await t.database.db.execute(sql`
    insert into audit_log (at, actor_user_id, ip, action, entity, entity_id, changes)
    select timestamptz '2026-10-01 00:00:00 Europe/Rome' + i * interval '1 minute',
           case i % 3 when 0 then ${adminId}::uuid when 1 then ${memberId}::uuid end,
           '10.9.' || (i % 250) || '.' || (i % 7),
           'edit', 'scale_items', 'item-' || i,
           jsonb_build_object('quantity', jsonb_build_object('before', i, 'after', i + 1))
    from generate_series(0, ${ENTRIES - 1}) as i`);
});
after(async () => {
  await t.close();
});

const api = (url: string) => call(t.app, admin, 'GET', `/api/v1${url}`);

/** The ids of every entry of 1 October the old search (the six columns joined, every word ILIKE) finds. */
async function foundBefore(q: string): Promise<string[]> {
  const words = searchWords(q);
  const text = sql`(coalesce(a.action::text, '') || ' ' || coalesce(a.entity::text, '') || ' ' || coalesce(a.entity_id::text, '') || ' ' || coalesce(a.ip::text, '') || ' ' || coalesce(u.name::text, '') || ' ' || coalesce(u.surname::text, ''))`;
  const where = words.length
    ? sql.join(
        words.map((w) => sql`${text} ILIKE ${w}`),
        sql` AND `,
      )
    : sql`true`;
  const rows = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      select a.id from audit_log a left join users u on u.id = a.actor_user_id
      where a.entity = 'scale_items' and a.at >= timestamptz '2026-10-01 00:00 Europe/Rome' and a.at < timestamptz '2026-10-02 00:00 Europe/Rome' and ${where}`),
  );
  return rows.map((r) => r.id).sort();
}

/** Every id the list answers for `q` on 1 October, page by page. */
async function foundNow(q: string): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const body = ok(await api(`/audit?${DAY}&q=${encodeURIComponent(q)}&limit=${AUDIT_PAGE_MAX_ROWS}&page=${page}`), 200).json();
    ids.push(...body.data.map((e: { _id: string }) => e._id));
    if (page === 1) total = body.meta.totalItems;
    // Past a capped total the pages go on (the total only stops being counted): read until a short page.
    if (body.data.length < AUDIT_PAGE_MAX_ROWS) break;
  }
  return { ids: ids.sort(), total };
}

/** Runs a download, answering it with the row counts of the statements that read the log meanwhile. */
async function readsOf(run: () => ReturnType<typeof api>) {
  const reads: number[] = [];
  const onRead = (message: unknown) => void reads.push((message as { rows: number }).rows);
  subscribe(LIST_STEP_CHANNEL, onRead);
  try {
    return { res: await run(), reads };
  } finally {
    unsubscribe(LIST_STEP_CHANNEL, onRead);
  }
}

describe('the audit log at any size', () => {
  test(`a page holds at most ${AUDIT_PAGE_MAX_ROWS} entries: limit=0 reads that many, never the whole log; a larger limit is refused`, async () => {
    const all = ok(await api('/audit?limit=0'), 200).json();
    assert.equal(all.data.length, AUDIT_PAGE_MAX_ROWS);
    assert.equal(all.meta.itemsPerPage, AUDIT_PAGE_MAX_ROWS);
    assert.ok(all.meta.totalPages > 1);
    const second = ok(await api('/audit?limit=0&page=2'), 200).json();
    assert.equal(second.data.length, AUDIT_PAGE_MAX_ROWS);
    assert.ok(!second.data.some((e: { _id: string }) => all.data.some((f: { _id: string }) => f._id === e._id)));
    const refused = ok(await api(`/audit?limit=${AUDIT_PAGE_MAX_ROWS + 1}`), 400).json();
    assert.equal(refused.code, 'VALIDATION_FAILED');
  });

  test(`the total is counted up to ${AUDIT_COUNT_CAP} entries (meta.totalCapped past them); a narrower list is counted exactly`, async () => {
    const page = ok(await api('/audit?entity=scale_items&limit=50'), 200).json();
    assert.deepEqual(page.meta, {
      totalItems: AUDIT_COUNT_CAP,
      totalPages: AUDIT_COUNT_CAP / 50,
      currentPage: 1,
      itemsPerPage: 50,
      totalCapped: true,
    });
    // item-14, item-140…149, item-1400…1439.
    const narrow = ok(await api(`/audit?${DAY}&q=item-14&limit=50`), 200).json();
    assert.deepEqual(narrow.meta, { totalItems: 51, totalPages: 2, currentPage: 1, itemsPerPage: 50 });
  });

  test('the search finds exactly what the six joined columns found (actor, action, record, id, address; every word, any case)', async () => {
    for (const q of ['rossi', 'MARCO item-14', 'edit', '10.9.3.', 'item-1 10.9.1', 'scale_ite', 'items Rossi 10.9', '%', 'nessuno']) {
      const expected = await foundBefore(q);
      const found = await foundNow(q);
      assert.deepEqual(found.ids, expected, q);
      assert.equal(found.total, Math.min(expected.length, AUDIT_COUNT_CAP), q);
    }
    assert.ok((await foundBefore('rossi')).length > 400, 'the actor search finds a third of the day');
  });

  test("the search's text is the expression the trigram index covers (the planner can read the index)", async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = rowsOf<Record<string, string>>(
        await tx.execute(
          sql`explain select id from audit_log where (coalesce("audit_log"."action"::text, '') || ' ' || coalesce("audit_log"."entity"::text, '') || ' ' || coalesce("audit_log"."entity_id"::text, '') || ' ' || coalesce("audit_log"."ip"::text, '')) ILIKE '%item-14%'`,
        ),
      );
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    assert.match(plan, /audit_log_search_idx/);
  });

  test(`the CSV and XLSX downloads read the log ${LIST_STEP_ROWS} entries a step and are sent as they are made`, async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const { res, reads } = await readsOf(() => api(`/audit/export?format=${format}&${DAY}`));
      ok(res, 200);
      // 1,440 entries: 500 + 500 + 440, each read one statement of its own.
      assert.deepEqual(reads, [LIST_STEP_ROWS, LIST_STEP_ROWS, FIRST_DAY - 2 * LIST_STEP_ROWS], format);
      assert.equal(res.headers['content-length'], undefined, `${format}: sent as it is made`);
      assert.equal(res.headers['transfer-encoding'], 'chunked', format);
      let rows: string[][];
      if (format === 'csv') {
        rows = csvRows(res);
      } else {
        const sheet = await xlsxSheet(res);
        assert.equal(sheet.name, 'Registro attività');
        assert.equal(sheet.getRow(1).getCell(1).font?.bold, true);
        rows = sheetRows(sheet);
      }
      assert.deepEqual(rows[0], AUDIT_EXPORT_HEADERS, format);
      const entries = rows.slice(1);
      assert.equal(entries.length, FIRST_DAY, format);
      assert.equal(new Set(entries.map((r) => r[5])).size, FIRST_DAY, `${format}: no entry twice`);
      const times = entries.map((r) => r[0]!);
      assert.deepEqual(times, [...times].sort().reverse(), `${format}: newest first`);
      assert.equal(entries[0]![5], `item-${FIRST_DAY - 1}`, format);
      assert.equal(entries.find((r) => r[5] === 'item-1')![1], 'Rossi Marco', format);
    }
  });

  test('a download sorted on a key every entry shares (the action) still reads each entry once, in keyset steps', async () => {
    for (const order of ['asc', 'desc']) {
      const { res, reads } = await readsOf(() => api(`/audit/export?format=csv&${DAY}&sortBy=action&order=${order}`));
      ok(res, 200);
      assert.deepEqual(reads, [LIST_STEP_ROWS, LIST_STEP_ROWS, FIRST_DAY - 2 * LIST_STEP_ROWS], order);
      const rows = csvRows(res);
      assert.equal(rows.length - 1, FIRST_DAY, order);
      assert.equal(new Set(rows.slice(1).map((r) => r[5])).size, FIRST_DAY, `${order}: no entry twice, none missing`);
    }
  });

  test(`the PDF past ${AUDIT_PDF_MAX_ROWS} entries answers AUDIT_PDF_TOO_MANY_ROWS, asking to narrow the period; a narrower one is made`, async () => {
    const { res, reads } = await readsOf(() => api('/audit/export?format=pdf&entity=scale_items'));
    const body = ok(res, 400).json();
    assert.equal(body.code, 'AUDIT_PDF_TOO_MANY_ROWS');
    assert.equal(body.message, API_ERRORS.AUDIT_PDF_TOO_MANY_ROWS.text);
    assert.match(body.message, /restringi il periodo/);
    // It stops reading at the first step past the cap.
    assert.equal(reads.length, Math.floor(AUDIT_PDF_MAX_ROWS / LIST_STEP_ROWS) + 1);
    const day = ok(await api(`/audit/export?format=pdf&${DAY}`), 200);
    assert.equal(day.headers['content-type'], 'application/pdf');
    assert.equal(day.rawPayload.subarray(0, 5).toString(), '%PDF-');
  });
});
