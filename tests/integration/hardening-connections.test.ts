/**
 * Hardening of the admin lists and quick search (issue 7, items 4 and 8): a filter value or a cursor
 * value PostgreSQL could not cast is a BAD_USER_INPUT naming the field (or the cursor argument),
 * never an internal error, and valid dates, numbers and cursors still work; quick search matches
 * its text literally (`%` and `_` are characters) and counts real characters for its minimum, with
 * the similarity ranking intact.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { peopleWithRole } from '../../projections/directory';
import { quickSearch } from '../../projections/search';
import { connection, MAX_CURSOR_LENGTH, type Connection, type ConnectionArgs } from '../../services/api/connections';
import type { ColumnType, ConnectionSource } from '../../projections/connectionSource';
import { DomainError } from '../../services/domain/shared/errors';
import type { GlobalCheckpoint } from '../../services/eventstore/port';
import { codeOf, createAdmin, startTestApp, type GraphQLResult, type TestApp } from '../support/app';

let app: TestApp;
let admin: { token: string; accountId: string };

interface Seeded {
  id: string;
  email: string;
  createdAt: string;
  minutes: number;
}
const students: Seeded[] = [];
const PUPILS = 40;
const HISTORY_OWNER = 'seed-0000';
const HISTORY_ENTRIES = 7; // AccountRegistered and six minutes changes

const LIST = `query($first: Int, $last: Int, $after: String, $before: String, $sort: [SortInput!], $filter: [FilterInput!]) {
  students(first: $first, last: $last, after: $after, before: $before, sort: $sort, filter: $filter) {
    totalCount
    pageInfo { startCursor endCursor hasPreviousPage hasNextPage }
    edges { cursor node { id emailAddress createdAt } }
  }
}`;
const HISTORY = `query($id: ID!, $first: Int, $last: Int, $after: String, $before: String, $filter: [FilterInput!]) {
  userHistory(userId: $id, first: $first, last: $last, after: $after, before: $before, filter: $filter) {
    totalCount
    pageInfo { startCursor endCursor hasNextPage }
    edges { cursor node { id eventType occurredAt } }
  }
}`;
const SEARCH = `query($q: String!, $pii: Boolean) { quickSearch(searchQuery: $q, pii: $pii) {
  conversations { id } courses { id } lessons { id } instructors { id } speakers { id } students { id emailAddress } } }`;

beforeAll(async () => {
  app = await startTestApp({}, 'hardening_connections');
  admin = await createAdmin(app);
  const meta = (at: string) => ({ actorId: null, correlationId: crypto.randomUUID(), causationId: null, occurredAt: at, schemaVersion: 1 });
  const start = Date.UTC(2025, 5, 1);
  for (let i = 0; i < PUPILS; i++) {
    students.push({
      id: `seed-${String(i).padStart(4, '0')}`,
      email: `pupil${i}@school.example.com`,
      createdAt: new Date(start + i * 6 * 3600_000 + (i % 7) * 1.5).toISOString(),
      minutes: (i * 13) % 90,
    });
  }
  // Literal-match and ranking probes: ids ordered against the expected ranking, so a tie-break by id
  // could not pass for a ranking.
  const july = '2025-07-01T00:00:00.000Z';
  for (const [id, email] of [
    ['lit-1', 'under_score@example.com'],
    ['lit-2', 'underXscore@example.com'],
    ['rank-a', 'xyzrankmexyz@example.com'],
    ['rank-b', 'rankmexyz@example.com'],
    ['rank-c', 'rankme@example.com'],
  ]) {
    students.push({ id, email, createdAt: july, minutes: 0 });
  }
  let checkpoint: GlobalCheckpoint | undefined;
  for (const s of students) {
    const result = await app.runtime.store.appendToStreams([
      {
        stream: `account-${s.id}`,
        expected: 'no_stream',
        events: [
          {
            type: 'AccountRegistered',
            data: { accountId: s.id, emailAddress: s.email, passwordHash: 'x', roles: ['STUDENT'], via: 'seed' },
            metadata: meta(s.createdAt),
          },
        ],
      },
    ]);
    checkpoint = result.checkpoint;
  }
  // A history long enough to page: six minutes changes, an hour apart.
  let balance = 0;
  const changes = Array.from({ length: HISTORY_ENTRIES - 1 }, (_, k) => {
    balance += 5;
    return {
      type: 'MinutesChanged',
      data: {
        transactionId: `${HISTORY_OWNER}-t${k}`,
        accountId: HISTORY_OWNER,
        minuteQuantity: 5,
        action: 'admin_adjustment',
        actionReason: null,
        balanceAfter: balance,
      },
      metadata: meta(new Date(start + (k + 1) * 3600_000).toISOString()),
    };
  });
  checkpoint = (await app.runtime.store.appendToStreams([{ stream: `minutes-${HISTORY_OWNER}`, expected: 'no_stream', events: changes }]))
    .checkpoint;
  assert.ok(await app.runtime.runner.waitFor(checkpoint, ['directory', 'history', 'search'], 30_000));

  // A table with every column type, for the type rules the people lists do not exercise.
  await app.runtime.pool.query(`CREATE SCHEMA hardening_test;
    CREATE TABLE hardening_test.typed (id text PRIMARY KEY, i int, big bigint, n numeric, b bool, d date, t timestamptz, tags text[] NOT NULL DEFAULT '{}');
    INSERT INTO hardening_test.typed VALUES
      ('r1', 1, 10000000000, 1.5, true, '2024-02-29', '2025-06-01T12:00:00.123456Z', '{a,b}'),
      ('r2', -5, -1, -0.25, false, '0001-01-01', '0001-01-01T00:00:00Z', '{}'),
      ('r3', NULL, NULL, NULL, NULL, NULL, NULL, '{c}');`);
});
afterAll(async () => {
  await app?.close();
});

const typedSource: ConnectionSource<{ id: string }> = {
  from: 'hardening_test.typed',
  fields: {
    id: { column: 'id', type: 'text' },
    i: { column: 'i', type: 'int', nullable: true },
    big: { column: 'big', type: 'bigint', nullable: true },
    n: { column: 'n', type: 'numeric', nullable: true },
    b: { column: 'b', type: 'bool', nullable: true },
    d: { column: 'd', type: 'date', nullable: true },
    t: { column: 't', type: 'timestamptz', nullable: true },
    tags: { column: 'tags', type: 'text[]', sortable: false },
  },
  toNode: (r) => ({ id: r.id }),
};

const decode = (cursor: string) => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { s: string; v: (string | null)[] };
/** The cursor with the right signature and one sort value replaced: a forgery only the values give away. */
const forge = (cursor: string, index: number, value: string | null) => {
  const parsed = decode(cursor);
  parsed.v[index] = value;
  return Buffer.from(JSON.stringify(parsed), 'utf8').toString('base64url');
};

