/**
 * The list helper (core/list.ts): page math and when a count is needed, with a recording source; the SQL it builds
 * (search words, sort whitelist, default order), rendered by drizzle's dialect; replaceLinks, countRows, a whole readPage and
 * tableList (pages and counts over one FROM with its joins) on small tables of an in-memory PGlite.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type SQL, asc, eq, sql } from 'drizzle-orm';
import { PgDialect, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { type Database, openDatabase } from '../db/client';
import {
  type ListSource,
  countQuery,
  countRows,
  joinOn,
  joinOnKey,
  leftJoinOn,
  listFrom,
  listMetaOf,
  matchesAllWords,
  readAll,
  readPage,
  replaceLinks,
  searchWords,
  searchableText,
  tableList,
  withPage,
} from '../list';

const dialect = new PgDialect();
const render = (query: SQL) => dialect.sqlToQuery(query);

const items = pgTable('items', { id: integer().primaryKey(), name: text().notNull(), note: text() });
const tags = pgTable('tags', { id: integer().primaryKey() });
const parents = pgTable('parents', { id: integer().primaryKey(), name: text().notNull() });
const children = pgTable('children', { id: integer().primaryKey(), parent_id: integer().notNull() });
const itemTags = pgTable('item_tags', { item_id: integer().notNull(), tag_id: integer().notNull() }, (t) => [
  primaryKey({ columns: [t.item_id, t.tag_id] }),
]);

/** A source over `total` numbered rows that records what the helper asked of it. */
function recordingSource(total: number) {
  const calls = { rows: [] as { where: SQL | undefined; orderBy: SQL[]; limit: number | null; offset: number }[], count: 0 };
  const source: ListSource<number, 'name' | 'note'> = {
    search: searchableText(items.name, items.note),
    sortColumns: { name: items.name, note: items.note },
    defaultSort: [items.name],
    tieBreaker: items.id,
    async rows(where, orderBy, limit, offset) {
      calls.rows.push({ where, orderBy, limit, offset });
      const all = Array.from({ length: total }, (_, i) => i + 1);
      return limit === null ? all.slice(offset) : all.slice(offset, offset + limit);
    },
    async count() {
      calls.count++;
      return total;
    },
  };
  return { source, calls };
}

