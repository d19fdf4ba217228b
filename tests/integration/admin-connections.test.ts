/**
 * The generic connection mechanism (services/api/connections.ts) against a real PostgreSQL table of
 * a few hundred rows: paging forward and back with sorts (nullable columns, mixed directions, ties)
 * and filters gives exactly the rows and order of a reference sort, and bad input is named.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DomainError } from '../../services/domain/shared/errors';
import { connection, type Connection, type ConnectionArgs } from '../../services/api/connections';
import type { ConnectionSource } from '../../projections/connectionSource';
import { createTestDatabase, type TestDatabase } from '../support/database';

interface Row {
  id: string;
  name: string;
  score: number | null;
  createdAt: string;
  tags: string[];
}

const ROWS = 317;
let db: TestDatabase;
const rows: Row[] = [];

const source: ConnectionSource<Row> = {
  from: 'conn_test.items',
  fields: {
    id: { column: 'id', type: 'text' },
    name: { column: 'name', type: 'text' },
    score: { column: 'score', type: 'int', nullable: true },
    createdAt: { column: 'created_at', type: 'timestamptz' },
    tags: { column: 'tags', type: 'text[]', sortable: false },
    secret: { column: 'name', type: 'text', filterable: false, sortable: false },
  },
  defaultSort: [{ field: 'createdAt', direction: 'DESC' }],
  toNode: (r) => ({ id: r.id, name: r.name, score: r.score, createdAt: r.created_at.toISOString(), tags: r.tags }),
};

beforeAll(async () => {
  db = await createTestDatabase('admin_connections');
  await db.pool.query(`CREATE SCHEMA conn_test;
    CREATE TABLE conn_test.items (id text PRIMARY KEY, name text COLLATE "C" NOT NULL, score int, created_at timestamptz NOT NULL, tags text[] NOT NULL);
    CREATE INDEX ON conn_test.items (name, id); CREATE INDEX ON conn_test.items (score, id); CREATE INDEX ON conn_test.items (created_at, id);`);
  const letters = 'abcdefghij';
  const start = Date.UTC(2025, 0, 1);
  for (let i = 0; i < ROWS; i++) {
    rows.push({
      id: `item-${String(i).padStart(4, '0')}`,
      // Few distinct names and times: plenty of ties for the key to break.
      name: `${letters[i % 7]}${letters[(i * 3) % 10]}${i % 5 === 0 ? '_x' : 'yx'}`,
      score: i % 9 === 0 ? null : (i * 37) % 50,
      createdAt: new Date(start + Math.floor(i / 4) * 60_000 + (i % 3) * 0.123).toISOString(),
      tags: i % 2 ? ['odd', `t${i % 3}`] : ['even'],
    });
  }
  await db.pool.query('INSERT INTO conn_test.items SELECT * FROM json_populate_recordset(NULL::conn_test.items, $1)', [
    JSON.stringify(rows.map((r) => ({ id: r.id, name: r.name, score: r.score, created_at: r.createdAt, tags: r.tags }))),
  ]);
});
afterAll(async () => {
  await db.drop();
});

type Sort = { field: 'name' | 'score' | 'createdAt' | 'id'; direction: 'ASC' | 'DESC' };

/** The order PostgreSQL must produce: NULL is the largest value, the id breaks ties (same direction as the last key). */
function reference(sort: Sort[], keep: (r: Row) => boolean): string[] {
  const keys: Sort[] = [...sort];
  if (!keys.some((k) => k.field === 'id')) keys.push({ field: 'id', direction: keys.at(-1)?.direction ?? 'ASC' });
  const value = (r: Row, f: Sort['field']) => (f === 'createdAt' ? Date.parse(r.createdAt) : r[f]);
  return rows
    .filter(keep)
    .sort((a, b) => {
      for (const k of keys) {
        const x = value(a, k.field);
        const y = value(b, k.field);
        if (x === y) continue;
        const c = x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
        return k.direction === 'ASC' ? c : -c;
      }
      return 0;
    })
    .map((r) => r.id);
}