function assertRefused(res: GraphQLResult, message: RegExp, fields: Record<string, string | RegExp>) {
  assert.equal(codeOf(res), 'BAD_USER_INPUT', JSON.stringify(res.errors ?? res.data));
  assert.match(res.errors![0].message, message);
  for (const [key, expected] of Object.entries(fields)) {
    const actual = res.errors![0].extensions?.fields?.[key];
    assert.ok(actual !== undefined, `extensions.fields names "${key}": ${JSON.stringify(res.errors![0].extensions)}`);
    if (expected instanceof RegExp) assert.match(actual, expected);
    else assert.equal(actual, expected);
  }
}

async function rejectsAsBadInput(work: Promise<unknown>, message: RegExp) {
  await assert.rejects(work, (error: unknown) => {
    assert.ok(error instanceof DomainError, `a DomainError, not ${String(error)}`);
    assert.equal(error.code, 'BAD_USER_INPUT');
    assert.match(error.message, message);
    return true;
  });
}

async function list(variables: Record<string, unknown>) {
  const res = await app.gql(LIST, variables, admin.token);
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  return res.data.students;
}

describe('admin list filters are checked against the column type (issue 7, item 4)', () => {
  it('refuses a createdAt value PostgreSQL cannot read, naming the field', async () => {
    // "1" and the others pass JavaScript's Date.parse; PostgreSQL refuses each.
    for (const value of [
      '1',
      'abc',
      '2025-02-30',
      '0000-01-01',
      '2025-13-01',
      '2025-06-01T25:00:00Z',
      '2025-06-01T12:00:00+16:00',
      '10000-01-01',
      'June 1, 2025',
    ]) {
      const res = await app.gql(LIST, { filter: [{ field: 'createdAt', predicate: 'gt', value }] }, admin.token);
      assertRefused(res, /not a valid timestamptz for the field "createdAt"/, { filter: 'createdAt' });
    }
  });

  it('names an inherited property such as constructor as an unknown field, in sorts and filters (found by the fuzz run)', async () => {
    for (const field of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      assertRefused(await app.gql(LIST, { filter: [{ field, predicate: 'eq', value: 'x' }] }, admin.token), /Unknown filter field/, {
        filter: field,
      });
      assertRefused(await app.gql(LIST, { sort: [{ field, direction: 'ASC' }] }, admin.token), /Unknown sort field/, { sort: field });
    }
  });

  it('refuses minutes out of range or not a whole number', async () => {
    for (const value of ['99999999999999999999', '-99999999999999999999', '1.5', 'lots']) {
      const res = await app.gql(LIST, { filter: [{ field: 'account_remainingMinutes', predicate: 'gteq', value }] }, admin.token);
      assertRefused(res, /not a valid (int|bigint) for the field "account_remainingMinutes"/, { filter: 'account_remainingMinutes' });
    }
    // 32 bits for an int column, 64 for a bigint one.
    for (const [field, value] of [
      ['i', '2147483648'],
      ['i', '-2147483649'],
      ['big', '9223372036854775808'],
      ['big', '-9223372036854775809'],
    ]) {
      await rejectsAsBadInput(
        connection(app.runtime.pool, typedSource, { filter: [{ field, predicate: 'eq', value }] }),
        new RegExp(`not a valid \\w+ for the field "${field}"`),
      );
    }
    const edge = await list({ filter: [{ field: 'account_remainingMinutes', predicate: 'lteq', value: '2147483647' }] });
    assert.equal(edge.totalCount, students.length);
  });

  it('refuses a history id out of bigint range, and finds a real one', async () => {
    for (const value of ['99999999999999999999', '9223372036854775808', '-9223372036854775809', 'abc', '1e3']) {
      const res = await app.gql(HISTORY, { id: HISTORY_OWNER, filter: [{ field: 'id', predicate: 'eq', value }] }, admin.token);
      assertRefused(res, /not a valid bigint for the field "id"/, { filter: 'id' });
    }
    const all = await app.gql(HISTORY, { id: HISTORY_OWNER, first: 50 }, admin.token);
    assert.equal(all.data.userHistory.totalCount, HISTORY_ENTRIES);
    const one = all.data.userHistory.edges[3].node;
    const found = await app.gql(HISTORY, { id: HISTORY_OWNER, filter: [{ field: 'id', predicate: 'eq', value: one.id }] }, admin.token);
    assert.deepEqual(
      found.data.userHistory.edges.map((e: any) => e.node.id),
      [one.id],
    );
    const largest = await app.gql(
      HISTORY,
      { id: HISTORY_OWNER, filter: [{ field: 'id', predicate: 'eq', value: '9223372036854775807' }] },
      admin.token,
    );
    assert.equal(largest.errors, undefined, JSON.stringify(largest.errors));
    assert.equal(largest.data.userHistory.totalCount, 0);
  });

  it('accepts ISO 8601 dates and date-times, with or without a zone', async () => {
    const from = Date.UTC(2025, 5, 3);
    const to = Date.UTC(2025, 5, 5, 12);
    const expected = students.filter((s) => Date.parse(s.createdAt) >= from && Date.parse(s.createdAt) < to).length;
    assert.ok(expected > 5 && expected < PUPILS);
    for (const [gteq, lt] of [
      ['2025-06-03', '2025-06-05T12:00:00.000Z'],
      ['2025-06-02T20:00:00-04:00', '2025-06-05 12:00:00+00'],
      ['2025-06-03T00:00Z', '2025-06-05T13:30:00+0130'],
    ]) {
      const page = await list({
        filter: [
          { field: 'createdAt', predicate: 'gteq', value: gteq },
          { field: 'createdAt', predicate: 'lt', value: lt },
        ],
      });
      assert.equal(page.totalCount, expected, `${gteq} .. ${lt}`);
    }
  });

  it('refuses NUL in text values at the list mechanism too, naming the field', async () => {
    const people = peopleWithRole('STUDENT');
    await rejectsAsBadInput(
      connection(app.runtime.pool, people, { filter: [{ field: 'emailAddress', predicate: 'eq', value: 'a\u0000b' }] }),
      /"emailAddress"/,
    );
    await rejectsAsBadInput(
      connection(app.runtime.pool, people, { filter: [{ field: 'emailAddress', predicate: 'matches', value: '%\u0000%' }] }),
      /"emailAddress"/,
    );
    await rejectsAsBadInput(
      connection(app.runtime.pool, people, { filter: [{ field: 'account_roles', predicate: 'eq', value: 'STU\u0000DENT' }] }),
      /"account_roles"/,
    );
  });

  // Every value either is refused as BAD_USER_INPUT or PostgreSQL accepts it: never a database error.
  const HOSTILE = [
    '',
    ' ',
    '1',
    'abc',
    'NaN',
    'Infinity',
    'infinity',
    'now',
    'epoch',
    'yes',
    't',
    'TRUE',
    'false',
    '+7',
    '-0',
    '  12  ',
    '1e5',
    '1.5',
    '.5',
    '5.',
    '2147483647',
    '2147483648',
    '-2147483648',
    '-2147483649',
    '9223372036854775807',
    '9223372036854775808',
    '-9223372036854775808',
    '-9223372036854775809',
    '99999999999999999999',
    '1'.repeat(70),
    `1.${'5'.repeat(70)}`,
    '2024-02-29',
    '2025-02-29',
    '2025-02-30',
    '2025-13-01',
    '0000-01-01',
    '0001-01-01',
    '9999-12-31',
    '10000-01-01',
    '2025-6-1',
    '2025-06-01T24:00:00Z',
    '2025-06-01T23:59:60Z',
    '2025-06-01T23:59:59.999999999Z',
    '2025-06-01T12Z',
    '2025-06-01T12:00:00+16:00',
    '2025-06-01T12:00:00+15:59',
    '2025-06-01T12:00:00-0530',
    '2025-06-01 12:00:00',
    '2025-06-01t12:00z',
    '2025-06-01T12:00:00 America/New_York',
    '0001-01-01T00:00:00+15:59',
    '9999-12-31T23:59:59-15:59',
    'June 1, 2025',
    'a\u0000b',
    '\uD800',
    "'; DROP TABLE x; --",
  ];
  // Exactly these of HOSTILE are valid, per type (the rules of services/api/connections.ts).
  const INTS = ['1', '+7', '-0', '  12  ', '2147483647', '-2147483648'];
  const BIGINTS = [...INTS, '2147483648', '-2147483649', '9223372036854775807', '-9223372036854775808'];
  const DATES = ['2024-02-29', '0001-01-01', '9999-12-31'];
  const EXPECTED_VALID: Record<Exclude<ColumnType, 'text' | 'text[]'>, string[]> = {
    int: INTS,
    bigint: BIGINTS,
    numeric: [...BIGINTS, '9223372036854775808', '-9223372036854775809', '99999999999999999999', '1.5'],
    bool: ['TRUE', 'false'],
    date: DATES,
    timestamptz: [
      ...DATES,
      '2025-06-01T23:59:59.999999999Z',
      '2025-06-01T12:00:00+15:59',
      '2025-06-01T12:00:00-0530',
      '2025-06-01 12:00:00',
      '2025-06-01t12:00z',
      '0001-01-01T00:00:00+15:59',
      '9999-12-31T23:59:59-15:59',
    ],
  };

  for (const field of ['i', 'big', 'n', 'b', 'd', 't', 'id', 'tags'] as const) {
    it(`checks every hostile value for a ${typedSource.fields[field].type} column before PostgreSQL sees it`, async () => {
      const type = typedSource.fields[field].type;
      for (const value of HOSTILE) {
        for (const predicate of type === 'text[]' ? ['eq', 'matches'] : type === 'text' ? ['gt', 'matches'] : ['eq', 'gt']) {
          try {
            await connection(app.runtime.pool, typedSource, { filter: [{ field, predicate, value }] });
            if (type !== 'text' && type !== 'text[]') {
              assert.ok(
                EXPECTED_VALID[type].includes(value),
                `${JSON.stringify(value)} was taken as a ${type}; the rule says it is not one`,
              );
            }
          } catch (error) {
            assert.ok(error instanceof DomainError, `${type} ${predicate} ${JSON.stringify(value)} reached PostgreSQL: ${String(error)}`);
            assert.equal(error.code, 'BAD_USER_INPUT');
            assert.match(error.message, new RegExp(`"${field}"`));
            if (type !== 'text' && type !== 'text[]') {
              assert.ok(!EXPECTED_VALID[type].includes(value), `${JSON.stringify(value)} is a valid ${type} but was refused`);
            }
          }
        }
      }
    });
  }
});