describe('readPage: page math', () => {
  test('a full first page reads the total with its own count', async () => {
    const { source, calls } = recordingSource(45);
    const page = await readPage(source, { page: 1, limit: 10, order: 'asc' });
    assert.deepEqual(page.data, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert.deepEqual(page.meta, { totalItems: 45, totalPages: 5, currentPage: 1, itemsPerPage: 10 });
    assert.equal(calls.count, 1);
    assert.deepEqual(
      calls.rows.map(({ limit, offset }) => ({ limit, offset })),
      [{ limit: 10, offset: 0 }],
    );
  });

  test('a first page shorter than the limit is the whole list: no count', async () => {
    const { source, calls } = recordingSource(7);
    const page = await readPage(source, { page: 1, limit: 10, order: 'asc' });
    assert.equal(page.data.length, 7);
    assert.deepEqual(page.meta, { totalItems: 7, totalPages: 1, currentPage: 1, itemsPerPage: 10 });
    assert.equal(calls.count, 0);
  });

  test('an empty first page: total 0, no pages, no count', async () => {
    const { source, calls } = recordingSource(0);
    const page = await readPage(source, { page: 1, limit: 25, order: 'asc' });
    assert.deepEqual(page.meta, { totalItems: 0, totalPages: 0, currentPage: 1, itemsPerPage: 25 });
    assert.equal(calls.count, 0);
  });

  test('a later page skips (page - 1) × limit rows and counts even when short', async () => {
    const { source, calls } = recordingSource(45);
    const page = await readPage(source, { page: 5, limit: 10, order: 'asc' });
    assert.deepEqual(page.data, [41, 42, 43, 44, 45]);
    assert.deepEqual(calls.rows[0] && { limit: calls.rows[0].limit, offset: calls.rows[0].offset }, { limit: 10, offset: 40 });
    assert.deepEqual(page.meta, { totalItems: 45, totalPages: 5, currentPage: 5, itemsPerPage: 10 });
    assert.equal(calls.count, 1);
  });

  test('a page past the end is empty but keeps the real total', async () => {
    const { source } = recordingSource(45);
    const page = await readPage(source, { page: 9, limit: 10, order: 'asc' });
    assert.deepEqual(page.data, []);
    assert.equal(page.meta.totalItems, 45);
    assert.equal(page.meta.totalPages, 5);
  });

  test('limit 0 reads every row without LIMIT and without a count: one page of all of them', async () => {
    const { source, calls } = recordingSource(1234);
    const page = await readPage(source, { page: 3, limit: 0, order: 'asc' });
    assert.equal(page.data.length, 1234);
    assert.deepEqual(
      calls.rows.map(({ limit, offset }) => ({ limit, offset })),
      [{ limit: null, offset: 0 }],
    );
    assert.deepEqual(page.meta, { totalItems: 1234, totalPages: 1, currentPage: 3, itemsPerPage: 1234 });
    assert.equal(calls.count, 0);
  });

  test('listMetaOf: pages round up; limit 0 of nothing is zero pages', () => {
    assert.deepEqual(listMetaOf(21, { page: 2, limit: 10 }), { totalItems: 21, totalPages: 3, currentPage: 2, itemsPerPage: 10 });
    assert.deepEqual(listMetaOf(20, { page: 1, limit: 10 }).totalPages, 2);
    assert.deepEqual(listMetaOf(0, { page: 1, limit: 0 }), { totalItems: 0, totalPages: 0, currentPage: 1, itemsPerPage: 0 });
  });
});

describe('readPage: the SQL it asks for', () => {
  test('sortBy from the whitelist orders by its column, then the tie-breaker ascending', async () => {
    const { source, calls } = recordingSource(3);
    await readPage(source, { page: 1, limit: 10, order: 'desc', sortBy: 'note' });
    const orderBy = render(sql.join(calls.rows[0]!.orderBy, sql`, `)).sql;
    assert.equal(orderBy, '"items"."note" desc, "items"."id" asc');
  });

  test('a sortBy outside the whitelist falls back to the default order', async () => {
    const { source, calls } = recordingSource(3);
    await readPage(source, { page: 1, limit: 10, order: 'asc', sortBy: 'password_hash' as 'name' });
    assert.equal(render(sql.join(calls.rows[0]!.orderBy, sql`, `)).sql, '"items"."name" asc, "items"."id" asc');
  });

  test("a source's defaultOrder directs its default sort when no sortBy is asked; a sortBy keeps the request's order", async () => {
    const { source, calls } = recordingSource(3);
    const newestFirst = { ...source, defaultSort: [items.name, items.note], defaultOrder: 'desc' as const };
    await readPage(newestFirst, { page: 1, limit: 10, order: 'asc' });
    assert.equal(render(sql.join(calls.rows[0]!.orderBy, sql`, `)).sql, '"items"."name" desc, "items"."note" desc, "items"."id" asc');
    await readPage(newestFirst, { page: 1, limit: 10, order: 'asc', sortBy: 'note' });
    assert.equal(render(sql.join(calls.rows[1]!.orderBy, sql`, `)).sql, '"items"."note" asc, "items"."id" asc');
  });

  test('the same WHERE goes to the page and to the count', async () => {
    const { source, calls } = recordingSource(45);
    let countWhere: SQL | undefined;
    const counting: typeof source = { ...source, count: async (where) => ((countWhere = where), 45) };
    await readPage({ ...counting, filters: [eq(items.id, 3), undefined] }, { page: 1, limit: 10, order: 'asc', q: 'rossi' });
    assert.ok(countWhere);
    const rowsWhere = render(calls.rows[0]!.where!);
    assert.deepEqual(render(countWhere), rowsWhere);
    assert.match(rowsWhere.sql, /ILIKE \$1 and "items"."id" = \$2\)$/);
    assert.deepEqual(rowsWhere.params, ['%rossi%', 3]);
  });

  test('no q and no filters: no WHERE at all', async () => {
    const { source, calls } = recordingSource(3);
    await readAll(source, { order: 'asc' });
    assert.equal(calls.rows[0]!.where, undefined);
    assert.equal(calls.rows[0]!.limit, null);
  });
});

describe('search words', () => {
  test('each word becomes %word%; runs of spaces and empty queries give nothing more', () => {
    assert.deepEqual(searchWords('  mario   rossi '), ['%mario%', '%rossi%']);
    assert.deepEqual(searchWords(''), []);
    assert.deepEqual(searchWords(undefined), []);
    assert.deepEqual(searchWords('   '), []);
  });

  test("LIKE's wildcards and the escape character are taken literally", () => {
    assert.deepEqual(searchWords('100% a_b c\\d'), ['%100\\%%', '%a\\_b%', '%c\\\\d%']);
  });

  test('at most eight words are searched', () => {
    assert.equal(searchWords('a b c d e f g h i j').length, 8);
  });

  test('matchesAllWords: every word must match (AND), as bound parameters', () => {
    const where = render(matchesAllWords(items.name, 'anna verdi')!);
    assert.equal(where.sql, '"items"."name" ILIKE $1 AND "items"."name" ILIKE $2');
    assert.deepEqual(where.params, ['%anna%', '%verdi%']);
    assert.equal(matchesAllWords(items.name, ' '), undefined);
    assert.equal(matchesAllWords(undefined, 'anna'), undefined);
  });

  test('searchableText joins the declared columns, a missing value as empty text', () => {
    assert.equal(
      render(searchableText(items.name, items.note)).sql,
      `(coalesce("items"."name"::text, '') || ' ' || coalesce("items"."note"::text, ''))`,
    );
  });
});

