/**
 * The projectors' batches and checkpoints (split from runner.ts): a batch is one transaction that
 * locks checkpoint rows in `projection_checkpoints`, reads the next events after them from a feed
 * source, applies them and moves the checkpoints. A failed batch is narrowed to the one event a
 * read model cannot apply, which is then recorded as that read model's failure in its checkpoint
 * row (docs/decisions/back-office.md, "Projections"). The direct runner (runner.ts) and the Kafka worker
 * (services/relay/worker.ts) share all of it; only their feed sources differ.
 */
import pg from 'pg';
import { inTransaction, type PoolOptions } from '../db/pool';
import { compareCheckpoints, type EventStore, type GlobalCheckpoint, type StoredEvent } from '../eventstore/port';
import { READ_MODEL_CONNECTIONS } from '../eventstore/postgres';
import { changeNoticesSql, deferChangeNotices, liveSchema, type Projector } from './projector';

const { escapeIdentifier, escapeLiteral } = pg;

/**
 * The connections read models are written on. Named, so the feed's horizon leaves their
 * transactions out (they never append); and committed without waiting for the WAL flush: a read
 * model and its checkpoint commit together, so a crash can only lose a tail of batches that the
 * log replays on the next start (docs/decisions/back-office.md, "Read-model commits are asynchronous").
 */
export const READ_MODEL_POOL: PoolOptions = { applicationName: READ_MODEL_CONNECTIONS, asynchronousCommit: true };

/** Any ordered source of the global feed: the event store, or a batch of Kafka messages. */
export type FeedSource = Pick<EventStore, 'readAll'>;

/** The event a read model stopped at, and why. */
export interface ProjectionFailure {
  failedAt: string;
  position: string;
  transactionId: string;
  eventType: string;
  streamId: string;
  streamVersion: number;
  error: string;
}

export class ProjectionFailedError extends Error {
  constructor(
    readonly projection: string,
    readonly failure: ProjectionFailure,
  ) {
    super(
      `${projection} cannot apply ${failure.eventType} at ${failure.streamId}@${failure.streamVersion} (position ${failure.position}): ${failure.error}`,
    );
    this.name = 'ProjectionFailedError';
  }
}

/** Tries at the one event a failed batch was narrowed to, before the read model is stopped there. */
export const ATTEMPTS_PER_EVENT = 3;

/**
 * The database could not be reached or asked us to retry: nothing is wrong with the event.
 * Connection errors (class 08, node's socket errors), resources (53), operator intervention (57),
 * serialization failures and deadlocks (40), lock timeouts (55P03).
 */
export function isTransientError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string') {
    if (/^(08|53|57|40)/.test(code) || code === '55P03') return true;
    if (/^E[A-Z]+$/.test(code)) return true; // ECONNREFUSED, ECONNRESET, ETIMEDOUT, EPIPE …
  }
  const message = error instanceof Error ? error.message : String(error);
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message);
}

export type Checkpoint = { version: number; checkpoint: GlobalCheckpoint | null; failed: boolean };

export async function lockCheckpoint(db: pg.PoolClient, name: string): Promise<Checkpoint | null> {
  const { rows } = await db.query(
    'SELECT version, transaction_id, position, failed_at FROM projection_checkpoints WHERE name = $1 FOR UPDATE',
    [name],
  );
  if (!rows[0]) return null;
  const { version, transaction_id, position, failed_at } = rows[0];
  return { version, checkpoint: transaction_id ? { transactionId: transaction_id, position } : null, failed: failed_at !== null };
}

export async function saveCheckpoint(db: pg.PoolClient, name: string, last: StoredEvent, count: number) {
  await db.query(
    `UPDATE projection_checkpoints SET transaction_id = $2, position = $3,
       events_applied = events_applied + $4, updated_at = now() WHERE name = $1`,
    [name, last.transactionId, last.position, count],
  );
}

/** Applies one batch into `schema` under the checkpoint row `row`; returns how many events it read. */
export async function applyBatch(
  db: pg.PoolClient,
  store: FeedSource,
  projector: Projector,
  row: string,
  schema: string,
  batchSize: number,
): Promise<number> {
  const cp = await lockCheckpoint(db, row);
  if (!cp || cp.failed) return 0;
  const events = await store.readAll(cp.checkpoint, batchSize);
  if (!events.length) return 0;
  const relevant = events.filter((e) => projector.handles.includes(e.type));
  if (relevant.length) {
    // A rebuild fills a schema nobody reads yet: its change notices would only wake subscribers for nothing.
    const rebuilding = schema !== liveSchema(projector);
    await db.query(`SET LOCAL search_path TO "${schema}", public${rebuilding ? `; SET LOCAL tertulia.rebuilding TO 'on'` : ''}`);
    await projector.apply(relevant, db);
  }
  await saveCheckpoint(db, row, events[events.length - 1], relevant.length);
  return events.length;
}