async function walkForward(args: ConnectionArgs, size: number) {
  const ids: string[] = [];
  const pages: { ids: string[]; start: string | null; end: string | null; hasPrev: boolean; hasNext: boolean }[] = [];
  let after: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const page: Connection<Row> = await connection(db.pool, source, { ...args, first: size, after });
    const pageIds = page.edges.map((e) => e.node.id);
    pages.push({
      ids: pageIds,
      start: page.pageInfo.startCursor,
      end: page.pageInfo.endCursor,
      hasPrev: page.pageInfo.hasPreviousPage,
      hasNext: page.pageInfo.hasNextPage,
    });
    ids.push(...pageIds);
    if (!page.pageInfo.hasNextPage) return { ids, pages, total: page.totalCount };
    after = page.pageInfo.endCursor;
  }
  throw new Error('too many pages');
}

async function walkBackward(args: ConnectionArgs, size: number) {
  const ids: string[] = [];
  let before: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const page: Connection<Row> = await connection(db.pool, source, { ...args, last: size, before });
    ids.unshift(...page.edges.map((e) => e.node.id));
    assert.equal(page.pageInfo.hasNextPage, before !== null, 'going back, there is a next page exactly when we came from one');
    if (!page.pageInfo.hasPreviousPage) return ids;
    before = page.pageInfo.startCursor;
  }
  throw new Error('too many pages');
}

const cases: { title: string; sort: Sort[]; filter?: ConnectionArgs['filter']; keep?: (r: Row) => boolean }[] = [
  { title: 'name ascending (ties broken by id)', sort: [{ field: 'name', direction: 'ASC' }] },
  { title: 'score descending, NULLs first', sort: [{ field: 'score', direction: 'DESC' }] },
  { title: 'score ascending, NULLs last', sort: [{ field: 'score', direction: 'ASC' }] },
  {
    title: 'mixed directions: time ascending, then name descending',
    sort: [
      { field: 'createdAt', direction: 'ASC' },
      { field: 'name', direction: 'DESC' },
    ],
  },
  {
    title: 'filtered by score >= 20 and a name pattern, sorted by score then name',
    sort: [
      { field: 'score', direction: 'DESC' },
      { field: 'name', direction: 'ASC' },
    ],
    filter: [
      { field: 'score', predicate: 'gteq', value: '20' },
      { field: 'name', predicate: 'matches', value: '%Y%' },
    ],
    keep: (r) => r.score !== null && r.score >= 20 && r.name.includes('y'),
  },
  {
    title: 'filtered by a list element and a time window',
    sort: [{ field: 'createdAt', direction: 'DESC' }],
    filter: [
      { field: 'tags', predicate: 'eq', value: 'odd' },
      { field: 'createdAt', predicate: 'lt', value: new Date(Date.UTC(2025, 0, 1) + 50 * 60_000).toISOString() },
    ],
    keep: (r) => r.tags.includes('odd') && Date.parse(r.createdAt) < Date.UTC(2025, 0, 1) + 50 * 60_000,
  },
];

