/**
 * Building a read model from the whole log, off to the side of the live one: `rebuild` builds a
 * fresh schema and swaps it in; `verify` builds a scratch one and compares it, table by table, with
 * the live read model at the same point of the log. A replay (Projector.replay) folds the log in
 * memory where a projector offers one; otherwise batch by batch, which narrows down an event the
 * projector cannot apply.
 */
import type pg from 'pg';
import { inTransaction } from '../db/pool';
import { compareCheckpoints, type EventStore, type GlobalCheckpoint, type StoredEvent } from '../eventstore/port';
import { applyBatch, isolateFailure, isTransientError, lockCheckpoint, ProjectionFailedError, saveCheckpoint } from './batch';
import { dropTrigramIndexes } from './bulk';
import { liveSchema, rebuildSchema, type Projector, type Replay } from './projector';

export interface RebuildContext {
  pool: pg.Pool;
  store: EventStore;
  batchSize: number;
  /** A failed replay (the build then goes batch by batch). */
  onError?: (projector: string, error: unknown) => void;
  /**
   * Tests only: read the log in batches of exactly this many events (rather than 2,000 or 10,000 at
   * least), so that a browser test can watch a rebuild of a small log part-way (services/feed/operations.ts).
   */
  testBatchSize?: number;
}

export interface TableDifference {
  table: string;
  /** Rows the live table has and a rebuild does not, and the other way round. */
  onlyLive: number;
  onlyRebuilt: number;
  /** A few of those rows, as PostgreSQL prints a row. */
  samples: { side: 'live' | 'rebuilt'; row: string }[];
}

