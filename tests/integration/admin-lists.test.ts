/**
 * Admin lists over GraphQL: students / instructors / speakers are the directory read model scoped by
 * role; a few hundred students page forward and back with sort and filter exactly as a reference
 * sort says; unknown fields and predicates are named BAD_USER_INPUT errors.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { GlobalCheckpoint } from '../../services/eventstore/port';
import { codeOf, createAdmin, startTestApp, type TestApp } from '../support/app';

const STUDENTS = 260;
const INSTRUCTORS = 12;
let app: TestApp;
let admin: { token: string; accountId: string };
const people: { id: string; email: string; minutes: number; createdAt: string; roles: string[] }[] = [];

const LIST = (
  name: string,
) => `query($first: Int, $last: Int, $after: String, $before: String, $sort: [SortInput!], $filter: [FilterInput!]) {
  ${name}(first: $first, last: $last, after: $after, before: $before, sort: $sort, filter: $filter) {
    totalCount
    pageInfo { startCursor endCursor hasPreviousPage hasNextPage }
    edges { cursor node { id emailAddress createdAt account { roles remainingMinutes } } }
  }
}`;

beforeAll(async () => {
  app = await startTestApp({}, 'admin_lists');
  admin = await createAdmin(app);
  // Seed through the event store, as sign-ups and admin credits would have written it.
  const meta = (at: Date) => ({
    actorId: null,
    correlationId: crypto.randomUUID(),
    causationId: null,
    occurredAt: at.toISOString(),
    schemaVersion: 1,
  });
  const start = Date.UTC(2025, 5, 1);
  let checkpoint: GlobalCheckpoint | undefined;
  for (let i = 0; i < STUDENTS + INSTRUCTORS; i++) {
    const id = `seed-${String(i).padStart(4, '0')}`;
    const instructor = i >= STUDENTS;
    const roles = instructor ? ['INSTRUCTOR'] : i % 4 === 0 ? ['ONBOARDING_STUDENT'] : ['STUDENT'];
    const email = `${instructor ? 'teacher' : 'pupil'}${(i * 7919) % 1000}.${i}@${i % 3 ? 'school' : 'uni'}.example.com`;
    const createdAt = new Date(start + Math.floor(i / 3) * 3600_000);
    const minutes = (i * 13) % 90;
    people.push({ id, email, minutes, createdAt: createdAt.toISOString(), roles });
    const result = await app.runtime.store.appendToStreams([
      {
        stream: `account-${id}`,
        expected: 'no_stream',
        events: [
          {
            type: 'AccountRegistered',
            data: { accountId: id, emailAddress: email, passwordHash: 'x', roles, via: 'seed' },
            metadata: meta(createdAt),
          },
        ],
      },
      ...(minutes
        ? [
            {
              stream: `minutes-${id}`,
              expected: 'no_stream' as const,
              events: [
                {
                  type: 'MinutesChanged',
                  data: {
                    transactionId: `${id}-t1`,
                    accountId: id,
                    minuteQuantity: minutes,
                    action: 'admin_adjustment',
                    actionReason: null,
                    balanceAfter: minutes,
                  },
                  metadata: meta(createdAt),
                },
              ],
            },
          ]
        : []),
    ]);
    checkpoint = result.checkpoint;
  }
  assert.ok(await app.runtime.runner.waitFor(checkpoint, ['directory'], 30_000));
});
afterAll(async () => {
  await app.close();
});

async function page(list: string, variables: Record<string, unknown>) {
  const res = await app.gql(LIST(list), variables, admin.token);
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  return res.data[list];
}

describe('admin people lists', () => {
  it('lists people by role, onboarding included', async () => {
    const students = await page('students', { first: 1 });
    assert.equal(students.totalCount, STUDENTS);
    const instructors = await page('instructors', { first: 50 });
    assert.equal(instructors.totalCount, INSTRUCTORS);
    assert.ok(instructors.edges.every((e: any) => e.node.account.roles.includes('INSTRUCTOR')));
    const speakers = await page('speakers', {});
    assert.equal(speakers.totalCount, 0);
    assert.deepEqual(speakers.edges, []);
  });

  it('pages a few hundred students forward and back with sort and filter', async () => {
    const sort = [
      { field: 'account_remainingMinutes', direction: 'DESC' },
      { field: 'emailAddress', direction: 'ASC' },
    ];
    const filter = [
      { field: 'emailAddress', predicate: 'matches', value: '%@SCHOOL%' },
      { field: 'account_remainingMinutes', predicate: 'gteq', value: '10' },
    ];
    const expected = people
      .filter((p) => !p.roles.includes('INSTRUCTOR') && p.email.includes('@school') && p.minutes >= 10)
      .sort((a, b) => b.minutes - a.minutes || (a.email < b.email ? -1 : a.email > b.email ? 1 : 0) || (a.id < b.id ? -1 : 1))
      .map((p) => p.id);
    assert.ok(expected.length > 100);

    const forward: string[] = [];
    const starts: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const p: any = await page('students', { first: 25, after, sort, filter });
      assert.equal(p.totalCount, expected.length);
      assert.equal(p.pageInfo.hasPreviousPage, pages > 0);
      forward.push(...p.edges.map((e: any) => e.node.id));
      starts.push(p.pageInfo.startCursor);
      pages++;
      if (!p.pageInfo.hasNextPage) break;
      after = p.pageInfo.endCursor;
    }
    assert.deepEqual(forward, expected);
    assert.equal(pages, Math.ceil(expected.length / 25));

    const backward: string[] = [];
    let before: string | null = null;
    for (;;) {
      const p: any = await page('students', { last: 25, before, sort, filter });
      backward.unshift(...p.edges.map((e: any) => e.node.id));
      if (!p.pageInfo.hasPreviousPage) break;
      before = p.pageInfo.startCursor;
    }
    assert.deepEqual(backward, expected);

    // Forward to page 3, back with its start cursor: page 2.
    const back: any = await page('students', { last: 25, before: starts[2], sort, filter });
    assert.deepEqual(
      back.edges.map((e: any) => e.node.id),
      expected.slice(25, 50),
    );
  });

  it('sorts by creation time by default, newest first, 25 to a page', async () => {
    const p = await page('students', {});
    assert.equal(p.edges.length, 25);
    const times = p.edges.map((e: any) => Date.parse(e.node.createdAt));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
  });

  it('filters on a role inside the roles list', async () => {
    const p = await page('students', { first: 200, filter: [{ field: 'account_roles', predicate: 'eq', value: 'ONBOARDING_STUDENT' }] });
    assert.equal(p.totalCount, people.filter((x) => x.roles.includes('ONBOARDING_STUDENT')).length);
  });

  it('names an unknown field or predicate as BAD_USER_INPUT', async () => {
    const field = await app.gql(LIST('students'), { filter: [{ field: 'passwordHash', predicate: 'eq', value: 'x' }] }, admin.token);
    assert.equal(codeOf(field), 'BAD_USER_INPUT');
    assert.match(field.errors![0].message, /"passwordHash"/);
    const predicate = await app.gql(
      LIST('students'),
      { filter: [{ field: 'emailAddress', predicate: 'sounds_like', value: 'x' }] },
      admin.token,
    );
    assert.equal(codeOf(predicate), 'BAD_USER_INPUT');
    assert.match(predicate.errors![0].message, /"sounds_like"/);
    const sort = await app.gql(
      `query($sort: [SortInput!]) { notifications(sort: $sort) { totalCount } }`,
      { sort: [{ field: 'body', direction: 'ASC' }] },
      admin.token,
    );
    assert.equal(codeOf(sort), 'BAD_USER_INPUT');
    assert.match(sort.errors![0].message, /"body"/);
  });
});