describe('connections: keyset paging over a read-model table', () => {
  for (const c of cases) {
    it(`pages forward and back through every row: ${c.title}`, async () => {
      const expected = reference(c.sort, c.keep ?? (() => true));
      assert.ok(expected.length > 30, 'enough rows for several pages');
      const forward = await walkForward({ sort: c.sort, filter: c.filter }, 25);
      assert.equal(forward.total, expected.length);
      assert.deepEqual(forward.ids, expected);
      assert.equal(forward.pages[0].hasPrev, false);
      assert.ok(
        forward.pages.slice(1).every((p) => p.hasPrev),
        'every later page has a previous page',
      );
      const backward = await walkBackward({ sort: c.sort, filter: c.filter }, 25);
      assert.deepEqual(backward, expected);
      // Forward to page 3, then back one page with its start cursor: page 2 again.
      const third = forward.pages[2];
      const back = await connection(db.pool, source, { sort: c.sort, filter: c.filter, last: 25, before: third.start });
      assert.deepEqual(
        back.edges.map((e) => e.node.id),
        forward.pages[1].ids,
      );
      assert.equal(back.pageInfo.hasNextPage, true);
      assert.equal(back.pageInfo.hasPreviousPage, true);
    });
  }

  it('uses the default sort and page size of 25 when none is given', async () => {
    const page = await connection(db.pool, source, {});
    assert.equal(page.edges.length, 25);
    assert.deepEqual(
      page.edges.map((e) => e.node.id),
      reference([{ field: 'createdAt', direction: 'DESC' }], () => true).slice(0, 25),
    );
    assert.equal(page.totalCount, ROWS);
  });

  it('treats only % as a wildcard in matches, case-insensitively', async () => {
    const page = await connection(db.pool, source, { first: 200, filter: [{ field: 'name', predicate: 'matches', value: '%_X' }] });
    const expected = rows.filter((r) => r.name.endsWith('_x')).length;
    assert.equal(page.totalCount, expected);
    assert.ok(page.edges.every((e) => e.node.name.endsWith('_x')));
  });

  it('filters NULL with eq / not_eq and a null value', async () => {
    const nulls = await connection(db.pool, source, { filter: [{ field: 'score', predicate: 'eq', value: null }] });
    assert.equal(nulls.totalCount, rows.filter((r) => r.score === null).length);
    const notNulls = await connection(db.pool, source, { filter: [{ field: 'score', predicate: 'not_eq', value: null }] });
    assert.equal(notNulls.totalCount, rows.filter((r) => r.score !== null).length);
  });

  it('returns an empty page with the right flags past the end', async () => {
    const all = await connection(db.pool, source, {
      first: 200,
      sort: [{ field: 'id', direction: 'ASC' }],
      filter: [{ field: 'score', predicate: 'eq', value: '0' }],
    });
    const last = all.pageInfo.endCursor;
    const past = await connection(db.pool, source, {
      first: 25,
      after: last,
      sort: [{ field: 'id', direction: 'ASC' }],
      filter: [{ field: 'score', predicate: 'eq', value: '0' }],
    });
    assert.equal(past.edges.length, 0);
    assert.equal(past.pageInfo.hasNextPage, false);
    assert.equal(past.pageInfo.hasPreviousPage, true);
  });

  const rejects = async (args: ConnectionArgs, pattern: RegExp) => {
    await assert.rejects(connection(db.pool, source, args), (error: unknown) => {
      assert.ok(error instanceof DomainError);
      assert.equal(error.code, 'BAD_USER_INPUT');
      assert.match(error.message, pattern);
      return true;
    });
  };

  it('names an unknown field, predicate, sort field or bad value as BAD_USER_INPUT', async () => {
    await rejects({ filter: [{ field: 'password_hash', predicate: 'eq', value: 'x' }] }, /Unknown filter field "password_hash"/);
    await rejects({ filter: [{ field: 'name', predicate: 'like', value: 'x' }] }, /Unknown filter predicate "like"/);
    await rejects({ sort: [{ field: 'nope', direction: 'ASC' }] }, /Unknown sort field "nope"/);
    await rejects({ sort: [{ field: 'name', direction: 'SIDEWAYS' }] }, /Unknown sort direction "SIDEWAYS"/);
    await rejects({ sort: [{ field: 'tags', direction: 'ASC' }] }, /"tags" cannot be sorted/);
    await rejects({ filter: [{ field: 'secret', predicate: 'eq', value: 'x' }] }, /"secret" cannot be filtered/);
    await rejects({ filter: [{ field: 'score', predicate: 'gt', value: 'lots' }] }, /not a valid int for the field "score"/);
    await rejects({ filter: [{ field: 'score', predicate: 'matches', value: '%1%' }] }, /works on text fields only/);
    await rejects({ first: 10, last: 10 }, /not both/);
    await rejects({ first: 100_000 }, /at most/);
    await rejects({ after: 'not-a-cursor' }, /cursor "after"/);
  });

  it('refuses a cursor made for another sort order', async () => {
    const byName = await connection(db.pool, source, { first: 5, sort: [{ field: 'name', direction: 'ASC' }] });
    await rejects({ first: 5, sort: [{ field: 'score', direction: 'ASC' }], after: byName.pageInfo.endCursor }, /another sort order/);
  });
});
