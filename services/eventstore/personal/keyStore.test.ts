import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { migratePersonalKeys, PersonalKeyStore } from './keyStore';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase('personal_keys');
  await migratePersonalKeys(db.pool);
});
afterAll(async () => db?.drop());

describe('personal key store', () => {
  it('makes a key on first use, keeps it wrapped (never the key itself), and gives the same one after a restart', async () => {
    const keys = new PersonalKeyStore(db.pool, 'secret-one');
    const key = await keys.keyToWrite('ks-a');
    assert.equal(key.length, 32);
    assert.deepEqual(await keys.keyToWrite('ks-a'), key);
    const { rows } = await db.pool.query('SELECT wrapped_key FROM personal_keys WHERE subject = $1', ['ks-a']);
    assert.ok(!rows[0].wrapped_key.includes(key), 'the stored row does not hold the key in the clear');
    const restarted = new PersonalKeyStore(db.pool, 'secret-one');
    assert.deepEqual((await restarted.keysToRead(['ks-a'])).get('ks-a'), key);
  });

  it('two processes making a subject’s first key at once agree on one', async () => {
    const [a, b] = await Promise.all([
      new PersonalKeyStore(db.pool, 'secret-one').keyToWrite('ks-race'),
      new PersonalKeyStore(db.pool, 'secret-one').keyToWrite('ks-race'),
    ]);
    assert.deepEqual(a, b);
  });

  it('refuses another server secret with a sentence that says so', async () => {
    await new PersonalKeyStore(db.pool, 'secret-one').keyToWrite('ks-b');
    await assert.rejects(new PersonalKeyStore(db.pool, 'secret-two').keysToRead(['ks-b']), /do not open with this AUTH_SECRET/);
  });

  it('erases for good: a tombstone, nothing to read, and new data under a key thrown away', async () => {
    const keys = new PersonalKeyStore(db.pool, 'secret-one');
    const before = await keys.keyToWrite('ks-c');
    await keys.erase(['ks-c', 'ks-never-used']);
    assert.equal((await keys.keysToRead(['ks-c'])).get('ks-c'), null);
    assert.equal((await new PersonalKeyStore(db.pool, 'secret-one').keysToRead(['ks-c'])).get('ks-c'), null);
    const after = await keys.keyToWrite('ks-c');
    assert.notDeepEqual(after, before);
    assert.notDeepEqual(await keys.keyToWrite('ks-c'), after, 'each write of an erased subject gets a key nobody keeps');
    const { rows } = await db.pool.query(
      'SELECT subject, wrapped_key IS NULL AS gone, erased_at IS NOT NULL AS erased FROM personal_keys WHERE subject = ANY($1) ORDER BY 1',
      [['ks-c', 'ks-never-used']],
    );
    assert.deepEqual(rows, [
      { subject: 'ks-c', gone: true, erased: true },
      { subject: 'ks-never-used', gone: true, erased: true },
    ]);
  });

  it('another process drops an erased key from its cache when told (what its NOTIFY handler calls)', async () => {
    const writer = new PersonalKeyStore(db.pool, 'secret-one');
    const reader = new PersonalKeyStore(db.pool, 'secret-one');
    await writer.keyToWrite('ks-d');
    assert.ok((await reader.keysToRead(['ks-d'])).get('ks-d'));
    await writer.erase(['ks-d']);
    reader.forget(['ks-d']);
    assert.equal((await reader.keysToRead(['ks-d'])).get('ks-d'), null);
  });
});