export interface SharedBatchResult {
  read: number;
  moved: string[];
  to: GlobalCheckpoint | null;
  from: GlobalCheckpoint | null;
  /** What `options.lagging` named (then nothing was read or applied). */
  lagging: string[];
  /** How many of the projectors' checkpoint rows this batch held (with `skipLocked`, those another runner held are not). */
  held: number;
}

export interface SharedBatchOptions {
  /** The lane's search path from `sharedSearchPath`, set once for all; null: each read model sets its own. */
  searchPath: string | null;
  /**
   * Asked with the checkpoint rows locked, before the feed is read: read models that must catch up
   * elsewhere first (the Kafka worker's gap check). When it names any, nothing is applied.
   */
  lagging?: (checkpoints: ReadonlyMap<string, GlobalCheckpoint | null>) => Promise<string[]>;
  /** Runs just before the commit (tests hold a batch open with it). */
  beforeCommit?: (read: number) => Promise<void>;
  /**
   * Leave out the checkpoint rows another runner holds (it is applying a batch to them) instead of
   * waiting for its commit, after which there would be nothing left to do. The direct runner's
   * choice, where every API process runs one; a Kafka worker's batch must wait, its messages in hand.
   */
  skipLocked?: boolean;
}

/**
 * The search path that serves every read model of a lane at once (`"rm_a", "rm_b", public`), or
 * null when two of them have a relation of the same name (then each sets its own, a round trip
 * each). Asked of the catalog once a lane starts: the names come from the projectors' DDL, which
 * only a new release changes.
 */
export async function sharedSearchPath(db: pg.Pool | pg.PoolClient, projectors: readonly Projector[]): Promise<string | null> {
  if (projectors.length < 2) return null;
  const schemas = projectors.map(liveSchema);
  const { rows } = await db.query(
    `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
      GROUP BY c.relname HAVING count(*) > 1 LIMIT 1`,
    [schemas],
  );
  return rows.length ? null : [...schemas.map((s) => escapeIdentifier(s)), 'public'].join(', ');
}

/**
 * Applies one batch for every live projector at once, in their live schemas, as one transaction:
 * reads the feed once from the earliest of their checkpoints, gives each projector the events
 * after its own, and moves every checkpoint to the last event read (never back: a read model
 * already past it stays). Returns how many events it read, from where (`from`, the earliest
 * checkpoint) and to which (`to`). `store` is any ordered source of the feed: the event store, or
 * a batch of Kafka messages (services/relay/worker.ts).
 *
 * The transaction opens (BEGIN, the search path, the checkpoint rows locked) and closes (the
 * checkpoints moved, COMMIT) in one round trip each, its values written as literals: a waiting
 * command's answer waits for this loop, and on a busy machine each round trip is a wait for the
 * event loop and for a core (docs/decisions/back-office.md, "A shared batch opens and closes in one round trip").
 */
