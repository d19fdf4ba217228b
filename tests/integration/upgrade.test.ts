/**
 * Upgrades keep everything (issue 26): a database written by earlier releases (665f533, then
 * 4e15ba4; tests/integration/fixtures/upgrade/generate.ts made it) starts on today's code. Its
 * migrations run once, old event versions are lifted, read models whose projector changed are
 * rebuilt, and every account signs in with its balance, every payroll month with its figures, as
 * the old release's own read models showed them (expected.json).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { MIGRATION_OWNERS } from '../../services/cli/migrate';
import { migrate, migrationStatus } from '../../services/db/migrate';
import { allProjectors } from '../../projections';
import { PERSONAL_FIELDS } from '../../services/domain/personalData';
import { upgradePersonalData } from '../../services/eventstore/personal/upgrade';
import { signIn, startTestApp, type TestApp } from '../support/app';
import { ITEMIZED, ME, PAYROLL, PAYROLL_MONTH, monthEnd, monthStart } from './fixtures/upgrade/queries';

const FIXTURE = path.join(import.meta.dirname, 'fixtures/upgrade');
const expected = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'expected.json'), 'utf8'));
/** Owners a start migrates: the relay's tables come with `npm run relay`, which the fixture never ran. */
const STARTED_OWNERS = MIGRATION_OWNERS.filter((o) => o.owner !== 'relay');

/** The old installation as it stood: what its tables held, read before today's code touches them. */
interface Before {
  preKnex: boolean;
  versions: Map<string, number>;
  courseCreatedV1: number;
}

async function loadFixture(url: string): Promise<Before> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(zlib.gunzipSync(fs.readFileSync(path.join(FIXTURE, 'database.sql.gz'))).toString('utf8'));
    const preKnex = (await client.query(`SELECT to_regclass('public.schema_migrations') IS NOT NULL AS t`)).rows[0].t;
    const { rows } = await client.query('SELECT name, version FROM public.projection_checkpoints');
    const v1 = await client.query(
      `SELECT count(*)::int AS n FROM public.events WHERE type = 'CourseCreated' AND coalesce((metadata->>'schemaVersion')::int, 1) = 1`,
    );
    return { preKnex, versions: new Map(rows.map((r) => [r.name, r.version])), courseCreatedV1: v1.rows[0].n };
  } finally {
    await client.end();
  }
}

