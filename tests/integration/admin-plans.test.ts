/**
 * Back-office reads are served by indexes, never a scan of the table: with tens of thousands of
 * realistic rows (vacuumed, so GIN pending lists are flushed, and analyzed) PostgreSQL plans quick
 * search on its trigram indexes and filtered, sorted people lists on the directory's indexes.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { peopleWithRole } from '../../projections/directory';
import { QUICK_SEARCH_GROUPS, quickSearchParams, quickSearchSql } from '../../projections/search';
import { connection, type Queryable } from '../../services/api/connections';
import { startTestApp, type TestApp } from '../support/app';

const ROWS = 20_000;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({}, 'admin_plans');
  const db = app.runtime.pool;
  // Straight into the disposable read models (varied names and addresses): the plans are under test.
  await db.query(`INSERT INTO rm_search.documents (kind, ref_id, tags, title, location, pii, updated_at)
    SELECT 'person', 'p' || g, CASE WHEN g % 3 = 0 THEN ARRAY['INSTRUCTOR'] ELSE ARRAY['STUDENT'] END,
           CASE WHEN g % 2 = 0 THEN initcap(substr(md5('given' || g), 1, 7)) || ' ' || initcap(substr(md5('surname' || g), 1, 9)) END,
           CASE WHEN g % 2 = 0 THEN 'City ' || (g % 300) END,
           substr(md5('mail' || g), 1, 10) || '@school' || (g % 40) || '.example.com', now()
      FROM generate_series(1, ${ROWS}) g`);
  await db.query(`INSERT INTO rm_directory.people (id, email_address, roles, created_at, remaining_minutes, updated_at)
    SELECT 'p' || g, 'pupil' || g || '@school' || (g % 40) || '.example.com', CASE WHEN g % 3 = 0 THEN ARRAY['INSTRUCTOR'] ELSE ARRAY['STUDENT'] END,
           now() - g * interval '1 minute', g % 120, now()
      FROM generate_series(1, ${ROWS}) g`);
  await db.query('VACUUM ANALYZE rm_search.documents');
  await db.query('VACUUM ANALYZE rm_directory.people');
});
afterAll(async () => {
  await app.close();
});

/** The plan PostgreSQL picks for a query. */
async function plan(sql: string, params: unknown[]): Promise<string> {
  const { rows } = await app.runtime.pool.query(`EXPLAIN ${sql}`, params);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

describe('back-office query plans', () => {
  for (const pii of [false, true]) {
    it(`quick search ${pii ? 'with' : 'without'} personal details is served by its trigram index`, async () => {
      const students = QUICK_SEARCH_GROUPS.find((g) => g.name === 'students')!;
      const { rows } = await app.runtime.pool.query(`SELECT title, pii FROM rm_search.documents WHERE ref_id = 'p1234'`);
      const words = pii ? rows[0].pii.slice(0, 8) : rows[0].title.split(' ')[1].slice(0, 7);
      const text = await plan(quickSearchSql(pii), quickSearchParams(students, words, 5));
      assert.match(text, pii ? /documents_all_trgm/ : /documents_public_trgm/, text);
      assert.doesNotMatch(text, /Seq Scan/, text);
    });
  }

  for (const [title, args] of [
    [
      'sorted by creation time, filtered by an address pattern',
      {
        first: 25,
        sort: [{ field: 'createdAt', direction: 'DESC' }],
        filter: [{ field: 'emailAddress', predicate: 'matches', value: '%pupil1234%' }],
      },
    ],
    [
      'sorted by address, past a cursor-like bound',
      {
        first: 25,
        sort: [{ field: 'emailAddress', direction: 'ASC' }],
        filter: [{ field: 'account_remainingMinutes', predicate: 'gteq', value: '100' }],
      },
    ],
    ['sorted by minutes, default page', { first: 25, sort: [{ field: 'account_remainingMinutes', direction: 'DESC' }] }],
  ] as const) {
    it(`a people list ${title} uses indexes`, async () => {
      const seen: { text: string; params: unknown[] }[] = [];
      const spy: Queryable = {
        query: (text, params) => {
          seen.push({ text, params: params ?? [] });
          return app.runtime.pool.query(text, params as unknown[]);
        },
      };
      const page = await connection(spy, peopleWithRole('STUDENT'), args as any);
      assert.ok(page.edges.length > 0);
      const pageQuery = seen.find((q) => q.text.includes('ORDER BY'))!;
      const text = await plan(pageQuery.text, pageQuery.params);
      assert.doesNotMatch(text, /Seq Scan/, text);
    });
  }
});
