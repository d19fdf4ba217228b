/**
 * Erasure by crypto-shredding (issue 34, docs/decisions/erasure.md), on one app instance:
 * - the property: random histories with several people (profiles, chat, ratings, notes, support
 *   messages, a headshot), erase one, every read model that reads personal data rebuilt: no byte of
 *   the erased person's address, names or words anywhere in the database (every table of every
 *   schema read as text), every row that did not name them unchanged (so minutes and payroll too);
 * - the request, its refusal while an obligation holds, the cancel, through the API;
 * - the access audit (issue 34): an admin's reason goes with the person, an erased admin reads as Erased user;
 * - backups: a person erased after a backup stays erased when that older backup is restored into
 *   the database that keeps the current key store.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { allProjectors } from '../../projections';
import { takeBackup } from '../../services/backup/backup';
import { assertRestorableInto, planRestore, restoreBackup } from '../../services/backup/restore';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { migratePersonalKeys } from '../../services/eventstore/personal/keyStore';
import { liveSchema } from '../../services/feed/projector';
import { createAdmin, startTestApp, type TestApp } from '../support/app';
import { createTestDatabase, dumpSchema, type TestDatabase } from '../support/database';
import { holdLessonInMay2026 } from '../support/payrollMonth';
import { createSpeaker, createStudent } from '../support/scheduling';

const SECRET = 'test-secret-not-for-production-0123456789';
const DAY = 24 * 3_600_000;
let app: TestApp;
let admin: { token: string; accountId: string };
let work: string;
const targets: TestDatabase[] = [];

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'tertulia-erasure-'));
  app = await startTestApp({ dataDir: path.join(work, 'source') }, 'erasure');
  admin = await createAdmin(app);
});
afterAll(async () => {
  await app?.close();
  for (const t of targets) await t.drop();
  fs.rmSync(work, { recursive: true, force: true });
});

const REQUEST = `mutation($input: RequestErasureInput!) { requestErasure(input: $input) { erasure { status eraseAfter erasedAt } } }`;
const CANCEL = `mutation($input: CancelErasureInput!) { cancelErasure(input: $input) { erasure { status eraseAfter } } }`;
const ERASURE = `query($personId: ID) { erasure(personId: $personId) { status eraseAfter erasedAt graceDays obligations { kind month courseName endDate } } }`;

const caughtUp = async () => {
  const head = await app.runtime.store.headCheckpoint();
  const ok = await app.runtime.runner.waitFor(
    head ?? undefined,
    allProjectors.filter((p) => !p.fromHead).map((p) => p.name),
    30_000,
  );
  if (!ok) throw new Error('the read models did not catch up');
};

/** Every read model's rows as text, table by table. */
async function readModelRows(): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const p of allProjectors.filter((x) => !x.fromHead)) {
    const schema = liveSchema(p);
    for (const [table, rows] of Object.entries(await dumpSchema(app.runtime.pool, schema))) {
      out.set(`${schema}.${table}`, rows.map((r) => JSON.stringify(r)).sort());
    }
  }
  return out;
}