describe('an installation made by earlier releases, started on today’s code', () => {
  let app: TestApp;
  let before: Before;
  let admin: string;
  beforeAll(async () => {
    app = await startTestApp({}, 'upgrade', async (db) => {
      before = await loadFixture(db.url);
    });
    const { rows } = await app.runtime.pool.query(
      'SELECT transaction_id::text AS t, global_position::text AS p FROM events ORDER BY global_position DESC LIMIT 1',
    );
    const caughtUp = await app.runtime.runner.waitFor(
      { transactionId: rows[0].t, position: rows[0].p },
      allProjectors.map((p) => p.name),
      120_000,
    );
    assert.ok(caughtUp, 'every read model caught up with the old log');
    admin = await signIn(app, 'admin@tertulia.local', 'Admin-Tertulia-1');
  });
  afterAll(() => app?.close());

  it('applies each migration once: the pre-Knex record adopted, nothing pending, nothing run again', async () => {
    assert.ok(before.preKnex, 'the fixture predates Knex (schema_migrations)');
    const { rows } = await app.runtime.pool.query(`SELECT to_regclass('public.schema_migrations') AS t`);
    assert.equal(rows[0].t, null, 'schema_migrations was adopted and dropped');
    for (const o of STARTED_OWNERS) {
      const status = await migrationStatus(app.runtime.pool, o.owner, o.migrations);
      assert.deepEqual(status.pending, [], `${o.owner}: nothing pending`);
      assert.deepEqual(status.unknown, [], `${o.owner}: nothing unknown`);
      assert.equal(new Set(status.applied.map((m) => m.id)).size, status.applied.length, `${o.owner}: each applied once`);
      assert.deepEqual(await migrate(app.runtime.pool, o.owner, o.migrations), [], `${o.owner}: a second start runs nothing`);
    }
  });

  it('reads course dates stored as instants (CourseCreated v1) as the days the creator picked', async () => {
    assert.ok(before.courseCreatedV1 > 0, 'the fixture holds CourseCreated v1 events');
    const { rows } = await app.runtime.pool.query(
      `SELECT data->>'courseId' AS id FROM events WHERE type = 'CourseCreated' AND data->>'name' = 'Conversación B1'`,
    );
    const res = await app.gql(`query($id: ID!) { course(courseId: $id) { name startDate endDate } }`, { id: rows[0].id }, admin);
    // Sent by the web form of the day as New York's midnight of 23 Nov 2026 and the last millisecond of 28 Feb 2027.
    assert.deepEqual(res.data.course, { name: 'Conversación B1', startDate: '2026-11-23', endDate: '2027-02-28' });
  });

  it('rebuilds the read models whose projector changed, and every read model matches a replay of the log', async () => {
    const changed = allProjectors.filter((p) => before.versions.has(p.name) && before.versions.get(p.name) !== p.version);
    assert.ok(changed.length > 0, 'some projector changed version since the fixture was made');
    const statuses = await app.runtime.runner.status();
    for (const p of allProjectors) {
      const s = statuses.find((x) => x.name === p.name)!;
      assert.equal(s.failure ?? null, null, `${p.name} did not stop`);
      assert.equal(s.version, p.version, `${p.name} runs today's version`);
      const { differences } = await app.runtime.runner.verify(p.name);
      assert.deepEqual(differences, [], `${p.name} matches a replay of the log`);
    }
  });

  it('signs every account in, each with the balance it had', async () => {
    for (const account of expected.accounts) {
      const token = await signIn(app, account.emailAddress, account.password);
      const res = await app.gql(ME, {}, token);
      assert.equal(res.data.me.account.remainingMinutes, account.remainingMinutes, account.emailAddress);
    }
  });

  it('encrypts the old log’s personal data once (the one sanctioned rewrite): no address or name left in plaintext, none in a stream name', async () => {
    const { pool } = app.runtime;
    const plain = await pool.query(`SELECT count(*)::int AS n FROM events WHERE type = ANY($1::text[]) AND data::text ~* $2`, [
      Object.keys(PERSONAL_FIELDS),
      expected.accounts.map((a: { emailAddress: string }) => a.emailAddress.replace(/[.+]/g, '\\$&')).join('|'),
    ]);
    assert.equal(plain.rows[0].n, 0);
    const named = await pool.query(`SELECT count(*)::int AS n FROM streams WHERE stream_id LIKE '%@%'`);
    assert.equal(named.rows[0].n, 0);
    assert.equal(await upgradePersonalData(pool, app.runtime.personalKeys), null, 'a second start does not run it again');
  });

  it('keeps every payroll month: speakers’ rows, closings and corrections, itemized lines', async () => {
    const { months, rows, closing, itemized } = expected.payroll;
    const payroll = await app.gql(PAYROLL, { s: monthStart(months[0]), e: monthEnd(months[months.length - 1]) }, admin);
    assert.deepEqual(payroll.data.payroll, rows);
    for (const [i, month] of months.entries()) {
      const res = await app.gql(PAYROLL_MONTH, { m: month }, admin);
      assert.deepEqual(res.data.payrollMonth, closing[i], month);
    }
    for (const [key, lines] of Object.entries(itemized)) {
      const [speakerId, month] = key.split(':');
      const res = await app.gql(ITEMIZED, { id: speakerId, s: monthStart(month), e: monthEnd(month) }, admin);
      assert.deepEqual(res.data.itemizedPayroll, lines, key);
    }
  });
});
