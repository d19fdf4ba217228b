/**
 * The one sanctioned rewrite of stored events (docs/decisions/erasure.md): the upgrade to encrypted
 * personal data seals the plaintext personal fields of events written before it, and renames the
 * streams named after an address to the address's pseudonym. Run once, at start, before anything
 * reads or appends (services/app/runtime.ts), under the migrations' advisory lock; it records itself
 * in `personal_keys_upgrade`. Only registered fields that are not envelopes yet change, so a start
 * that stops half-way leaves the rest to the next one; type, stream version, position, metadata and
 * every other field stay as they were.
 */
import type pg from 'pg';
import { MIGRATION_LOCK } from '../../db/migrate';
import { PERSONAL_FIELDS } from '../../domain/personalData';
import { emailPseudonym } from '../../domain/shared/pseudonyms';
import type { PersonalKeyStore } from './keyStore';
import { encryptData } from './store';

const UPGRADE_ID = 'encrypt-personal-fields-v1';
const BATCH = 1000;
/** Streams named after a normalised address before pseudonyms (identity's and speaking's). */
const ADDRESS_NAMED = ['email-', 'speaker-invitations-'];

export interface PersonalDataUpgrade {
  events: number;
  streams: number;
}

export async function upgradePersonalData(pool: pg.Pool, keys: PersonalKeyStore): Promise<PersonalDataUpgrade | null> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      const done = await client.query('SELECT 1 FROM personal_keys_upgrade WHERE id = $1', [UPGRADE_ID]);
      if (done.rows.length) return null;
      const streams = await renameAddressStreams(client);
      const events = await sealOldEvents(client, keys);
      await client.query('INSERT INTO personal_keys_upgrade (id) VALUES ($1)', [UPGRADE_ID]);
      return { events, streams };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    }
  } finally {
    client.release();
  }
}

async function renameAddressStreams(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query<{ stream_id: string }>(
    `SELECT stream_id FROM streams WHERE (stream_id LIKE 'email-%' OR stream_id LIKE 'speaker-invitations-%') AND stream_id LIKE '%@%'`,
  );
  if (rows.length === 0) return 0;
  const renames = rows.map(({ stream_id }) => {
    const prefix = ADDRESS_NAMED.find((p) => stream_id.startsWith(p))!;
    return { from: stream_id, to: `${prefix}${emailPseudonym(stream_id.slice(prefix.length))}` };
  });
  await client.query('BEGIN');
  try {
    const params = [renames.map((r) => r.from), renames.map((r) => r.to)];
    await client.query(
      `UPDATE streams s SET stream_id = r.to_id FROM unnest($1::text[], $2::text[]) AS r(from_id, to_id) WHERE s.stream_id = r.from_id`,
      params,
    );
    await client.query(
      `UPDATE events e SET stream_id = r.to_id FROM unnest($1::text[], $2::text[]) AS r(from_id, to_id) WHERE e.stream_id = r.from_id`,
      params,
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
  return renames.length;
}

async function sealOldEvents(client: pg.PoolClient, keys: PersonalKeyStore): Promise<number> {
  const { rows: found } = await client.query<{ t: string; p: string }>(
    'SELECT transaction_id::text AS t, global_position::text AS p FROM events WHERE type = ANY($1::text[]) ORDER BY global_position',
    [Object.keys(PERSONAL_FIELDS)],
  );
  let sealed = 0;
  for (let at = 0; at < found.length; at += BATCH) {
    const slice = found.slice(at, at + BATCH);
    const { rows } = await client.query<{ t: string; p: string; stream_id: string; type: string; data: unknown }>(
      `SELECT e.transaction_id::text AS t, e.global_position::text AS p, e.stream_id, e.type, e.data
         FROM events e JOIN unnest($1::xid8[], $2::bigint[]) AS k(t, p) ON (e.transaction_id, e.global_position) = (k.t, k.p)`,
      [slice.map((r) => r.t), slice.map((r) => r.p)],
    );
    const changed: { t: string; p: string; data: string }[] = [];
    for (const row of rows) {
      const data = await encryptData(keys, row.type, row.stream_id, row.data);
      if (data !== row.data) changed.push({ t: row.t, p: row.p, data: JSON.stringify(data) });
    }
    if (changed.length === 0) continue;
    await client.query(
      `UPDATE events e SET data = k.data
         FROM unnest($1::xid8[], $2::bigint[], $3::jsonb[]) AS k(t, p, data)
        WHERE (e.transaction_id, e.global_position) = (k.t, k.p)`,
      [changed.map((c) => c.t), changed.map((c) => c.p), changed.map((c) => c.data)],
    );
    sealed += changed.length;
  }
  return sealed;
}