describe('admin list cursors are checked like filter values (issue 7, item 4)', () => {
  it('refuses a forged students cursor whose values do not fit the column types, naming the argument', async () => {
    const first = await list({ first: 5 }); // createdAt DESC, then id
    const cursor = first.pageInfo.endCursor as string;
    const forgeries = [
      forge(cursor, 0, 'abc'),
      forge(cursor, 0, '1'),
      forge(cursor, 0, '0000-01-01T00:00:00Z'),
      forge(cursor, 0, '2025-02-30'),
    ];
    for (const forged of forgeries) {
      for (const name of ['after', 'before'] as const) {
        const res = await app.gql(
          LIST,
          { first: name === 'after' ? 5 : undefined, last: name === 'before' ? 5 : undefined, [name]: forged },
          admin.token,
        );
        assertRefused(res, new RegExp(`cursor "${name}".*not a valid timestamptz`), { [name]: /cursor/ });
      }
    }
    const byMinutes = await list({ first: 5, sort: [{ field: 'account_remainingMinutes', direction: 'ASC' }] });
    for (const value of ['99999999999999999999', 'abc', '1.5']) {
      const res = await app.gql(
        LIST,
        { first: 5, sort: [{ field: 'account_remainingMinutes', direction: 'ASC' }], after: forge(byMinutes.pageInfo.endCursor, 0, value) },
        admin.token,
      );
      assertRefused(res, /cursor "after".*not a valid (int|bigint)/, { after: /cursor/ });
    }
  });

  it('refuses a forged history cursor with a position out of bigint range', async () => {
    const page = await app.gql(HISTORY, { id: HISTORY_OWNER, first: 2 }, admin.token);
    const cursor = page.data.userHistory.pageInfo.endCursor as string;
    assert.equal(decode(cursor).v.length, 2, 'occurredAt and the position');
    for (const value of ['99999999999999999999', 'abc', '9223372036854775808']) {
      const res = await app.gql(HISTORY, { id: HISTORY_OWNER, first: 2, after: forge(cursor, 1, value) }, admin.token);
      assertRefused(res, /cursor "after".*not a valid bigint/, { after: /cursor/ });
    }
  });

  it('bounds a cursor before decoding it and refuses NUL in its text', async () => {
    const people = peopleWithRole('STUDENT');
    const first = await connection(app.runtime.pool, people, { first: 5 });
    const cursor = first.pageInfo.endCursor!;
    const long = forge(cursor, 1, 'x'.repeat(MAX_CURSOR_LENGTH));
    assert.ok(long.length > MAX_CURSOR_LENGTH);
    await rejectsAsBadInput(connection(app.runtime.pool, people, { first: 5, after: long }), /cursor "after" is not valid/);
    await rejectsAsBadInput(
      connection(app.runtime.pool, people, { first: 5, before: 'A'.repeat(MAX_CURSOR_LENGTH + 1) }),
      /cursor "before" is not valid/,
    );
    await rejectsAsBadInput(
      connection(app.runtime.pool, people, { first: 5, after: forge(cursor, 1, 'seed\u00000001') }),
      /cursor "after".*not a valid text/,
    );
    await rejectsAsBadInput(connection(app.runtime.pool, people, { first: 5, after: `${cursor}!` }), /cursor "after" is not valid/);
  });

  it('forges no value past the check for any column type', async () => {
    for (const field of ['i', 'big', 'n', 'b', 'd', 't'] as const) {
      const type = typedSource.fields[field].type;
      const args: ConnectionArgs = { first: 1, sort: [{ field, direction: 'ASC' }] };
      const cursor = (await connection(app.runtime.pool, typedSource, args)).pageInfo.endCursor!;
      for (const value of ['abc', '', '0000-01-01', '2025-02-30T00:00:00Z', 'maybe', '1'.repeat(70), 'a\u0000b']) {
        for (const name of ['after', 'before'] as const) {
          await rejectsAsBadInput(
            connection(app.runtime.pool, typedSource, { ...args, [name]: forge(cursor, 0, value) }),
            new RegExp(`cursor "${name}".*${type}`),
          );
        }
      }
    }
  });

  it('still pages forward and back with real cursors, dates and times included', async () => {
    const sort = [{ field: 'createdAt', direction: 'ASC' }];
    const expected = [...students]
      .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : 1))
      .map((s) => s.id);
    const ids: string[] = [];
    const starts: string[] = [];
    let after: string | null = null;
    for (let guard = 0; guard < 20; guard++) {
      const p: any = await list({ first: 7, after, sort });
      assert.equal(p.totalCount, students.length);
      ids.push(...p.edges.map((e: any) => e.node.id));
      starts.push(p.pageInfo.startCursor);
      if (!p.pageInfo.hasNextPage) break;
      after = p.pageInfo.endCursor;
    }
    assert.deepEqual(ids, expected);
    assert.match(decode(starts[1]).v[0]!, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/, 'times travel as ISO 8601 with microseconds');
    const back = await list({ last: 7, before: starts[2], sort });
    assert.deepEqual(
      back.edges.map((e: any) => e.node.id),
      expected.slice(7, 14),
    );

    // Every column type's own cursor round-trips, NULLs included.
    for (const field of ['i', 'big', 'n', 'b', 'd', 't'] as const) {
      for (const direction of ['ASC', 'DESC']) {
        const seen: string[] = [];
        let cursor: string | null = null;
        for (let guard = 0; guard < 5; guard++) {
          const p: Connection<{ id: string }> = await connection(app.runtime.pool, typedSource, {
            first: 1,
            after: cursor,
            sort: [{ field, direction }],
          });
          seen.push(...p.edges.map((e) => e.node.id));
          if (!p.pageInfo.hasNextPage) break;
          cursor = p.pageInfo.endCursor;
        }
        assert.equal(seen.length, 3, `${field} ${direction}: ${seen}`);
        assert.equal(new Set(seen).size, 3);
      }
    }

    const history: string[] = [];
    let hAfter: string | null = null;
    for (let guard = 0; guard < 10; guard++) {
      const res: GraphQLResult = await app.gql(HISTORY, { id: HISTORY_OWNER, first: 3, after: hAfter }, admin.token);
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
      history.push(...res.data.userHistory.edges.map((e: any) => e.node.occurredAt));
      if (!res.data.userHistory.pageInfo.hasNextPage) break;
      hAfter = res.data.userHistory.pageInfo.endCursor;
    }
    assert.equal(history.length, HISTORY_ENTRIES);
    assert.deepEqual(
      history,
      [...history].sort((a, b) => Date.parse(b) - Date.parse(a)),
      'newest first',
    );
  });
});