/** Every table of every schema but PostgreSQL's own, read as text: what a grep of a full dump sees. */
async function wholeDatabaseText(): Promise<string> {
  const { rows: tables } = await app.runtime.pool.query<{ s: string; t: string }>(
    `SELECT schemaname AS s, tablename AS t FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
  );
  const parts: string[] = [];
  for (const { s, t } of tables) {
    const { rows } = await app.runtime.pool.query(`SELECT string_agg(x::text, E'\\n') AS text FROM "${s}"."${t}" AS x`);
    parts.push(`${s}.${t}\n${rows[0].text ?? ''}`);
  }
  return parts.join('\n\u0000');
}

async function append(stream: string, type: string, data: unknown) {
  const { appended } = await app.runtime.commands.execute({ actor: SYSTEM_ACTOR }, async (tx) => {
    tx.append(stream, [{ type, data }]);
  });
  return appended;
}

/** A word no table holds by chance: a random part and a marker. */
const word = fc.stringMatching(/^[a-z]{5,9}$/).map((w) => `zq${w}`);
const sentence = fc.array(word, { minLength: 2, maxLength: 5 }).map((ws) => ws.join(' '));

interface Person {
  accountId: string;
  emailAddress: string;
  token: string;
  role: 'student' | 'speaker';
}

const history = fc.record({
  names: fc.array(fc.record({ given: word, surname: word, city: word, bio: sentence }), { minLength: 4, maxLength: 4 }),
  conversations: fc.array(
    fc.record({
      student: fc.integer({ min: 0, max: 1 }),
      speaker: fc.integer({ min: 0, max: 1 }),
      completed: fc.boolean(),
      chat: fc.array(fc.record({ fromStudent: fc.boolean(), body: sentence }), { maxLength: 4 }),
      rating: fc.option(fc.record({ byStudent: fc.boolean(), comment: sentence }), { nil: null }),
      note: fc.option(sentence, { nil: null }),
    }),
    { minLength: 2, maxLength: 5 },
  ),
  support: fc.array(sentence, { maxLength: 2 }),
  erase: fc.integer({ min: 0, max: 1 }),
});

let run = 0;
type History = typeof history extends fc.Arbitrary<infer T> ? T : never;

async function playHistory(h: History) {
  run += 1;
  const students: Person[] = [];
  const speakers: Person[] = [];
  for (let i = 0; i < 2; i++) students.push({ ...(await createStudent(app, 300)), role: 'student' });
  for (let i = 0; i < 2; i++) speakers.push({ ...(await createSpeaker(app)), role: 'speaker' });
  const people = [...students, ...speakers];
  const words = new Map<string, string[]>(people.map((p) => [p.accountId, [p.emailAddress]]));
  const said = (p: Person, text: string) => words.get(p.accountId)!.push(text);
  for (const [i, p] of people.entries()) {
    const n = h.names[i];
    await append(`profile-${p.accountId}`, 'ProfileChanged', {
      accountId: p.accountId,
      changes: { givenName: n.given, surname: n.surname, displayName: `${n.given} ${n.surname}`, currentCity: n.city, bioGoalsAre: n.bio },
    });
    for (const text of [n.given, n.surname, n.city, n.bio]) said(p, text);
  }
  const at = '2026-05-04T10:00:00.000Z';
  for (const [c, conv] of h.conversations.entries()) {
    const student = students[conv.student];
    const speaker = speakers[conv.speaker];
    const conversationId = `erasure-${run}-c${c}`;
    const stream = `conversation-${conversationId}`;
    await append(stream, 'ConversationReserved', {
      conversationId,
      kind: 'lesson',
      provider: 'local',
      reservedBy: student.accountId,
      reservedWith: speaker.accountId,
      reservedStart: at,
      reservedEnd: '2026-05-04T10:30:00.000Z',
      duration: 30,
      learningLanguage: 'es',
      courseId: null,
      lessonId: null,
      minutes: 30,
    });
    if (conv.completed) {
      await append(stream, 'ConversationStarted', { conversationId, at, stopsAt: '2026-05-04T10:30:00.000Z' });
      await append(stream, 'ConversationMarked', {
        conversationId,
        markedAs: 'completed',
        previous: null,
        markedBy: speaker.accountId,
        refundedMinutes: 0,
        bonusMinutes: 0,
        promotion: null,
      });
    }
    if (conv.chat.length) {
      await append(`chat-${conversationId}`, 'ChatOpened', { conversationId, chatId: conversationId, openedBy: student.accountId, at });
      for (const [index, line] of conv.chat.entries()) {
        const owner = line.fromStudent ? student : speaker;
        await append(`chat-${conversationId}`, 'ChatMessagePosted', {
          conversationId,
          messageId: `${conversationId}-m${index}`,
          index,
          ownerId: owner.accountId,
          body: line.body,
          at,
        });
        said(owner, line.body);
      }
    }
    if (conv.rating) {
      const by = conv.rating.byStudent ? student : speaker;
      await append(stream, 'ConversationRated', {
        conversationId,
        ratedBy: by.accountId,
        role: conv.rating.byStudent ? 'student' : 'speaker',
        rating: 4,
        comment: conv.rating.comment,
      });
      said(by, conv.rating.comment);
    }
    if (conv.note) {
      await append(`notes-${conversationId}`, 'LearningNoteAdded', {
        conversationId,
        noteId: `${conversationId}-n`,
        studentId: student.accountId,
        writtenBy: speaker.accountId,
        at,
        kind: 'vocabulary',
        text: conv.note,
        detail: null,
        why: null,
      });
      said(speaker, conv.note);
    }
  }
  const erased = students[h.erase];
  for (const [index, body] of h.support.entries()) {
    await append(`support-${erased.accountId}`, 'SupportMessagePosted', {
      visitorId: erased.accountId,
      messageId: `${erased.accountId}-s${index}`,
      index,
      authorId: erased.accountId,
      fromStaff: false,
      body,
      at,
    });
    said(erased, body);
  }
  const headshot = `headshots/${erased.accountId.replaceAll('-', '').slice(0, 32).padEnd(32, '0')}.png`;
  await app.runtime.storage.put(headshot, Buffer.from('a headshot'), 'image/png');
  await append(`profile-${erased.accountId}`, 'HeadshotUploaded', {
    accountId: erased.accountId,
    key: headshot,
    contentType: 'image/png',
    width: 10,
    height: 10,
    bytes: 10,
  });
  return { erased, headshot, theirs: words.get(erased.accountId)! };
}

async function eraseNow(personId: string) {
  const asked = await app.gql(REQUEST, { input: { personId } }, admin.token);
  assert.equal(asked.errors, undefined, JSON.stringify(asked.errors));
  assert.equal(asked.data.requestErasure.erasure.status, 'PENDING');
  const state = await app.runtime.erasure.state(personId);
  assert.equal(state.status, 'pending');
  if (state.status !== 'pending') return;
  // The job, as the queue runs it once the grace period is over (30 days by default).
  const outcome = await app.runtime.erasure.run({ erasureId: state.erasureId, personId }, new Date(Date.parse(state.eraseAfter) + 1000));
  assert.equal(outcome, 'erased');
}

describe('erasure', () => {
  it('leaves no byte of the erased person anywhere, and every other row as it was', async () => {
    await fc.assert(
      fc.asyncProperty(history, async (h) => {
        const { erased, headshot, theirs } = await playHistory(h);
        await caughtUp();
        const before = await readModelRows();
        const beforeText = await wholeDatabaseText();
        // Before: the read models show them (not every word: a read model may not keep a support line, say).
        for (const t of theirs.slice(0, 3)) assert.ok(beforeText.includes(t), `before the erasure the database shows "${t}"`);

        await eraseNow(erased.accountId);
        await caughtUp();

        const tables = (await wholeDatabaseText()).toLowerCase().split('\n\u0000');
        for (const t of theirs) {
          const found = tables.filter((table) => table.includes(t.toLowerCase())).map((table) => table.slice(0, table.indexOf('\n')));
          assert.deepEqual(found, [], `"${t}" of the erased person is still in the database`);
        }
        assert.equal(await app.runtime.storage.stat(headshot), null, 'their headshot is gone from storage');
        const signedOut = await app.gql(`{ me { id } }`, {}, erased.token);
        assert.equal(signedOut.data?.me ?? null, null, 'their sessions ended');

        const after = await readModelRows();
        // A row about them (their id) or with their words may change; every other row stays as it was.
        const named = (row: string) => row.includes(erased.accountId) || theirs.some((t) => row.toLowerCase().includes(t.toLowerCase()));
        for (const [table, rows] of before) {
          const now = after.get(table) ?? [];
          const kept = new Set(now);
          for (const row of rows.filter((r) => !named(r))) assert.ok(kept.has(row), `${table}: a row not naming them changed: ${row}`);
          // New rows are theirs only (their sessions ended, in the history).
          const was = new Set(rows);
          for (const row of now.filter((r) => !was.has(r)))
            assert.ok(row.includes(erased.accountId), `${table}: a new row not theirs: ${row}`);
        }
        const profile = await app.runtime.pool.query('SELECT * FROM rm_profiles.profiles WHERE id = $1', [erased.accountId]);
        assert.equal(profile.rows[0]?.display_name ?? 'Erased user', 'Erased user');
      }),
      { numRuns: 3, seed: 34, endOnFailure: true },
    );
  });

  it('is refused while a speaker’s payroll month is open, saying which; asked, cancelled, asked again by the person', async () => {
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 120);
    const conversationId = `erasure-payroll-${speaker.accountId}`;
    await holdLessonInMay2026(app, { conversationId, speakerId: speaker.accountId, studentId: student.accountId, marked: true });
    await caughtUp();
    const refused = await app.gql(REQUEST, { input: { personId: speaker.accountId } }, admin.token);
    assert.equal(refused.errors?.[0].extensions?.code, 'CONFLICT');
    assert.match(refused.errors![0].message, /payroll of 2026-05 is not closed/);
    const shown = await app.gql(ERASURE, { personId: speaker.accountId }, admin.token);
    assert.deepEqual(shown.data.erasure.obligations, [{ kind: 'PAYROLL', month: '2026-05', courseName: null, endDate: null }]);

    // Another person may not ask for someone else's erasure.
    const other = await app.gql(REQUEST, { input: { personId: speaker.accountId } }, student.token);
    assert.ok(other.errors?.length);

    const own = await app.gql(REQUEST, { input: {} }, student.token);
    assert.equal(own.data.requestErasure.erasure.status, 'PENDING');
    const days = (Date.parse(own.data.requestErasure.erasure.eraseAfter) - Date.now()) / DAY;
    assert.ok(days > 29.9 && days <= 30, `30 days of grace (${days})`);
    const again = await app.gql(REQUEST, { input: {} }, student.token);
    assert.equal(again.errors?.[0].extensions?.code, 'CONFLICT');
    const cancelled = await app.gql(CANCEL, { input: { personId: student.accountId } }, admin.token);
    assert.equal(cancelled.data.cancelErasure.erasure.status, 'NONE');
    const read = await app.gql(ERASURE, {}, student.token);
    assert.deepEqual(read.data.erasure, { status: 'NONE', eraseAfter: null, erasedAt: null, graceDays: 30, obligations: [] });
    // The cancelled request's job finds nothing to do.
    const stream = await app.runtime.store.readStream(`erasure-${student.accountId}`);
    const outcome = await app.runtime.erasure.run(
      { erasureId: stream[0].data.erasureId, personId: student.accountId },
      new Date(Date.now() + 40 * DAY),
    );
    assert.equal(outcome, 'cancelled');
    assert.equal((await app.gql(REQUEST, { input: {} }, student.token)).data.requestErasure.erasure.status, 'PENDING');
  });

  it('erases the audit’s reason with the person, and shows an erased admin as Erased user', async () => {
    const looker = await createAdmin(app, 'audit-looker@example.com', 'Adm1nPassword');
    await app.runtime.people.changeUser({ actor: SYSTEM_ACTOR }, { accountId: looker.accountId, change: { displayName: 'zqlookername' } });
    const student = await createStudent(app, 0);
    const reason = 'zqauditreason of the case';
    const asked = await app.gql(
      `mutation($input: RequestDataExportInput!) { requestDataExport(input: $input) { dataExport { id } } }`,
      { input: { personId: student.accountId, reason } },
      looker.token,
    );
    assert.equal(asked.errors, undefined, JSON.stringify(asked.errors));
    const AUDIT = `query($personId: ID) { personalDataAccesses(personId: $personId) { edges { node { view viewerName reason } } } }`;
    const audit = async () => (await app.gql(AUDIT, { personId: student.accountId }, admin.token)).data.personalDataAccesses.edges[0]?.node;
    await caughtUp();
    assert.deepEqual(await audit(), { view: 'DATA_EXPORT', viewerName: 'zqlookername', reason });

    await eraseNow(looker.accountId);
    await caughtUp();
    assert.deepEqual(
      await audit(),
      { view: 'DATA_EXPORT', viewerName: 'Erased user', reason },
      'the admin erased, the reason is the person’s',
    );

    await eraseNow(student.accountId);
    await caughtUp();
    assert.deepEqual(await audit(), { view: 'DATA_EXPORT', viewerName: 'Erased user', reason: null });
    assert.ok(!(await wholeDatabaseText()).includes('zqauditreason'), 'the reason is nowhere in the database');
  });

  it('keeps an erased person erased after restoring an older backup (the key store is not restored backwards)', async () => {
    const student = await createStudent(app, 60);
    await append(`profile-${student.accountId}`, 'ProfileChanged', {
      accountId: student.accountId,
      changes: { givenName: 'zqbackupname', surname: 'zqbackupsurname' },
    });
    await caughtUp();
    const file = path.join(work, 'older.backup');
    await takeBackup(
      {
        pool: app.runtime.pool,
        projectors: allProjectors,
        storage: { root: path.join(work, 'source', 'storage') },
        authSecret: { value: SECRET, fromDataDir: true },
      },
      file,
    );
    await eraseNow(student.accountId);

    // The installation goes back to the older backup: its log and read models emptied, its key store kept.
    const target = await createTestDatabase('erasure_restore');
    targets.push(target);
    await migratePersonalKeys(target.pool);
    const current = await app.runtime.pool.query('SELECT subject, wrapped_key, created_at, erased_at FROM personal_keys');
    for (const r of current.rows) {
      await target.pool.query('INSERT INTO personal_keys (subject, wrapped_key, created_at, erased_at) VALUES ($1, $2, $3, $4)', [
        r.subject,
        r.wrapped_key,
        r.created_at,
        r.erased_at,
      ]);
    }
    const plan = await planRestore(file, null);
    await assertRestorableInto(target.pool, plan);
    const report = await restoreBackup(plan, {
      pool: target.pool,
      projectors: allProjectors,
      storageRoot: path.join(work, 'restored', 'storage'),
      authSecretFile: null,
      envAuthSecret: SECRET,
    });
    assert.ok(report.events > 0);
    const { rows } = await target.pool.query('SELECT given_name, surname FROM rm_profiles.profiles WHERE id = $1', [student.accountId]);
    assert.deepEqual(rows[0], { given_name: 'Erased user', surname: null });
    const restored = await target.pool.query(`SELECT count(*)::int AS n FROM rm_accounts.accounts WHERE id = $1 AND email_address = $2`, [
      student.accountId,
      student.emailAddress,
    ]);
    assert.equal(restored.rows[0].n, 0, 'the address reads as erased');
    const other = await target.pool.query(`SELECT count(*)::int AS n FROM rm_profiles.profiles WHERE given_name = 'zqbackupname'`);
    assert.equal(other.rows[0].n, 0);
  });
});
