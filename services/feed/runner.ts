/**
 * Runs projectors over the global feed. Each batch is one transaction that locks the projector's
 * checkpoint row, reads the next events after it, applies them and moves the checkpoint: a crash
 * anywhere leaves rows and checkpoint together, so nothing is applied twice or skipped. The row
 * lock also serialises several processes running the same projector, and a rebuild's swap.
 */
import type pg from 'pg';
import { migrate } from '../db/migrate';
import { inTransaction } from '../db/pool';
import { compareCheckpoints, type EventStore, type GlobalCheckpoint, type StoredEvent } from '../eventstore/port';
import { liveSchema, rebuildSchema, type Projector } from './projector';

export async function migrateProjectionRunner(pool: pg.Pool) {
  await migrate(pool, 'projections', [
    {
      id: '001_checkpoints',
      sql: `CREATE TABLE projection_checkpoints (
        name text PRIMARY KEY, version int NOT NULL, transaction_id text, position text,
        events_applied bigint NOT NULL DEFAULT 0, updated_at timestamptz NOT NULL DEFAULT now())`,
    },
    {
      // Trigram indexes for `matches` filters and quick search (read models use gin_trgm_ops). In
      // public, never in a read model's schema, which a rebuild drops.
      id: '002_pg_trgm',
      sql: 'CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public',
    },
  ]);
}

export interface RunnerOptions {
  batchSize?: number;
  idleWaitMs?: number;
  onError?: (projector: string, error: unknown) => void;
  /** A wake-up hint source (e.g. LISTEN on the event channel); polling covers missed ones. */
  onWake?: (listener: () => void) => () => void;
  /**
   * Batches applied at once across the loops. A batch holds one pooled connection for its
   * transaction and takes a second to read the feed, so this must stay at most half the pool size,
   * whatever the number of projectors (otherwise every connection waits for another). Default 2.
   */
  maxConcurrentBatches?: number;
}

/** Counts free batch slots; waiters are served in order. */
class Slots {
  private waiting: (() => void)[] = [];
  constructor(private free: number) {}
  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}

type Checkpoint = { version: number; checkpoint: GlobalCheckpoint | null };

async function lockCheckpoint(db: pg.PoolClient, name: string): Promise<Checkpoint | null> {
  const { rows } = await db.query(
    'SELECT version, transaction_id, position FROM projection_checkpoints WHERE name = $1 FOR UPDATE',
    [name],
  );
  if (!rows[0]) return null;
  const { version, transaction_id, position } = rows[0];
  return { version, checkpoint: transaction_id ? { transactionId: transaction_id, position } : null };
}

async function saveCheckpoint(db: pg.PoolClient, name: string, last: StoredEvent, count: number) {
  await db.query(
    `UPDATE projection_checkpoints SET transaction_id = $2, position = $3,
       events_applied = events_applied + $4, updated_at = now() WHERE name = $1`,
    [name, last.transactionId, last.position, count],
  );
}