describe('quick search matches its text literally (issue 7, item 8)', () => {
  const search = async (q: string, pii = true) => {
    const res = await app.gql(SEARCH, { q, pii }, admin.token);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    return res.data.quickSearch;
  };
  const nothing = (groups: Record<string, unknown[]>) => Object.values(groups).every((g) => g.length === 0);

  it('does not list every student for "%%" or other wildcards', async () => {
    assert.equal((await search('pupil')).students.length, 5, 'there are students to list');
    for (const q of ['%%', '%%%', '__', '%_', ' %% ', '\\%']) {
      assert.ok(nothing(await search(q)), `${JSON.stringify(q)} matched something`);
    }
    assert.deepEqual((await search('under%score')).students, [], '% is a character, not a wildcard');
    assert.deepEqual(
      (await search('under_score')).students.map((s: any) => s.id),
      ['lit-1'],
      '_ is a character, not a wildcard',
    );
    assert.deepEqual(
      (await search('UNDERXSCORE')).students.map((s: any) => s.id),
      ['lit-2'],
      'still case-insensitive',
    );
  });

  it('counts real characters, after trimming, for the two-character minimum', async () => {
    for (const q of ['%', ' % ', '  u  ', '\u{1F600}', ' \t\n']) assert.ok(nothing(await search(q)), JSON.stringify(q));
    // Too short is not searched at all: one emoji is one character (two UTF-16 units).
    const queries: string[] = [];
    const spy = {
      query: (text: string, params: unknown[]) => {
        queries.push(text);
        return app.runtime.pool.query(text, params);
      },
    } as unknown as typeof app.runtime.pool;
    for (const q of ['%', ' _ ', '\u{1F600}', ' \u{1F600} ']) await quickSearch(spy, q, { pii: true });
    assert.deepEqual(queries, []);
    await quickSearch(spy, '\u{1F600}\u{1F600}', { pii: true });
    assert.ok(queries.length > 0, 'two characters are searched');
    assert.deepEqual((await search(' rankmexyz ')).students.map((s: any) => s.id).sort(), ['rank-a', 'rank-b']);
  });

  it('ranks by word similarity, not by id', async () => {
    assert.deepEqual(
      (await search('rankme')).students.map((s: any) => s.id),
      ['rank-c', 'rank-b', 'rank-a'],
    );
  });

  it('refuses NUL in the search text as BAD_USER_INPUT', async () => {
    await rejectsAsBadInput(quickSearch(app.runtime.pool, 'ab\u0000cd', { pii: true }), /NUL/);
    const res = await app.gql(SEARCH, { q: 'ab\u0000cd', pii: true }, admin.token);
    assert.equal(codeOf(res), 'BAD_USER_INPUT');
  });
});