/** Every table of `live` against the same table of `rebuilt`, as multisets of rows. */
async function compareSchemas(db: pg.PoolClient, live: string, rebuilt: string, sample: number): Promise<TableDifference[]> {
  const { rows: tables } = await db.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY table_name`,
    [live],
  );
  const out: TableDifference[] = [];
  for (const { table_name: t } of tables) {
    const a = `"${live}"."${t}"`;
    const b = `"${rebuilt}"."${t}"`;
    // As text, so every column type compares (json has no equality).
    const only = (x: string, y: string) => db.query(`SELECT t::text AS row FROM ${x} t EXCEPT ALL SELECT t::text FROM ${y} t`);
    const [l, r] = [await only(a, b), await only(b, a)];
    if (!l.rows.length && !r.rows.length) continue;
    out.push({
      table: t,
      onlyLive: l.rows.length,
      onlyRebuilt: r.rows.length,
      samples: [
        ...l.rows.slice(0, sample).map((x) => ({ side: 'live' as const, row: x.row })),
        ...r.rows.slice(0, sample).map((x) => ({ side: 'rebuilt' as const, row: x.row })),
      ],
    });
  }
  return out;
}

/** A read model's schema, fresh: dropped if it exists, then created with the projector's tables. */
export async function createSchema(db: pg.PoolClient, projector: Projector, schema: string) {
  await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db.query(`CREATE SCHEMA "${schema}"`);
  await db.query(`SET LOCAL search_path TO "${schema}", public`);
  await db.query(projector.schema);
}

/** Makes the indexes a build of `schema` put off (dropTrigramIndexes: names as seen from it), in `db`'s transaction. */
async function makeDeferredIndexes(db: pg.PoolClient, schema: string, statements: readonly string[]) {
  if (!statements.length) return;
  await db.query(`SET LOCAL search_path TO "${schema}", public; SET LOCAL maintenance_work_mem TO '256MB'`);
  for (const statement of statements) await db.query(statement);
}

/**
 * Builds read model `p` from the whole log into `schema` (fresh), its checkpoint in row `row`.
 * Returns how many events it read.
 */
async function buildFromLog(
  ctx: RebuildContext,
  p: Projector,
  row: string,
  schema: string,
  onProgress?: (applied: number) => void,
): Promise<number> {
  // Rebuild and verify replay the log: a reactor would act on all of it again.
  if (p.fromHead) throw new Error(`${p.name} acts on new events only: it is never replayed from the log.`);
  if (p.replay) {
    try {
      return await buildFromLogOnce(ctx, p, row, schema, onProgress, p.replay());
    } catch (error) {
      if (isTransientError(error)) throw error;
      ctx.onError?.(p.name, error);
      // Batch by batch from the start: that narrows down an event it cannot apply.
    }
  }
  return buildFromLogOnce(ctx, p, row, schema, onProgress, null);
}

async function buildFromLogOnce(
  ctx: RebuildContext,
  p: Projector,
  row: string,
  schema: string,
  onProgress: ((applied: number) => void) | undefined,
  replay: Replay | null,
): Promise<number> {
  const batch = ctx.testBatchSize ?? Math.max(ctx.batchSize, replay ? 10_000 : 2000);
  const deferred = await inTransaction(ctx.pool, async (db) => {
    await createSchema(db, p, schema);
    await db.query('DELETE FROM projection_checkpoints WHERE name = $1', [row]);
    await db.query('INSERT INTO projection_checkpoints (name, version) VALUES ($1, $2)', [row, p.version]);
    return dropTrigramIndexes(db, schema);
  });
  const total = await foldLog(ctx, p, row, schema, batch, onProgress, replay);
  await inTransaction(ctx.pool, (db) => makeDeferredIndexes(db, schema, deferred));
  return total;
}

/** buildFromLogOnce's read of the log, into a fresh schema. */
async function foldLog(
  ctx: RebuildContext,
  p: Projector,
  row: string,
  schema: string,
  batch: number,
  onProgress: ((applied: number) => void) | undefined,
  replay: Replay | null,
): Promise<number> {
  if (replay) {
    // The next batch is read while this one is folded (a replay is a fresh schema and row nobody
    // else writes, and a failure starts it over): the log's read and the fold overlap.
    const handled = new Set(p.handles);
    let total = 0;
    let next = ctx.store.readAll(null, batch);
    for (let events = await next; events.length; events = await next) {
      const last = events[events.length - 1];
      next = events.length === batch ? ctx.store.readAll(last, batch) : Promise.resolve([]);
      next.catch(() => {}); // awaited on the next turn; a failure here surfaces there
      const relevant = events.filter((e) => handled.has(e.type));
      await inTransaction(ctx.pool, async (db) => {
        if (relevant.length) {
          await db.query(`SET LOCAL search_path TO "${schema}", public; SET LOCAL tertulia.rebuilding TO 'on'`);
          await replay.add(relevant, db);
        }
        await saveCheckpoint(db, row, last, relevant.length);
      });
      total += events.length;
      onProgress?.(total);
    }
    await inTransaction(ctx.pool, async (db) => {
      await db.query(`SET LOCAL search_path TO "${schema}", public; SET LOCAL tertulia.rebuilding TO 'on'`);
      await replay.finish(db);
    });
    return total;
  }
  let total = 0;
  for (;;) {
    let read: number;
    try {
      read = await inTransaction(ctx.pool, (db) => applyBatch(db, ctx.store, p, row, schema, batch));
    } catch (error) {
      if (isTransientError(error)) throw error;
      const failure = await isolateFailure(ctx.pool, ctx.store, p, row, schema, ctx.batchSize);
      if (failure) throw new ProjectionFailedError(p.name, failure);
      continue;
    }
    total += read;
    onProgress?.(total);
    if (read < batch) return total;
  }
}

/**
 * Rebuilds a read model from the whole log into a fresh schema while the live one keeps serving,
 * then swaps it in: the swap locks the live checkpoint (pausing the live loop), applies the last
 * events, drops the old schema and renames the new one, all in one transaction.
 */
export async function rebuildReadModel(
  ctx: RebuildContext,
  p: Projector,
  onProgress?: (applied: number) => void,
): Promise<{ events: number; ms: number }> {
  const started = Date.now();
  const row = `${p.name}__next`;
  const batch = Math.max(ctx.batchSize, 2000);
  let total = await buildFromLog(ctx, p, row, rebuildSchema(p), onProgress);
  await inTransaction(ctx.pool, async (db) => {
    await db.query('INSERT INTO projection_checkpoints (name, version) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [p.name, p.version]);
    await lockCheckpoint(db, p.name);
    for (let read = batch; read === batch; ) {
      read = await applyBatch(db, ctx.store, p, row, rebuildSchema(p), batch);
      total += read;
    }
    await swapIn(db, p, row);
  });
  return { events: total, ms: Date.now() - started };
}

/** In the transaction holding the live checkpoint's lock: the rebuilt schema replaces the live one, its checkpoint row too. */
async function swapIn(db: pg.PoolClient, p: Projector, row: string) {
  await db.query(`DROP SCHEMA IF EXISTS "${liveSchema(p)}" CASCADE`);
  await db.query(`ALTER SCHEMA "${rebuildSchema(p)}" RENAME TO "${liveSchema(p)}"`);
  await db.query(
    `UPDATE projection_checkpoints AS live SET version = next.version, transaction_id = next.transaction_id,
       position = next.position, events_applied = next.events_applied, updated_at = now(),
       failed_at = NULL, failure = NULL
     FROM projection_checkpoints AS next WHERE live.name = $1 AND next.name = $2`,
    [p.name, row],
  );
  await db.query('DELETE FROM projection_checkpoints WHERE name = $1', [row]);
}

/**
 * Rebuilds a read model into a scratch schema and compares it, table by table, with the live one
 * at the same point of the log: the live checkpoint is locked (pausing its loops everywhere) and
 * both are brought to the log's end before the comparison. Nothing live is replaced. Returns the
 * rows only one side has (at most `sample` of each per table) and how many there are.
 */
export async function verifyReadModel(
  ctx: RebuildContext,
  p: Projector,
  onProgress?: (applied: number) => void,
  sample = 5,
): Promise<{ events: number; ms: number; differences: TableDifference[] }> {
  const started = Date.now();
  const row = `${p.name}__verify`;
  const scratch = `rm_${p.name}__verify`;
  const batch = Math.max(ctx.batchSize, 2000);
  let total = await buildFromLog(ctx, p, row, scratch, onProgress);
  try {
    const differences = await inTransaction(ctx.pool, async (db) => {
      const live = await lockCheckpoint(db, p.name);
      if (!live) throw new Error(`${p.name} has no live read model yet: start the product once first.`);
      if (live.failed) throw new Error(`${p.name} is stopped at a failure ('status' shows it): rebuild it instead.`);
      for (let read = batch; read === batch; ) read = await applyBatch(db, ctx.store, p, p.name, liveSchema(p), batch);
      for (let read = batch; read === batch; ) {
        read = await applyBatch(db, ctx.store, p, row, scratch, batch);
        total += read;
      }
      await db.query('SET LOCAL search_path TO public');
      return compareSchemas(db, liveSchema(p), scratch, sample);
    });
    return { events: total, ms: Date.now() - started, differences };
  } finally {
    await ctx.pool.query(`DROP SCHEMA IF EXISTS "${scratch}" CASCADE`);
    await ctx.pool.query('DELETE FROM projection_checkpoints WHERE name = $1', [row]);
  }
}

export interface SharedRebuildOptions {
  /** Events read so far (the log is read once for all the read models). */
  onProgress?: (events: number) => void;
  /**
   * Per read model, a point of the log where `check` is given its tables as they stand there (a
   * restore compares them with the backed-up installation's). A read model whose point is not
   * reached is checked at the log's end.
   */
  checkAt?: ReadonlyMap<string, GlobalCheckpoint | null>;
  check?: (projector: Projector, schema: string, db: pg.PoolClient) => Promise<void>;
  /** Transactions at once across the read models (each on a connection of its own). Default 3. */
  concurrency?: number;
}

interface SharedBuild {
  p: Projector;
  row: string;
  schema: string;
  handled: ReadonlySet<string>;
  /** Folding in memory until the end (or its check point), then batch by batch. */
  replay: Replay | null;
  checkAt: GlobalCheckpoint | null | undefined;
  checked: boolean;
  /** The last event of the batches it had nothing in, when no batch it wrote came after. */
  unsaved: StoredEvent | null;
  /** Its trigram indexes' statements, made at the log's end (dropTrigramIndexes). */
  deferredIndexes: string[];
  /** Time spent on it (its folds, applies, finish, check and swap), and the events it handled. */
  ms: number;
  handledEvents: number;
}

/** One read model's share of a shared rebuild (benchmarks print it). */
export interface ReadModelBuildTime {
  name: string;
  /** Time spent on it; read models run side by side, so these add up to more than the whole. */
  ms: number;
  /** Events of a type it handles. */
  events: number;
}

export interface SharedRebuildResult {
  events: number;
  ms: number;
  /** Read models whose replay or apply failed in the shared read, rebuilt on their own after. */
  onTheirOwn: string[];
  perModel: ReadModelBuildTime[];
}

const after = (e: StoredEvent, cp: GlobalCheckpoint) =>
  compareCheckpoints({ transactionId: e.transactionId, position: e.position }, cp) > 0;

/**
 * Rebuilds every read model of `projectors` from the whole log, reading the log once for all of
 * them rather than once each: each batch read is given to every read model (its replay where it has
 * one, else its batch apply), in order on a lane of its own, each into its fresh schema under its
 * `__next` checkpoint row; at the end each is swapped in as rebuildReadModel does. A read model
 * whose replay or apply fails here is rebuilt on its own afterwards by rebuildReadModel (which
 * narrows down an event it cannot apply). Returns the events read, the read models rebuilt on their
 * own and each one's share of the time.
 */
export async function rebuildAllReadModels(
  ctx: RebuildContext,
  projectors: readonly Projector[],
  options: SharedRebuildOptions = {},
): Promise<SharedRebuildResult> {
  const started = Date.now();
  const batch = Math.max(ctx.batchSize, 10_000);
  const builds: SharedBuild[] = projectors
    .filter((p) => !p.fromHead)
    .map((p) => ({
      p,
      row: `${p.name}__next`,
      schema: rebuildSchema(p),
      handled: new Set(p.handles),
      replay: p.replay?.() ?? null,
      checkAt: options.checkAt?.has(p.name) ? options.checkAt.get(p.name) : undefined,
      checked: !options.check || !options.checkAt?.has(p.name),
      unsaved: null,
      deferredIndexes: [],
      ms: 0,
      handledEvents: 0,
    }));
  const timed = async <T>(b: SharedBuild, work: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    try {
      return await work();
    } finally {
      b.ms += performance.now() - t;
    }
  };
  for (const b of builds) {
    await inTransaction(ctx.pool, async (db) => {
      await createSchema(db, b.p, b.schema);
      await db.query('DELETE FROM projection_checkpoints WHERE name = $1', [b.row]);
      await db.query('INSERT INTO projection_checkpoints (name, version) VALUES ($1, $2)', [b.row, b.p.version]);
      b.deferredIndexes = await dropTrigramIndexes(db, b.schema);
    });
  }
  const onTheirOwn = new Set<string>();
  const enter = (db: pg.PoolClient, b: SharedBuild) =>
    db.query(`SET LOCAL search_path TO "${b.schema}", public; SET LOCAL tertulia.rebuilding TO 'on'`);
  const finishReplay = async (db: pg.PoolClient, b: SharedBuild) => {
    if (!b.replay) return;
    const replay = b.replay;
    b.replay = null;
    await replay.finish(db);
  };
  const check = async (db: pg.PoolClient, b: SharedBuild) => {
    await finishReplay(db, b);
    b.checked = true;
    await options.check!(b.p, b.schema, db);
  };
  const give = async (db: pg.PoolClient, b: SharedBuild, events: StoredEvent[]) => {
    const relevant = events.filter((e) => b.handled.has(e.type));
    if (!relevant.length) return;
    if (b.replay) await b.replay.add(relevant, db);
    else await b.p.apply(relevant, db);
  };
  const slots = limiter(options.concurrency ?? 3);
  /**
   * One batch for one read model, in one transaction: up to its check point, the check, the rest.
   * A batch with nothing it handles and no check takes no transaction: its checkpoint is saved with
   * its next write.
   */
  const step = async (b: SharedBuild, events: StoredEvent[]) => {
    if (onTheirOwn.has(b.p.name)) return;
    const last = events[events.length - 1];
    const relevant = events.reduce((n, e) => n + (b.handled.has(e.type) ? 1 : 0), 0);
    const checkHere = !b.checked && (b.checkAt === null || events.some((e) => after(e, b.checkAt!)));
    if (!relevant && !checkHere) {
      b.unsaved = last;
      return;
    }
    try {
      await slots(() =>
        timed(b, () =>
          inTransaction(ctx.pool, async (db) => {
            await enter(db, b);
            if (!b.checked && b.checkAt === null) await check(db, b);
            if (!b.checked && b.checkAt) {
              const cut = events.findIndex((e) => after(e, b.checkAt!));
              if (cut >= 0) {
                await give(db, b, events.slice(0, cut));
                await check(db, b);
                await give(db, b, events.slice(cut));
              } else await give(db, b, events);
            } else await give(db, b, events);
            b.handledEvents += relevant;
            await saveCheckpoint(db, b.row, last, relevant);
          }),
        ),
      );
      b.unsaved = null;
    } catch (error) {
      if (isTransientError(error)) throw error;
      ctx.onError?.(b.p.name, error);
      onTheirOwn.add(b.p.name);
    }
  };

  // Each read model takes the batches in order on a lane of its own, so a slow one does not hold the
  // others back batch by batch (nor the read of the log): at most READ_AHEAD batches wait in memory.
  const lanes = new Map(builds.map((b) => [b, Promise.resolve()]));
  const waiting: Promise<unknown>[] = [];
  let total = 0;
  let done = 0;
  let next = ctx.store.readAll(null, batch);
  for (let events = await next; events.length; events = await next) {
    const last = events[events.length - 1];
    next = events.length === batch ? ctx.store.readAll(last, batch) : Promise.resolve([]);
    next.catch(() => {}); // awaited on the next turn; a failure here surfaces there
    const given = Promise.all(
      builds.map((b) => {
        const lane = lanes.get(b)!.then(() => step(b, events));
        lanes.set(b, lane);
        return lane;
      }),
    ).then(() => {
      done += events.length;
      options.onProgress?.(done);
    });
    given.catch(() => {}); // awaited below; a failure surfaces there
    waiting.push(given);
    total += events.length;
    if (waiting.length >= READ_AHEAD) await waiting.shift();
  }
  await Promise.all(waiting);
  // The log's end: what still folds in memory is written, and what was not checked yet is.
  await eachLimited(
    builds.filter((b) => !onTheirOwn.has(b.p.name)),
    options.concurrency ?? 3,
    async (b) => {
      try {
        await timed(b, () =>
          inTransaction(ctx.pool, async (db) => {
            await enter(db, b);
            if (b.unsaved) await saveCheckpoint(db, b.row, b.unsaved, 0);
            if (!b.checked) await check(db, b);
            else await finishReplay(db, b);
            await makeDeferredIndexes(db, b.schema, b.deferredIndexes);
          }),
        );
      } catch (error) {
        if (isTransientError(error)) throw error;
        ctx.onError?.(b.p.name, error);
        onTheirOwn.add(b.p.name);
      }
    },
  );
  for (const b of builds) {
    if (onTheirOwn.has(b.p.name)) {
      await rebuildReadModel(ctx, b.p);
      continue;
    }
    await timed(b, () =>
      inTransaction(ctx.pool, async (db) => {
        await db.query('INSERT INTO projection_checkpoints (name, version) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
          b.p.name,
          b.p.version,
        ]);
        await lockCheckpoint(db, b.p.name);
        for (let read = batch; read === batch; ) {
          read = await applyBatch(db, ctx.store, b.p, b.row, b.schema, batch);
          total += read;
        }
        await swapIn(db, b.p, b.row);
      }),
    );
  }
  const perModel = builds.map((b) => ({ name: b.p.name, ms: b.ms, events: b.handledEvents }));
  return { events: total, ms: Date.now() - started, onTheirOwn: [...onTheirOwn], perModel };
}

/** Batches read ahead of the slowest read model in a shared rebuild. */
const READ_AHEAD = 4;

/** A function running the work it is given, at most `limit` at once (the others wait, in order). */
function limiter(limit: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active < limit) active++;
    else await new Promise<void>((resolve) => queue.push(resolve));
    try {
      return await work();
    } finally {
      const nextInLine = queue.shift();
      if (nextInLine) nextInLine();
      else active--;
    }
  };
}

/** Runs `work` on every item, at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let i = 0;
  const worker = async () => {
    while (i < items.length) await work(items[i++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