/** Applies one batch into `schema` under the checkpoint row `row`; returns how many events it read. */
async function applyBatch(
  db: pg.PoolClient,
  store: EventStore,
  projector: Projector,
  row: string,
  schema: string,
  batchSize: number,
): Promise<number> {
  const cp = await lockCheckpoint(db, row);
  if (!cp) return 0;
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

async function createSchema(db: pg.PoolClient, projector: Projector, schema: string) {
  await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db.query(`CREATE SCHEMA "${schema}"`);
  await db.query(`SET LOCAL search_path TO "${schema}", public`);
  await db.query(projector.schema);
}

export class ProjectionRunner {
  private running = false;
  private wakers = new Set<() => void>();
  private loops: Promise<void>[] = [];
  private readonly batchSize: number;
  private readonly slots: Slots;

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    readonly projectors: readonly Projector[],
    private readonly options: RunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.slots = new Slots(Math.max(1, options.maxConcurrentBatches ?? 2));
  }

  /** Creates missing read models and rebuilds those whose version changed. */
  async prepare(): Promise<void> {
    await migrateProjectionRunner(this.pool);
    for (const p of this.projectors) {
      const existing = await this.pool.query('SELECT version FROM projection_checkpoints WHERE name = $1', [p.name]);
      if (!existing.rows[0]) {
        await inTransaction(this.pool, async (db) => {
          await createSchema(db, p, liveSchema(p));
          await db.query(
            'INSERT INTO projection_checkpoints (name, version) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
            [p.name, p.version],
          );
        });
      } else if (existing.rows[0].version !== p.version) {
        await this.rebuild(p.name);
      }
    }
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    const unsubscribe = this.options.onWake?.(() => this.wakeAll());
    this.loops = this.projectors.map((p) => this.loop(p));
    void Promise.all(this.loops).finally(() => unsubscribe?.());
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wakeAll();
    await Promise.all(this.loops);
  }

  /** Processes everything currently in the feed (tests, CLI), without starting the loops. */
  async catchUp(names?: string[]): Promise<void> {
    for (const p of this.projectors.filter((x) => !names || names.includes(x.name))) {
      while ((await inTransaction(this.pool, (db) => applyBatch(db, this.store, p, p.name, liveSchema(p), this.batchSize))) > 0);
    }
  }

  private wakeAll() {
    for (const wake of [...this.wakers]) wake();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }

  private async loop(p: Projector): Promise<void> {
    let failures = 0;
    while (this.running) {
      try {
        await this.slots.acquire();
        let read: number;
        try {
          read = await inTransaction(this.pool, (db) => applyBatch(db, this.store, p, p.name, liveSchema(p), this.batchSize));
        } finally {
          this.slots.release();
        }
        failures = 0;
        if (read < this.batchSize) await this.sleep(this.options.idleWaitMs ?? 1000);
      } catch (error) {
        failures += 1;
        this.options.onError?.(p.name, error);
        await this.sleep(Math.min(30_000, 250 * 2 ** failures));
      }
    }
  }

  /**
   * Rebuilds a read model from the whole log into a fresh schema while the live one keeps serving,
   * then swaps it in: the swap locks the live checkpoint (pausing the live loop), applies the last
   * events, drops the old schema and renames the new one, all in one transaction.
   */
  async rebuild(name: string, onProgress?: (applied: number) => void): Promise<{ events: number; ms: number }> {
    const p = this.projectors.find((x) => x.name === name);
    if (!p) throw new Error(`Unknown projection ${name}. Known: ${this.projectors.map((x) => x.name).join(', ')}`);
    const started = Date.now();
    const row = `${p.name}__next`;
    const batch = Math.max(this.batchSize, 2000);
    await inTransaction(this.pool, async (db) => {
      await createSchema(db, p, rebuildSchema(p));
      await db.query('DELETE FROM projection_checkpoints WHERE name = $1', [row]);
      await db.query('INSERT INTO projection_checkpoints (name, version) VALUES ($1, $2)', [row, p.version]);
    });
    let total = 0;
    for (;;) {
      const read = await inTransaction(this.pool, (db) => applyBatch(db, this.store, p, row, rebuildSchema(p), batch));
      total += read;
      onProgress?.(total);
      if (read < batch) break;
    }
    await inTransaction(this.pool, async (db) => {
      await db.query(
        'INSERT INTO projection_checkpoints (name, version) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
        [p.name, p.version],
      );
      await lockCheckpoint(db, p.name);
      for (let read = batch; read === batch; ) {
        read = await applyBatch(db, this.store, p, row, rebuildSchema(p), batch);
        total += read;
      }
      await db.query(`DROP SCHEMA IF EXISTS "${liveSchema(p)}" CASCADE`);
      await db.query(`ALTER SCHEMA "${rebuildSchema(p)}" RENAME TO "${liveSchema(p)}"`);
      await db.query(
        `UPDATE projection_checkpoints AS live SET version = next.version, transaction_id = next.transaction_id,
           position = next.position, events_applied = next.events_applied, updated_at = now()
         FROM projection_checkpoints AS next WHERE live.name = $1 AND next.name = $2`,
        [p.name, row],
      );
      await db.query('DELETE FROM projection_checkpoints WHERE name = $1', [row]);
    });
    return { events: total, ms: Date.now() - started };
  }

  async status(): Promise<{ name: string; version: number; checkpoint: GlobalCheckpoint | null; eventsApplied: number; behind: boolean }[]> {
    const { rows } = await this.pool.query('SELECT * FROM projection_checkpoints WHERE name = ANY($1)', [this.projectors.map((p) => p.name)]);
    return Promise.all(
      this.projectors.map(async (p) => {
        const r = rows.find((x) => x.name === p.name);
        const checkpoint = r?.transaction_id ? { transactionId: r.transaction_id, position: r.position } : null;
        const next = await this.store.readAll(checkpoint, 1);
        return { name: p.name, version: r?.version ?? p.version, checkpoint, eventsApplied: Number(r?.events_applied ?? 0), behind: next.length > 0 };
      }),
    );
  }

  /** Waits until every named projector has processed `checkpoint` (read-your-writes for commands). */
  async waitFor(checkpoint: GlobalCheckpoint | undefined, names: string[], timeoutMs = 5000): Promise<boolean> {
    if (!checkpoint) return true;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await this.pool.query(
        'SELECT name, transaction_id, position FROM projection_checkpoints WHERE name = ANY($1)',
        [names],
      );
      const done = names.every((n) => {
        const r = rows.find((x) => x.name === n);
        return r?.transaction_id && compareCheckpoints({ transactionId: r.transaction_id, position: r.position }, checkpoint) >= 0;
      });
      if (done) return true;
      if (Date.now() > deadline) return false;
      this.wakeAll();
      await new Promise((r) => setTimeout(r, 15));
    }
  }
}