export async function applySharedBatch(
  pool: pg.Pool,
  store: FeedSource,
  projectors: readonly Projector[],
  batchSize: number,
  options: SharedBatchOptions,
): Promise<SharedBatchResult> {
  const db = await pool.connect();
  let open = true;
  // Change notices wait for the closing statement; never left held on a client back in the pool.
  const heldNotices = deferChangeNotices(db);
  try {
    const opened = await db.query(
      `BEGIN;${options.searchPath ? ` SET LOCAL search_path TO ${options.searchPath};` : ''}
       SELECT name, transaction_id, position FROM projection_checkpoints
        WHERE name = ANY(ARRAY[${projectors.map((p) => escapeLiteral(p.name)).join(', ')}]::text[]) AND failed_at IS NULL
        ORDER BY name FOR UPDATE${options.skipLocked ? ' SKIP LOCKED' : ''}`,
    );
    const { rows } = (opened as unknown as pg.QueryResult[]).at(-1)!;
    const checkpoints = new Map<string, GlobalCheckpoint | null>(
      rows.map((r) => [r.name, r.transaction_id ? { transactionId: r.transaction_id, position: r.position } : null]),
    );
    const lagging = checkpoints.size && options.lagging ? await options.lagging(checkpoints) : [];
    const earliest = [...checkpoints.values()].reduce<GlobalCheckpoint | null | undefined>(
      (min, cp) => (min === undefined ? cp : min === null || cp === null ? null : compareCheckpoints(cp, min) < 0 ? cp : min),
      undefined,
    );
    const events = checkpoints.size && !lagging.length ? await store.readAll(earliest ?? null, batchSize) : [];
    if (!events.length) {
      await db.query('COMMIT');
      open = false;
      return { read: 0, moved: [], to: null, from: earliest ?? null, lagging, held: checkpoints.size };
    }
    const applied: number[] = [];
    const moved: string[] = [];
    for (const p of projectors) {
      if (!checkpoints.has(p.name)) continue;
      const after = checkpoints.get(p.name);
      const relevant = events.filter(
        (e) =>
          p.handles.includes(e.type) && (!after || compareCheckpoints({ transactionId: e.transactionId, position: e.position }, after) > 0),
      );
      if (relevant.length) {
        if (!options.searchPath) await db.query(`SET LOCAL search_path TO ${escapeIdentifier(liveSchema(p))}, public`);
        await p.apply(relevant, db);
      }
      moved.push(p.name);
      applied.push(relevant.length);
    }
    const notices = changeNoticesSql(heldNotices());
    const last = events[events.length - 1];
    await options.beforeCommit?.(events.length);
    const [txid, position] = [escapeLiteral(last.transactionId), escapeLiteral(last.position)];
    await db.query(
      `${notices}
       UPDATE projection_checkpoints AS c SET transaction_id = ${txid}, position = ${position},
         events_applied = c.events_applied + x.applied, updated_at = now()
         FROM unnest(ARRAY[${moved.map(escapeLiteral).join(', ')}]::text[], ARRAY[${applied.join(', ')}]::bigint[]) AS x(name, applied)
        WHERE c.name = x.name
          AND (c.transaction_id IS NULL OR (c.transaction_id::numeric, c.position::numeric) < (${txid}::numeric, ${position}::numeric));
       COMMIT`,
    );
    open = false;
    return {
      read: events.length,
      moved,
      to: { transactionId: last.transactionId, position: last.position },
      from: earliest ?? null,
      lagging,
      held: checkpoints.size,
    };
  } catch (error) {
    if (open) await db.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    heldNotices();
    db.release();
  }
}

/**
 * After a batch failed: applies the next events of `source` one per transaction (up to `limit`),
 * trying the one that fails ATTEMPTS_PER_EVENT times. Returns that event's failure, or null when
 * everything went through this time (the failure was not the event's). A transient error is thrown.
 */
export async function isolateFailure(
  pool: pg.Pool,
  source: FeedSource,
  p: Projector,
  row: string,
  schema: string,
  limit: number,
): Promise<ProjectionFailure | null> {
  for (let applied = 0, attempts = 0; applied < limit; ) {
    try {
      const read = await inTransaction(pool, (db) => applyBatch(db, source, p, row, schema, 1));
      if (read === 0) return null;
      applied += read;
      attempts = 0;
    } catch (error) {
      if (isTransientError(error)) throw error;
      if (++attempts < ATTEMPTS_PER_EVENT) {
        await new Promise((r) => setTimeout(r, 100 * 2 ** attempts));
        continue;
      }
      const { rows } = await pool.query('SELECT transaction_id, position FROM projection_checkpoints WHERE name = $1', [row]);
      const at = rows[0]?.transaction_id ? { transactionId: rows[0].transaction_id, position: rows[0].position } : null;
      const [event] = await source.readAll(at, 1);
      if (!event) return null;
      return {
        failedAt: new Date().toISOString(),
        position: event.position,
        transactionId: event.transactionId,
        eventType: event.type,
        streamId: event.streamId,
        streamVersion: event.streamVersion,
        error: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
      };
    }
  }
  return null;
}

/** Stops the read model `name` at its failure: every runner and worker leaves it alone until a rebuild or resume. */
export async function recordFailure(pool: pg.Pool, name: string, failure: ProjectionFailure): Promise<void> {
  await pool.query('UPDATE projection_checkpoints SET failed_at = now(), failure = $2 WHERE name = $1', [name, failure]);
}
