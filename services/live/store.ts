/**
 * The live room's short-lived state, kept in PostgreSQL so that every API process sees it (not in
 * the event log: it is a heartbeat, not a fact anyone needs later):
 * - presence: when each participant last signalled from the lobby or the room, and whether their
 *   room is connected; the facts that matter (connected, disconnected) become events.
 * - signals: the local provider's WebRTC signalling messages (offers, answers, ICE candidates),
 *   pruned after an hour.
 * Changes are announced with NOTIFY on the change channel, so subscriptions in any process wake.
 */
import type pg from 'pg';
import { CHANGES_CHANNEL } from '../api/changes';
import { migrate, type Migration } from '../db/migrate';
import { PRESENCE_WINDOW_MS } from '../../contracts/live';

export const liveMigrations: Migration[] = [
  {
    id: '001_presence_signals',
    up: `CREATE SCHEMA IF NOT EXISTS live;
      CREATE TABLE live.presence (
        conversation_id text NOT NULL, account_id text NOT NULL,
        last_seen_at timestamptz NOT NULL, last_synced_at timestamptz, in_room boolean NOT NULL DEFAULT false,
        PRIMARY KEY (conversation_id, account_id));
      CREATE INDEX presence_in_room ON live.presence (last_synced_at) WHERE in_room;
      CREATE TABLE live.signals (
        id bigserial PRIMARY KEY, room text NOT NULL, to_account text NOT NULL, from_account text NOT NULL,
        kind text NOT NULL, payload text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
      CREATE INDEX signals_recipient ON live.signals (room, to_account, id);`,
    down: 'DROP TABLE live.signals; DROP TABLE live.presence; DROP SCHEMA live;',
  },
];

export async function migrateLive(pool: pg.Pool) {
  await migrate(pool, 'live', liveMigrations);
}

/** Wakes the subscriptions of `topic`/`key` in every API process. */
export async function publishChange(db: pg.Pool | pg.PoolClient, topic: string, key: string) {
  await db.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify({ topic, key })]);
}

const WINDOW = `make_interval(secs => ${PRESENCE_WINDOW_MS / 1000})`;

/**
 * Records a presence signal (a room sync when `synced`). Returns whether the participant arrived
 * (was not present before it) and whether their room was already recorded as connected.
 */
export async function signalPresence(
  pool: pg.Pool,
  conversationId: string,
  accountId: string,
  opts: { synced?: boolean } = {},
): Promise<{ arrived: boolean; wasInRoom: boolean }> {
  const { rows } = await pool.query(
    `WITH before AS (SELECT last_seen_at, in_room FROM live.presence WHERE conversation_id = $1 AND account_id = $2)
     INSERT INTO live.presence AS p (conversation_id, account_id, last_seen_at, last_synced_at)
     VALUES ($1, $2, now(), CASE WHEN $3 THEN now() END)
     ON CONFLICT (conversation_id, account_id) DO UPDATE SET last_seen_at = now(),
       last_synced_at = CASE WHEN $3 THEN now() ELSE p.last_synced_at END
     RETURNING coalesce((SELECT last_seen_at < now() - ${WINDOW} FROM before), true) AS arrived,
               coalesce((SELECT in_room FROM before), false) AS was_in_room`,
    [conversationId, accountId, !!opts.synced],
  );
  return { arrived: rows[0].arrived, wasInRoom: rows[0].was_in_room };
}

/** The participant's connection is recorded (their sync appended ParticipantConnected or found it). */
export async function enteredRoom(pool: pg.Pool, conversationId: string, accountId: string) {
  await pool.query('UPDATE live.presence SET in_room = true, last_synced_at = now() WHERE conversation_id = $1 AND account_id = $2', [
    conversationId,
    accountId,
  ]);
}

export async function isPresent(pool: pg.Pool, conversationId: string, accountId: string): Promise<boolean> {
  const { rows } = await pool.query(
    `SELECT 1 FROM live.presence WHERE conversation_id = $1 AND account_id = $2 AND last_seen_at >= now() - ${WINDOW}`,
    [conversationId, accountId],
  );
  return rows.length > 0;
}

export async function leftRoom(pool: pg.Pool, conversationId: string, accountId: string) {
  await pool.query('UPDATE live.presence SET in_room = false WHERE conversation_id = $1 AND account_id = $2', [conversationId, accountId]);
}

/** Participants whose room has not synced for `ms`: marked out of the room and returned once. */
export async function takeLostParticipants(pool: pg.Pool, ms: number): Promise<{ conversationId: string; accountId: string }[]> {
  const { rows } = await pool.query(
    `UPDATE live.presence SET in_room = false WHERE in_room AND last_synced_at < now() - make_interval(secs => $1)
     RETURNING conversation_id, account_id`,
    [ms / 1000],
  );
  return rows.map((r) => ({ conversationId: r.conversation_id, accountId: r.account_id }));
}

export interface StoredSignal {
  id: string;
  fromId: string;
  kind: string;
  payload: string;
}

export async function putSignal(pool: pg.Pool, signal: { room: string; to: string; from: string; kind: string; payload: string }) {
  await pool.query('INSERT INTO live.signals (room, to_account, from_account, kind, payload) VALUES ($1, $2, $3, $4, $5)', [
    signal.room,
    signal.to,
    signal.from,
    signal.kind,
    signal.payload,
  ]);
  await publishChange(pool, 'videoSignal', `${signal.room}:${signal.to}`);
}

/** The recipient's signals after `afterId` (all of the last minute when null), oldest first. */
export async function signalsAfter(pool: pg.Pool, room: string, to: string, afterId: string | null): Promise<StoredSignal[]> {
  const { rows } = await pool.query(
    `SELECT id, from_account, kind, payload FROM live.signals
      WHERE room = $1 AND to_account = $2 AND (CASE WHEN $3::bigint IS NULL THEN created_at > now() - interval '1 minute' ELSE id > $3::bigint END)
      ORDER BY id LIMIT 200`,
    [room, to, afterId],
  );
  return rows.map((r) => ({ id: r.id, fromId: r.from_account, kind: r.kind, payload: r.payload }));
}

export async function latestSignalId(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query('SELECT coalesce(max(id), 0)::text AS id FROM live.signals');
  return rows[0].id;
}

export async function pruneSignals(pool: pg.Pool) {
  await pool.query(`DELETE FROM live.signals WHERE created_at < now() - interval '1 hour'`);
}
