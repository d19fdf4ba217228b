/**
 * The SQL of the PostgreSQL event store and the conversions around it: appends (one stream in one
 * statement, several through the `eventstore_append` function), stream and feed reads, and the
 * mapping of rows to stored events and of the append function's error to the port's.
 */
import { WrongExpectedVersionError, type AppendRequest, type ExpectedVersion, type StoredEvent } from '../port';
import { upcast } from '../upcasting';
import { WRONG_EXPECTED_VERSION_SQLSTATE } from './migrations';

// Output names differ from the column names on purpose: ORDER BY resolves a bare name to an
// output column first, and ordering by transaction_id::text would be lexicographic (and unindexed).
const EVENT_COLUMNS = `e.stream_id, e.stream_version::int AS version, e.type, e.data, e.metadata,
  e.global_position::text AS position, e.transaction_id::text AS tx, e.recorded_at`;

/**
 * Each stream's events after a version (the ones a StreamCache does not hold yet), one statement:
 * a range of the (stream_id, stream_version) index a stream. `OFFSET 0` keeps the subquery a
 * loop over the streams: as a plain join, statistics taken while the log was young (a few
 * streams) led the planner to hash-join a sequential scan of the whole log, 4-8 ms a command
 * instead of a tenth of a millisecond, until the next ANALYZE.
 */
export const READ_STREAMS_AFTER_SQL = `SELECT ${EVENT_COLUMNS}
  FROM unnest($1::text[], $2::bigint[]) AS s(stream_id, after)
  CROSS JOIN LATERAL (SELECT * FROM events e
    WHERE e.stream_id = s.stream_id AND e.stream_version > s.after
    ORDER BY e.stream_version OFFSET 0) e`;

/**
 * READ_STREAMS_AFTER_SQL, and the last event alone of the streams in $3 (newest first on the
 * (stream_id, stream_version) index: one row however long the stream), in one statement.
 */
export const READ_STREAMS_AND_LAST_SQL = `SELECT false AS last_only, r.* FROM (${READ_STREAMS_AFTER_SQL}) r
  UNION ALL
  SELECT true AS last_only, ${EVENT_COLUMNS}
  FROM unnest($3::text[]) AS t(stream_id)
  CROSS JOIN LATERAL (SELECT * FROM events e
    WHERE e.stream_id = t.stream_id
    ORDER BY e.stream_version DESC LIMIT 1) e`;

/**
 * The application_name of connections whose transactions never append events: the read models'
 * (services/feed/runner.ts). The feed's horizon leaves their transactions out (below).
 */
export const READ_MODEL_CONNECTIONS = 'tertulia-read-models';

/**
 * The feed shows events of transactions older than every transaction still running that could
 * still append to this database's log: the oldest in-progress one, or the snapshot's end when none.
 * PostgreSQL's snapshot spans the whole server, so two kinds of transaction are left out:
 * - the read models' (READ_MODEL_CONNECTIONS): a batch is a transaction that never appends, and
 *   one long batch (a busy read model) otherwise held every other read model, and every command
 *   waiting for one, behind it;
 * - those of other databases on the same server (another product's, an identity provider's, a
 *   test file's): they can never write to this log, yet one long one held the feed still.
 * Such a backend is seen in pg_stat_activity with this role's rights; where it is not, its
 * transaction counts as any other (the older, slower horizon, never a wrong one).
 */
export const FEED_HORIZON_SQL = `SELECT coalesce(
        (SELECT min(x) FROM pg_snapshot_xip(s.snapshot) AS x
          WHERE x::xid NOT IN (SELECT backend_xid FROM pg_stat_activity
                                WHERE backend_xid IS NOT NULL
                                  AND (application_name = '${READ_MODEL_CONNECTIONS}'
                                       OR datname IS DISTINCT FROM current_database()))),
        pg_snapshot_xmax(s.snapshot))
      FROM (SELECT pg_current_snapshot() AS snapshot) s`;

export const READ_ALL_SQL = `SELECT ${EVENT_COLUMNS} FROM events e
  WHERE e.transaction_id < (${FEED_HORIZON_SQL})
    AND (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
  ORDER BY e.transaction_id, e.global_position
  LIMIT $3`;

/** Several streams at once: the plpgsql function of migration 002, one round trip. */
export const APPEND_MANY_SQL = `SELECT versions::text[] AS versions, transaction_id, last_position::text AS last_position
  FROM eventstore_append($1::text[], $2::text[], $3::int[], $4::int[], $5::int[], $6::text[], $7::jsonb[], $8::jsonb[], $9::text)`;

// Any committed event after the checkpoint: once readAll has come back short, these are events
// held back behind an older transaction, or committed since. Not EXISTS (...): PostgreSQL drops
// the ORDER BY of an EXISTS, and its plan then scanned the whole log from its start (a third of the
// rows estimated to match).
export const PENDING_SQL = `SELECT 1 AS pending FROM events e
  WHERE (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
  ORDER BY e.transaction_id, e.global_position
  LIMIT 1`;

export type StreamCheck = 'no_stream' | 'any' | 'exact';

/**
 * One stream, the common case: a single statement that bumps the stream's version only if it is
 * as expected (returning no row otherwise, so nothing is inserted) and inserts the events with
 * one multi-row INSERT. Parameters: $1 stream, $2 event count, $3 types, $4 data, $5 metadata
 * (arrays, or scalars for the one-event variant, which spares the server an unnest), then the
 * expected version (exact) and the NOTIFY channel (in-transaction), when used.
 */
