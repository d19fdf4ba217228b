/**
 * The event store contract through the personal-data wrapper (docs/decisions/erasure.md), and what
 * the wrapper promises: personal fields stored sealed, read as plaintext, old plaintext events read
 * as they are, an erased subject's fields read as placeholders, the inner stream cache never
 * holding plaintext.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createPostgresEventStore, migrateEventStore, type PostgresEventStore } from '../../services/eventstore/postgres';
import { preparePersonalData, withPersonalData, type PersonalKeyStore } from '../../services/eventstore/personal';
import type { NewEvent } from '../../services/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { postgresSubject, runEventStoreContract } from './eventstore.contract';

let db: TestDatabase;
let keys: PersonalKeyStore;

beforeAll(async () => {
  db = await createTestDatabase('eventstore_personal');
  await migrateEventStore(db.pool);
  keys = await preparePersonalData(db.pool, 'test-secret-of-the-personal-contract');
});

afterAll(async () => {
  await db?.drop();
});

runEventStoreContract('postgres with personal data', async () =>
  postgresSubject(db.pool, withPersonalData(createPostgresEventStore(db.pool), keys)),
);

const meta = () => ({ actorId: null, correlationId: 'c', causationId: null, occurredAt: new Date().toISOString(), schemaVersion: 1 });
const ev = (type: string, data: unknown): NewEvent => ({ type, data, metadata: meta() });
const uniq = (label: string) => `${label}-${Math.random().toString(36).slice(2)}`;

describe('personal fields in the PostgreSQL store', () => {
  let inner: PostgresEventStore;
  let store: PostgresEventStore;
  beforeAll(() => {
    inner = createPostgresEventStore(db.pool);
    store = withPersonalData(inner, keys);
  });
  afterAll(() => store.close());

  const storedText = async (stream: string) =>
    (await db.pool.query<{ t: string }>("SELECT string_agg(data::text, ' ') AS t FROM events WHERE stream_id = $1", [stream])).rows[0].t;

  it('stores a chat line and a profile sealed under their writer’s key and reads them as written', async () => {
    const writer = uniq('person');
    const chat = uniq('chat');
    const profile = uniq('profile');
    const body = 'Me encanta la paella de mi abuela';
    await store.appendToStreams([
      {
        stream: chat,
        expected: 'no_stream',
        events: [
          ev('ChatMessagePosted', { conversationId: 'c1', messageId: 'm1', index: 0, ownerId: writer, body, at: '2026-11-28T10:00:00Z' }),
        ],
      },
      {
        stream: profile,
        expected: 'no_stream',
        events: [
          ev('ProfileChanged', { accountId: writer, changes: { givenName: 'Lucía', surname: 'Pérez', tzIdentifier: 'Europe/Madrid' } }),
        ],
      },
    ]);
    const text = `${await storedText(chat)} ${await storedText(profile)}`;
    for (const secret of [body, 'Lucía', 'Pérez']) assert.ok(!text.includes(secret), `${secret} stored in plaintext: ${text}`);
    assert.ok(text.includes('Europe/Madrid'), 'a field that is not personal stays as it is');
    const read = await store.readStreams([chat, profile]);
    assert.equal(read.get(chat)![0].data.body, body);
    assert.deepEqual(read.get(profile)![0].data.changes, { givenName: 'Lucía', surname: 'Pérez', tzIdentifier: 'Europe/Madrid' });
    const all = await store.readAll(null, 10_000);
    assert.equal(all.find((e) => e.streamId === chat)!.data.body, body);
    assert.ok(!JSON.stringify(await inner.readStream(chat)).includes(body), 'the inner store (and its cache) holds the envelope only');
  });

  it('reads an event written before encryption as it is', async () => {
    const stream = uniq('chat-old');
    await inner.appendToStreams([
      { stream, expected: 'no_stream', events: [ev('ChatMessagePosted', { ownerId: 'someone', body: 'plain old words', index: 0 })] },
    ]);
    assert.equal((await store.readStream(stream))[0].data.body, 'plain old words');
  });

  it('reads an erased person’s fields as placeholders, and keeps their new data unreadable', async () => {
    const person = uniq('erased');
    const stream = `account-${person}`;
    const profile = uniq('profile');
    await store.appendToStreams([
      {
        stream,
        expected: 'no_stream',
        events: [ev('AccountRegistered', { accountId: person, emailAddress: 'lucia@example.com', roles: ['STUDENT'], via: 'seed' })],
      },
      {
        stream: profile,
        expected: 'no_stream',
        events: [ev('ProfileChanged', { accountId: person, changes: { givenName: 'Lucía', surname: 'P' } })],
      },
    ]);
    await keys.erase([person]);
    const [registered] = await store.readStream(stream);
    assert.equal(registered.data.emailAddress, `erased-${person}@erased.invalid`);
    assert.deepEqual(registered.data.roles, ['STUDENT']);
    assert.deepEqual((await store.readStream(profile))[0].data.changes, { givenName: 'Erased user', surname: null });
    await store.appendToStreams([{ stream, expected: 1, events: [ev('SignedIn', { sessionId: 's', ip: '203.0.113.9', expiresAt: 'x' })] }]);
    assert.equal((await store.readStream(stream))[1].data.ip, null);
    assert.ok(!(await storedText(stream)).includes('203.0.113.9'));
  });
});