describe('on a real table (PGlite)', () => {
  let database: Database;
  before(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: null });
    await database.db.execute(sql`create table items (id integer primary key, name text not null, note text)`);
    await database.db.execute(sql`create table tags (id integer primary key)`);
    await database.db.execute(sql`create table parents (id integer primary key, name text not null)`);
    await database.db.execute(sql`create table children (id integer primary key, parent_id integer not null references parents)`);
    await database.db.insert(parents).values([
      { id: 1, name: 'Rossi' },
      { id: 2, name: 'Verdi' },
    ]);
    await database.db.insert(children).values([
      { id: 1, parent_id: 1 },
      { id: 2, parent_id: 1 },
      { id: 3, parent_id: 2 },
    ]);
    await database.db.execute(sql`create table item_tags (item_id integer not null, tag_id integer not null, primary key (item_id, tag_id))`);
    await database.db.insert(tags).values([{ id: 1 }, { id: 2 }, { id: 3 }]);
    await database.db.insert(items).values([
      { id: 1, name: 'Sconto 100%', note: 'promo' },
      { id: 2, name: 'Sconto 1000', note: null },
      { id: 3, name: 'nome_utente', note: 'x' },
      { id: 4, name: 'nomeXutente', note: 'y' },
      { id: 5, name: 'Anna Verdi', note: 'socia' },
      { id: 6, name: 'Anna Rossi', note: 'socia' },
    ]);
  });
  after(async () => {
    await database.close();
  });

  const source = (): ListSource<{ id: number }, 'name'> => ({
    search: searchableText(items.name, items.note),
    sortColumns: { name: items.name },
    defaultSort: [items.id],
    tieBreaker: items.id,
    rows: (where, orderBy, limit, offset) =>
      withPage(
        database.db
          .select({ id: items.id })
          .from(items)
          .where(where)
          .orderBy(...orderBy)
          .$dynamic(),
        limit,
        offset,
      ),
    count: (where) => countRows(database.db, items, where),
  });
  const ids = async (q: string) => (await readAll(source(), { q, order: 'asc' })).map((r) => r.id);

  test('% and _ in a search match only themselves', async () => {
    assert.deepEqual(await ids('100%'), [1]);
    assert.deepEqual(await ids('nome_utente'), [3]);
    assert.deepEqual(await ids('sconto'), [1, 2], 'case-insensitive');
    assert.deepEqual(await ids('anna socia rossi'), [6], 'every word, across columns');
  });

  test('pages and totals from the database', async () => {
    const first = await readPage(source(), { page: 1, limit: 4, order: 'desc', sortBy: 'name' });
    // PGlite compares bytes (C collation): '_' after 'X', '0' after '%', lower case after upper case.
    assert.deepEqual(
      first.data.map((r) => r.id),
      [3, 4, 2, 1],
    );
    assert.deepEqual(first.meta, { totalItems: 6, totalPages: 2, currentPage: 1, itemsPerPage: 4 });
    const second = await readPage(source(), { page: 2, limit: 4, order: 'desc', sortBy: 'name' });
    assert.deepEqual(
      second.data.map((r) => r.id),
      [5, 6],
    );
    assert.equal(second.meta.totalItems, 6);
    assert.equal(await countRows(database.db, items, eq(items.note, 'socia')), 2);
  });

  test('tableList: the count reads the same FROM as the pages; an inner join drops rows without a match, a left join keeps them', async () => {
    await database.db.insert(itemTags).values([
      { item_id: 5, tag_id: 1 },
      { item_id: 6, tag_id: 2 },
    ]);
    try {
      const order = { sortColumns: {}, defaultSort: [items.id], tieBreaker: items.id };
      const list = <F extends Parameters<typeof tableList>[1]['from']>(from: F, filters: (SQL | undefined)[] = []) =>
        tableList(database.db, {
          ...order,
          from,
          columns: { id: items.id, tag: itemTags.tag_id },
          filters,
        });
      // A page of 1 is full, so its total comes from the count, not from the rows read.
      const page = <T>(source: ListSource<T, never>) => readPage(source, { page: 1, limit: 1, order: 'asc' });
      const inner = listFrom(items, joinOn(itemTags, eq(itemTags.item_id, items.id)));
      const left = listFrom(items, leftJoinOn(itemTags, eq(itemTags.item_id, items.id)));
      assert.deepEqual(await page(list(inner)), {
        data: [{ id: 5, tag: 1 }],
        meta: { totalItems: 2, totalPages: 2, currentPage: 1, itemsPerPage: 1 },
      });
      assert.equal((await page(list(inner, [eq(itemTags.tag_id, 2)]))).meta.totalItems, 1);
      const all = await page(list(left));
      assert.deepEqual(all.data, [{ id: 1, tag: null }], "a left join's missing row reads as null");
      assert.equal(all.meta.totalItems, 6);
      const alone = tableList(database.db, { ...order, from: listFrom(items), columns: { id: items.id }, filters: [eq(items.note, 'socia')] });
      assert.equal((await page(alone)).meta.totalItems, 2, 'no join');
    } finally {
      await database.db.delete(itemTags);
    }
  });

  test('a join on a NOT NULL foreign key (joinOnKey) reads as an inner join, and a count that reads none of its columns leaves it out', async () => {
    const from = listFrom(children, joinOnKey(parents, eq(parents.id, children.parent_id)));
    const list = tableList(database.db, {
      from,
      columns: { id: children.id, parent: parents.name },
      search: parents.name,
      sortColumns: {},
      defaultSort: [children.id],
      tieBreaker: children.id,
    });
    const first = await readPage(list, { page: 1, limit: 2, order: 'asc' });
    assert.deepEqual(first, {
      data: [
        { id: 1, parent: 'Rossi' },
        { id: 2, parent: 'Rossi' },
      ],
      meta: { totalItems: 3, totalPages: 2, currentPage: 1, itemsPerPage: 2 },
    });
    assert.equal((await readPage(list, { page: 1, limit: 1, order: 'asc', q: 'verdi' })).data[0]?.parent, 'Verdi');
    const plan = async (where: SQL | undefined) => {
      const { sql: text, params } = countQuery(database.db, from, where).toSQL();
      const result = (await database.db.execute(
        sql.raw(`explain ${text.replace(/\$(\d+)/g, (_m, i: string) => `'${String(params[Number(i) - 1])}'`)}`),
      )) as {
        rows: Record<string, string>[];
      };
      return result.rows.map((r) => Object.values(r).join(' ')).join('\n');
    };
    assert.doesNotMatch(await plan(undefined), /parents/, 'PostgreSQL removes the join nothing reads');
    assert.match(await plan(eq(parents.name, 'Verdi')), /parents/, 'a WHERE on it keeps it');
  });

  test('replaceLinks: the old set goes, the new one (without duplicates) comes, other owners untouched', async () => {
    const linksOf = async (itemId: number) =>
      (await database.db.select().from(itemTags).where(eq(itemTags.item_id, itemId)).orderBy(asc(itemTags.tag_id))).map((l) => l.tag_id);
    await replaceLinks(database.db, itemTags, itemTags.item_id, itemTags.tag_id, 5 as never, [1, 2] as never);
    await replaceLinks(database.db, itemTags, itemTags.item_id, itemTags.tag_id, 6 as never, [3] as never);
    await replaceLinks(database.db, itemTags, itemTags.item_id, itemTags.tag_id, 5 as never, [2, 3, 3] as never);
    assert.deepEqual(await linksOf(5), [2, 3]);
    assert.deepEqual(await linksOf(6), [3]);
    await replaceLinks(database.db, itemTags, itemTags.item_id, itemTags.tag_id, 5 as never, []);
    assert.deepEqual(await linksOf(5), []);
    assert.deepEqual(await linksOf(6), [3]);
  });

  test("replaceLinks rolls back with the caller's transaction", async () => {
    await replaceLinks(database.db, itemTags, itemTags.item_id, itemTags.tag_id, 4 as never, [1] as never);
    await assert.rejects(
      database.db.transaction(async (tx) => {
        await replaceLinks(tx, itemTags, itemTags.item_id, itemTags.tag_id, 4 as never, [2] as never);
        throw new Error('annulla');
      }),
      /annulla/,
    );
    const kept = await database.db.select().from(itemTags).where(eq(itemTags.item_id, 4));
    assert.deepEqual(
      kept.map((l) => l.tag_id),
      [1],
    );
  });
});