function appendOneSql(check: StreamCheck, notify: boolean, single: boolean): string {
  let next = 6;
  const expectedParam = check === 'exact' ? `$${next++}::bigint` : '';
  const channelParam = notify ? `$${next++}::text` : '';
  const bump = {
    no_stream: `INSERT INTO streams (stream_id, version) VALUES ($1::text, $2::bigint)
      ON CONFLICT (stream_id) DO NOTHING RETURNING version`,
    any: `INSERT INTO streams AS st (stream_id, version) VALUES ($1::text, $2::bigint)
      ON CONFLICT (stream_id) DO UPDATE SET version = st.version + excluded.version RETURNING st.version`,
    exact: `UPDATE streams SET version = version + $2::bigint
      WHERE stream_id = $1::text AND version = ${expectedParam} RETURNING version`,
  }[check];
  const insert = single
    ? `INSERT INTO events (stream_id, stream_version, type, data, metadata)
    SELECT $1::text, s.version, $3::text, $4::jsonb, $5::jsonb FROM s
    RETURNING global_position`
    : `INSERT INTO events (stream_id, stream_version, type, data, metadata)
    SELECT $1::text, s.version - $2::bigint + e.ord, e.type, e.data, e.metadata
    FROM s, unnest($3::text[], $4::jsonb[], $5::jsonb[]) WITH ORDINALITY AS e(type, data, metadata, ord)
    ORDER BY e.ord
    RETURNING global_position`;
  return `WITH s AS (${bump}),
  ins AS (${insert})
  SELECT (SELECT version FROM s)::text AS version,
         (SELECT ${single ? 'global_position' : 'max(global_position)'} FROM ins)::text AS last_position,
         pg_current_xact_id()::text AS transaction_id${notify ? `,\n         pg_notify(${channelParam}, '')` : ''}`;
}

type AppendOneKey = `${StreamCheck}:${boolean}:${boolean}`;
export const APPEND_ONE_SQL = {} as Record<AppendOneKey, { name: string; text: string }>;
for (const check of ['no_stream', 'any', 'exact'] as const) {
  for (const notify of [false, true]) {
    for (const single of [false, true]) {
      APPEND_ONE_SQL[`${check}:${notify}:${single}`] = {
        name: `eventstore_append_${single ? 'event' : 'events'}_${check}${notify ? '_notify' : ''}_v1`,
        text: appendOneSql(check, notify, single),
      };
    }
  }
}

export const ACTUAL_VERSION_SQL = `SELECT version::text AS version FROM streams WHERE stream_id = $1`;

export interface EventRow {
  stream_id: string;
  version: number;
  type: string;
  data: unknown;
  metadata: StoredEvent['metadata'];
  position: string;
  tx: string;
  recorded_at: Date;
}

export function toStoredEvent(row: EventRow): StoredEvent {
  return upcast({
    streamId: row.stream_id,
    streamVersion: Number(row.version),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    position: row.position,
    transactionId: row.tx,
    recordedAt: row.recorded_at,
  });
}

export function expectedParam(expected: ExpectedVersion): string {
  if (expected === 'any' || expected === 'no_stream') return expected;
  if (!Number.isSafeInteger(expected) || expected < 0) {
    throw new TypeError(`Expected version must be 'no_stream', 'any' or an integer >= 0, got ${expected}`);
  }
  return String(expected);
}

/** Builds the parameters of eventstore_append; streams sorted so lock order is fixed. */
export function appendManyParams(requests: AppendRequest[], channel: string | null): unknown[] {
  const sorted = [...requests].sort((a, b) => (a.stream < b.stream ? -1 : a.stream > b.stream ? 1 : 0));
  const requestIndex = new Map<string, number>();
  const streams: string[] = [];
  const expected: string[] = [];
  const counts: number[] = [];
  for (const request of sorted) {
    if (typeof request.stream !== 'string' || request.stream === '') {
      throw new TypeError('Every append request needs a stream id');
    }
    if (requestIndex.has(request.stream)) throw new TypeError(`Stream ${request.stream} appears twice in one append`);
    streams.push(request.stream);
    requestIndex.set(request.stream, streams.length);
    expected.push(expectedParam(request.expected));
    counts.push(request.events.length);
  }
  // Events keep the caller's order (of requests, then within each) in the global feed.
  const eventReq: number[] = [];
  const eventOff: number[] = [];
  const types: string[] = [];
  const data: string[] = [];
  const metadata: string[] = [];
  for (const request of requests) {
    request.events.forEach((event, offset) => {
      eventReq.push(requestIndex.get(request.stream)!);
      eventOff.push(offset + 1);
      types.push(event.type);
      data.push(JSON.stringify(event.data ?? null));
      metadata.push(JSON.stringify(event.metadata));
    });
  }
  if (types.length === 0) throw new TypeError('appendToStreams needs at least one event');
  return [streams, expected, counts, eventReq, eventOff, types, data, metadata, channel];
}

export function mapAppendError(error: unknown): unknown {
  const e = error as { code?: string; detail?: string };
  if (e?.code === WRONG_EXPECTED_VERSION_SQLSTATE && e.detail) {
    const detail = JSON.parse(e.detail) as { stream: string; expected: string; actual: string | number | null };
    const expected: ExpectedVersion =
      detail.expected === 'any' || detail.expected === 'no_stream' ? detail.expected : Number(detail.expected);
    const actual = detail.actual === null ? 'no_stream' : Number(detail.actual);
    return new WrongExpectedVersionError(detail.stream, expected, actual);
  }
  return error;
}