describe("refusals with values and outside GraphQL in the caller's language (issue 32)", () => {
  it('answers a connections filter refusal, a REST refusal and a field-limit refusal in Spanish and French, with their codes', async () => {
    const said = {
      es: {
        filter:
          'El valor de filtro "abc" no es un timestamptz válido para el campo "createdAt": usa una fecha o fecha y hora ISO 8601 con un año de 0001 a 9999, como 2025-06-01 o 2025-06-01T12:00:00Z.',
        notFound: 'No encontrado.',
        chunkIndex: 'Número de la parte: debe ser un número entero.',
        searchText: 'Texto de búsqueda: puede tener como máximo 100 caracteres.',
        reason: 'Motivo: puede tener como máximo 500 caracteres.',
      },
      fr: {
        filter:
          'La valeur de filtre "abc" n’est pas un timestamptz valide pour le champ « createdAt » : utilisez une date ou une date et heure ISO 8601 avec une année de 0001 à 9999, comme 2025-06-01 ou 2025-06-01T12:00:00Z.',
        notFound: 'Introuvable.',
        chunkIndex: 'Numéro de la partie : doit être un nombre entier.',
        searchText: 'Texte de recherche : peut contenir au plus 100 caractères.',
        reason: 'Motif : peut contenir au plus 500 caractères.',
      },
    } as const;
    for (const language of ['es', 'fr'] as const) {
      const headers = { 'accept-language': language };
      const filtered = await app.gql(LIST, { filter: [{ field: 'createdAt', predicate: 'gt', value: 'abc' }] }, admin.token, headers);
      assert.equal(codeOf(filtered), 'BAD_USER_INPUT');
      assert.equal(filtered.errors![0].message, said[language].filter);

      const missing = await fetch(`${app.url}/api/nothing-here`, { headers });
      assert.equal(missing.status, 404);
      assert.deepEqual(await missing.json(), { error: { code: 'NOT_FOUND', message: said[language].notFound } });

      // The recording upload (REST): the chunk index is a field limit with its own label.
      const chunk = await fetch(`${app.url}/api/conversations/any/archive/chunks/abc`, {
        method: 'PUT',
        headers: { ...headers, authorization: `Bearer ${admin.token}`, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(1),
      });
      assert.equal(chunk.status, 400);
      assert.deepEqual(await chunk.json(), { error: { code: 'BAD_USER_INPUT', message: said[language].chunkIndex } });

      // A GraphQL argument's limit (services/api/inputLimits.ts), per field too.
      const searched = await app.gql(SEARCH, { q: 'x'.repeat(101) }, admin.token, headers);
      assert.equal(codeOf(searched), 'BAD_USER_INPUT');
      assert.equal(searched.errors![0].message, said[language].searchText);
      assert.deepEqual(searched.errors![0].extensions?.fields, { searchQuery: said[language].searchText });

      // An input object's field: every argument and input field has its label (fieldLabels.<name>).
      const changed = await app.gql(
        `mutation($input: ChangeMinutesInput!) { changeMinutes(input: $input) { changed } }`,
        { input: { accountId: students[0].id, minutes: 5, reason: 'x'.repeat(501) } },
        admin.token,
        headers,
      );
      assert.equal(codeOf(changed), 'BAD_USER_INPUT');
      assert.deepEqual(changed.errors![0].extensions?.fields, { reason: said[language].reason });
    }
    const english = await app.gql(LIST, { filter: [{ field: 'createdAt', predicate: 'gt', value: 'abc' }] }, admin.token);
    assert.match(
      english.errors![0].message,
      /^The filter value "abc" is not a valid timestamptz for the field "createdAt": use an ISO 8601/,
    );
  });
});
