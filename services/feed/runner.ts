/**
 * Runs projectors over the global feed. Each batch is one transaction that locks the checkpoint
 * rows, reads the next events after them, applies them and moves the checkpoints: a crash anywhere
 * leaves rows and checkpoints together, so nothing is applied twice or skipped. The row locks also
 * serialise several processes running the same projectors, and a rebuild's swap.
 *
 * A running loop takes all the projectors of its lane in one batch (one read of the feed, one
 * transaction, one checkpoint update): with a dozen read models, a command waiting for its read
 * models waits for one batch rather than a dozen in turn. Two lanes run side by side: the
 * background one (history, notifications, search: heavy, and rarely waited for) and the rest. A
 * batch that fails falls back to a batch per read model for that round, which is where a bad
 * event is narrowed down.
 *
 * An event a projector cannot apply stops that read model only, visibly (docs/decisions/back-office.md,
 * "Projections"): a batch that fails for a reason other than the database being unreachable is
 * retried one event at a time, so every event before the bad one is applied; the bad one is tried
 * a few times more and then recorded as the read model's failure in its checkpoint row. Every
 * runner then leaves that read model alone, `status` and `/readyz` show the event and the error, and
 * commands stop waiting for it. A rebuild (a fixed projector version) or `resume` clears it.
 */
import type pg from 'pg';
import { inTransaction } from '../db/pool';
import { compareCheckpoints, heldBackRetryMs, type AppendedWake, type EventStore, type GlobalCheckpoint } from '../eventstore/port';
import {
  applyBatch,
  applySharedBatch,
  sharedSearchPath,
  isolateFailure,
  isTransientError,
  ProjectionFailedError,
  recordFailure,
  type ProjectionFailure,
} from './batch';
import { migrateProjectionRunner } from './migrations';
import { liveSchema, type Projector } from './projector';
import {
  createSchema,
  rebuildAllReadModels,
  rebuildReadModel,
  verifyReadModel,
  type RebuildContext,
  type SharedRebuildOptions,
  type SharedRebuildResult,
  type TableDifference,
} from './rebuild';

// The batch and checkpoint code lives in ./batch (shared with the Kafka worker); re-exported here.
export { applySharedBatch, isTransientError, ProjectionFailedError, type FeedSource, type ProjectionFailure } from './batch';
export { migrateProjectionRunner, projectionRunnerMigrations } from './migrations';
export type { ReadModelBuildTime, SharedRebuildOptions, SharedRebuildResult, TableDifference } from './rebuild';

/**
 * How long a caught-up lane sleeps when nothing wakes it. Appends wake it (this process's at once,
 * other processes' by NOTIFY, all of them when a lost LISTEN connection is back), so the poll is a
 * last resort rather than the way changes arrive; each one costs a transaction and a feed read per
 * lane, in every process, all day (at 1 s, half of an idle product's statements).
 */
export const IDLE_POLL_MS = 5000;

export interface RunnerOptions {
  batchSize?: number;
  /** The idle poll (IDLE_POLL_MS): a runner without `onWake` has only this. */
  idleWaitMs?: number;
  /** Every failed batch (it is retried). */
  onError?: (projector: string, error: unknown) => void;
  /** A projector stopped at an event it cannot apply. */
  onFailed?: (projector: string, failure: ProjectionFailure) => void;
  /**
   * A wake-up hint source (e.g. LISTEN on the event channel); polling covers missed ones. With the
   * event types appended, where known, only the lanes that handle one of them are woken.
   */
  onWake?: (listener: AppendedWake) => () => void;
  /** Under load, the background lane's least time between the starts of two batches (default BACKGROUND_PACE_MS). */
  backgroundPaceMs?: number;
}

/** A lane's loop: whether a wake-up came while it was busy, and the event types that concern it. */
interface LoopState {
  woken: boolean;
  /** Events none of its read models handles were appended since its batch began (wakeAll). */
  skipped: boolean;
  handles: ReadonlySet<string>;
  /** Its read models. */
  names: ReadonlySet<string>;
}

/** A sleeper of `sleep`: the event types its loop handles (null: any wakes it), and how to bring its end closer. */
interface Sleeper {
  handles: ReadonlySet<string> | null;
  hurry(withinMs: number): void;
}

/**
 * How soon a lane reads events none of its read models handles, which do not wake it: its checkpoint
 * moves past them within this (after the batch it is in, if busy), not at its idle poll. /readyz
 * counts a read model behind and not moving for twice this as stuck.
 */
export const SKIPPED_EVENTS_WAIT_MS = 1000;

export const BACKGROUND_PACE_MS = 200;
/** The longest a command waits for read models that are still moving (waitFor). */
export const WAIT_CAP_MS = 30_000;
/**
 * Fewer events than this in the batches begun within the last BACKGROUND_PACE_MS is light traffic:
 * the next batch is not paced. (Counted over that window, not in the last batch alone: a steady
 * stream of a few events a batch, unpaced, would otherwise stay a batch an event.)
 */
export const BACKGROUND_PACE_MIN_EVENTS = 20;

export interface ProjectionStatus {
  name: string;
  version: number;
  checkpoint: GlobalCheckpoint | null;
  eventsApplied: number;
  behind: boolean;
  failure: ProjectionFailure | null;
}

export class ProjectionRunner {
  private running = false;
  /** Sleepers, each with the event types that concern it (null: any wake-up). */
  private wakers = new Map<() => void, Sleeper>();
  private loops: Promise<void>[] = [];
  private readonly batchSize: number;
  private readonly backgroundPaceMs: number;

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    readonly projectors: readonly Projector[],
    private readonly options: RunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.backgroundPaceMs = options.backgroundPaceMs ?? BACKGROUND_PACE_MS;
  }

  /**
   * Creates missing read models and rebuilds those whose version changed. Several processes may
   * start at once on one database (workers, API processes): they prepare one at a time, under a
   * session advisory lock held on a connection of its own, so a schema is never created twice and a
   * changed version is rebuilt once (the next process finds it done).
   */
  async prepare(): Promise<void> {
    await migrateProjectionRunner(this.pool);
    const lock = await this.pool.connect();
    try {
      await lock.query(`SELECT pg_advisory_lock(hashtext('tertulia-projectors-prepare'))`);
      await this.prepareLocked();
    } finally {
      // A failed unlock means the connection is gone, and the lock with it.
      await lock.query(`SELECT pg_advisory_unlock(hashtext('tertulia-projectors-prepare'))`).catch(() => {});
      lock.release();
    }
  }

  private async prepareLocked(): Promise<void> {
    for (const p of this.projectors) {
      const existing = await this.pool.query('SELECT version FROM projection_checkpoints WHERE name = $1', [p.name]);
      if (!existing.rows[0]) {
        const head = p.fromHead ? await this.store.headCheckpoint() : null;
        await inTransaction(this.pool, async (db) => {
          await createSchema(db, p, liveSchema(p));
          await db.query(
            'INSERT INTO projection_checkpoints (name, version, transaction_id, position) VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO NOTHING',
            [p.name, p.version, head?.transactionId ?? null, head?.position ?? null],
          );
        });
      } else if (existing.rows[0].version !== p.version && p.fromHead) {
        await this.pool.query('UPDATE projection_checkpoints SET version = $2 WHERE name = $1', [p.name, p.version]);
      } else if (existing.rows[0].version !== p.version) {
        try {
          await this.rebuild(p.name);
        } catch (error) {
          // The new version cannot apply the log: keep the old tables, stop the read model, say so.
          if (!(error instanceof ProjectionFailedError)) throw error;
          await this.recordFailure(p.name, { ...error.failure, error: `rebuild to version ${p.version}: ${error.failure.error}` });
        }
      }
    }
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    const unsubscribe = this.options.onWake?.((types) => this.wakeAll(types));
    const lanes = [this.projectors.filter((p) => p.lane !== 'background'), this.projectors.filter((p) => p.lane === 'background')];
    this.loops = lanes.filter((lane) => lane.length).map((lane) => this.loop(lane));
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

  /**
   * Where this process's loops last committed each read model: waitFor answers from here without a
   * query while the projectors run in this process (a worker elsewhere is seen in the table).
   */
  private reached = new Map<string, GlobalCheckpoint>();

  /** How many waitFor calls are waiting for each read model now (the background lane does not pace itself for those). */
  private waiting = new Map<string, number>();

  /** Callers of waitFor, woken whenever a loop of this process moved a checkpoint. */
  private advancedWaiters = new Set<() => void>();
  private notifyAdvanced() {
    const waiters = [...this.advancedWaiters];
    this.advancedWaiters.clear();
    for (const w of waiters) w();
  }

  /** Per loop: a wake-up that came while it was busy, so its next sleep returns at once. */
  private busyLoops = new Set<LoopState>();

  /**
   * Wakes the loops, and anything else asleep here. Appends of event types known to concern no
   * read model of a lane do not wake it (most of the mail's events concern none that commands wait
   * for): it reads them with its next batch, after a wake-up that concerns it or its idle poll.
   */
  private wakeAll(types?: readonly string[]) {
    const concerns = (handles: ReadonlySet<string> | null) => !types || !handles || types.some((t) => handles.has(t));
    for (const loop of this.busyLoops) {
      if (concerns(loop.handles)) loop.woken = true;
      else loop.skipped = true;
    }
    for (const [wake, sleeper] of [...this.wakers]) {
      if (concerns(sleeper.handles)) wake();
      else sleeper.hurry(SKIPPED_EVENTS_WAIT_MS);
    }
  }

  private sleep(ms: number, loop?: LoopState): Promise<void> {
    if (loop?.woken) return Promise.resolve();
    if (loop) this.busyLoops.delete(loop);
    const wait = loop?.skipped ? Math.min(ms, SKIPPED_EVENTS_WAIT_MS) : ms;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      let timer = setTimeout(done, wait);
      let endsAt = performance.now() + wait;
      this.wakers.set(done, {
        handles: loop?.handles ?? null,
        hurry: (withinMs) => {
          if (endsAt - performance.now() <= withinMs) return;
          clearTimeout(timer);
          timer = setTimeout(done, withinMs);
          endsAt = performance.now() + withinMs;
        },
      });
    });
  }

  private async loop(lane: readonly Projector[]): Promise<void> {
    let transientFailures = 0;
    let heldBackWaits = 0;
    const state: LoopState = {
      woken: false,
      skipped: false,
      handles: new Set(lane.flatMap((p) => p.handles)),
      names: new Set(lane.map((p) => p.name)),
    };
    const paced = lane.every((p) => p.lane === 'background');
    const recent: { begun: number; read: number }[] = [];
    let searchPath: string | null | undefined;
    while (this.running) {
      state.woken = false;
      state.skipped = false;
      this.busyLoops.add(state);
      const begun = performance.now();
      try {
        // Asked once a loop: null (a clash, one search path a read model) is an answer too.
        if (searchPath === undefined) searchPath = await sharedSearchPath(this.pool, lane);
        const { read, moved, to, from, held } = await applySharedBatch(this.pool, this.store, lane, this.batchSize, {
          searchPath,
          skipLocked: true,
        });
        transientFailures = 0;
        if (to) for (const name of moved) this.reached.set(name, to);
        if (read > 0) this.notifyAdvanced();
        if (read < this.batchSize) {
          // Events held back behind an older transaction (in any database of the server, or a write
          // that is no append) are announced by nobody when it ends: look again soon, backing off.
          // Not when this batch held no checkpoint (another process's runner is applying, or every
          // read model of the lane has failed): nothing here would apply them.
          const heldBack = held > 0 && !state.woken && (await this.eventsPending(to ?? from));
          // Rows this batch could not hold: another process's runner is applying those read models
          // (or one has stopped). If it dies mid-batch, nobody announces what it left: look again
          // soon too, not at the idle poll.
          const elsewhere = held < lane.length;
          heldBackWaits = heldBack || elsewhere ? heldBackWaits + 1 : 0;
          const idle = this.options.idleWaitMs ?? IDLE_POLL_MS;
          await this.sleep(heldBack || elsewhere ? heldBackRetryMs(heldBackWaits, idle) : idle, state);
          if (paced && this.underLoad(recent, begun, read)) await this.pace(lane, begun);
        }
      } catch (error) {
        if (isTransientError(error)) {
          this.options.onError?.('*', error);
          transientFailures += 1;
          await this.sleep(Math.min(30_000, 250 * 2 ** transientFailures));
          continue;
        }
        // One read model could not apply the batch: this round, each goes on its own.
        for (const p of lane) if (this.running) await this.soloRound(p);
      }
    }
  }

  /** The store's hint that events wait after `after` although the feed came back short (never throws). */
  private async eventsPending(after: GlobalCheckpoint | null): Promise<boolean> {
    try {
      return (await this.store.eventsPending?.(after)) ?? false;
    } catch {
      return false;
    }
  }

  /** Records a batch of the background lane; true when those begun within the pace held BACKGROUND_PACE_MIN_EVENTS or more. */
  private underLoad(recent: { begun: number; read: number }[], begun: number, read: number): boolean {
    recent.push({ begun, read });
    while (recent[0].begun < begun - this.backgroundPaceMs) recent.shift();
    return recent.reduce((n, batch) => n + batch.read, 0) >= BACKGROUND_PACE_MIN_EVENTS;
  }

  /**
   * Under load (its batches of the last BACKGROUND_PACE_MS held BACKGROUND_PACE_MIN_EVENTS or
   * more), the background lane, caught up and woken by new events, starts its next batch no sooner
   * than BACKGROUND_PACE_MS after the last one began, unless a command is waiting for one of its
   * read models: its batches then hold more events, and a batch's fixed cost (its transaction, the
   * feed read, a statement or two per read model) is paid less often. Light traffic is not paced: a
   * read model read soon after a few changes shows them as before (docs/decisions/back-office.md, "The
   * background lane is paced under load").
   */
  private async pace(lane: readonly Projector[], lastBegun: number): Promise<void> {
    const waitedFor = () => lane.some((p) => (this.waiting.get(p.name) ?? 0) > 0);
    for (let left = lastBegun + this.backgroundPaceMs - performance.now(); this.running && left > 0 && !waitedFor(); ) {
      await this.sleep(left);
      left = lastBegun + this.backgroundPaceMs - performance.now();
    }
  }

  /** One batch for `p` alone; an event it cannot apply is narrowed down and stops it. */
  private async soloRound(p: Projector): Promise<void> {
    try {
      await inTransaction(this.pool, (db) => applyBatch(db, this.store, p, p.name, liveSchema(p), this.batchSize));
      this.notifyAdvanced();
    } catch (error) {
      this.options.onError?.(p.name, error);
      if (isTransientError(error)) return;
      const failure = await this.isolate(p, p.name, liveSchema(p)).catch((e) => {
        this.options.onError?.(p.name, e);
        return null;
      });
      if (failure) await this.recordFailure(p.name, failure);
    }
  }

  /**
   * After a batch failed: applies the next events one per transaction (up to a batch), trying the
   * one that fails ATTEMPTS_PER_EVENT times. Returns that event's failure, or null when everything
   * went through this time (the failure was not the event's).
   */
  private isolate(p: Projector, row: string, schema: string): Promise<ProjectionFailure | null> {
    return isolateFailure(this.pool, this.store, p, row, schema, this.batchSize);
  }

  /** Stops the read model `name` at its failure: every runner leaves it alone until a rebuild or resume. */
  private async recordFailure(name: string, failure: ProjectionFailure): Promise<void> {
    await recordFailure(this.pool, name, failure);
    this.options.onFailed?.(name, failure);
  }

  /** Clears a failure so the runners try the event again (after the cause outside the log was fixed). */
  async resume(name: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'UPDATE projection_checkpoints SET failed_at = NULL, failure = NULL WHERE name = $1 AND failed_at IS NOT NULL',
      [name],
    );
    this.wakeAll();
    return (rowCount ?? 0) > 0;
  }

  private get rebuildContext(): RebuildContext {
    return { pool: this.pool, store: this.store, batchSize: this.batchSize, onError: this.options.onError };
  }

  /**
   * Rebuilds a read model from the whole log into a fresh schema while the live one keeps serving,
   * then swaps it in (rebuild.ts).
   */
  rebuild(name: string, onProgress?: (applied: number) => void): Promise<{ events: number; ms: number }> {
    return rebuildReadModel(this.rebuildContext, this.projector(name), onProgress);
  }

  /** Rebuilds a read model into a scratch schema and compares it with the live one (rebuild.ts). */
  verify(
    name: string,
    onProgress?: (applied: number) => void,
    sample = 5,
  ): Promise<{ events: number; ms: number; differences: TableDifference[] }> {
    return verifyReadModel(this.rebuildContext, this.projector(name), onProgress, sample);
  }

  /**
   * Rebuilds every read model of this runner reading the log once for all of them, and swaps each
   * in (rebuild.ts, rebuildAllReadModels): what a restore does; `rebuild` stays the one-model way.
   */
  rebuildAll(options: SharedRebuildOptions = {}): Promise<SharedRebuildResult> {
    return rebuildAllReadModels(this.rebuildContext, this.projectors, options);
  }

  private projector(name: string): Projector {
    const p = this.projectors.find((x) => x.name === name);
    if (!p) throw new Error(`Unknown projection ${name}. Known: ${this.projectors.map((x) => x.name).join(', ')}`);
    return p;
  }

  async status(): Promise<ProjectionStatus[]> {
    const { rows } = await this.pool.query('SELECT * FROM projection_checkpoints WHERE name = ANY($1)', [
      this.projectors.map((p) => p.name),
    ]);
    return Promise.all(
      this.projectors.map(async (p) => {
        const r = rows.find((x) => x.name === p.name);
        const checkpoint = r?.transaction_id ? { transactionId: r.transaction_id, position: r.position } : null;
        const next = await this.store.readAll(checkpoint, 1);
        return {
          name: p.name,
          version: r?.version ?? p.version,
          checkpoint,
          eventsApplied: Number(r?.events_applied ?? 0),
          behind: next.length > 0,
          failure: (r?.failure as ProjectionFailure | null) ?? null,
        };
      }),
    );
  }

  /**
   * The checkpoint table as waitFor reads it: one query in flight at a time, shared by every waiter
   * (16 requests waiting on a busy machine asked it 16 times every 50 ms). A waiter that joins a
   * read sent before its own append committed may see an older checkpoint, never a newer one than
   * is true: it only waits one more round.
   */
  private checkpointTableRead: Promise<{ name: string; transaction_id: string | null; position: string; failed_at: Date | null }[]> | null =
    null;
  private readCheckpointTable() {
    this.checkpointTableRead ??= this.pool
      .query('SELECT name, transaction_id, position, failed_at FROM projection_checkpoints')
      .then((r) => r.rows)
      .finally(() => (this.checkpointTableRead = null));
    return this.checkpointTableRead;
  }

  /**
   * Waits until every named projector has processed `checkpoint` (read-your-writes for commands).
   * A read model stopped by a failure is not waited for: it will not move until someone fixes it.
   * Gives up (false) when the read models have not moved for `stallMs`, or after `WAIT_CAP_MS` (or
   * `stallMs`, if longer) in all: a read model that is behind but moving (a busy machine) is
   * waited for, one that is stuck is not, and no request waits on a long catch-up for minutes.
   */
  async waitFor(checkpoint: GlobalCheckpoint | undefined, names: string[], stallMs = 5000): Promise<boolean> {
    if (!checkpoint) return true;
    const deadline = { stallMs, cap: Date.now() + Math.max(WAIT_CAP_MS, stallMs) };
    // With the loops here, a wake-up from them is answered from memory; the table is read at the
    // start otherwise, and whenever 50 ms pass without one (a worker elsewhere, a failed read model).
    const loopsHere = this.running && names.every((n) => this.projectors.some((p) => p.name === n));
    // Counted while waiting: the background lane does not pace itself for a read model someone waits for.
    for (const n of names) this.waiting.set(n, (this.waiting.get(n) ?? 0) + 1);
    try {
      return await this.waitUntilReached(checkpoint, names, deadline, loopsHere);
    } finally {
      for (const n of names) {
        const count = (this.waiting.get(n) ?? 1) - 1;
        if (count > 0) this.waiting.set(n, count);
        else this.waiting.delete(n);
      }
    }
  }

  private async waitUntilReached(
    checkpoint: GlobalCheckpoint,
    names: string[],
    deadline: { stallMs: number; cap: number },
    loopsHere: boolean,
  ): Promise<boolean> {
    const reachedHere = () =>
      names.every((n) => {
        const at = this.reached.get(n);
        return at && compareCheckpoints(at, checkpoint) >= 0;
      });
    // Where the read models are, as last seen: a change is progress, and moves the stall deadline.
    let [seen, inTable, movedAt, tableReadAt] = ['', '', Date.now(), 0];
    for (let askTable = !loopsHere; ; ) {
      if (reachedHere()) return true;
      if (askTable) {
        tableReadAt = Date.now();
        const rows = await this.readCheckpointTable();
        const done = names.every((n) => {
          const r = rows.find((x) => x.name === n);
          if (r?.failed_at) return true;
          return r?.transaction_id && compareCheckpoints({ transactionId: r.transaction_id, position: r.position }, checkpoint) >= 0;
        });
        if (done) return true;
        inTable = names.map((n) => rows.find((x) => x.name === n)?.position ?? '').join();
      }
      const where = `${names.map((n) => this.reached.get(n)?.position ?? '').join()}|${inTable}`;
      // A loop here in the middle of a batch of one of them is moving too, though its checkpoint
      // moves only when the batch commits: on a loaded machine a long batch outlasted the stall
      // bound, and a sign-up was answered before its session could be read (`me` null).
      const working = [...this.busyLoops].some((loop) => names.some((n) => loop.names.has(n)));
      if (where !== seen || working) [seen, movedAt] = [where, Date.now()];
      const now = Date.now();
      if (now - movedAt > deadline.stallMs || now > deadline.cap) return false;
      this.wakeAll();
      const byLoop = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          this.advancedWaiters.delete(wake);
          resolve(false);
        }, 50);
        function wake() {
          clearTimeout(timer);
          resolve(true);
        }
        this.advancedWaiters.add(wake);
      });
      // The table at least every second too: a read model that failed is done waiting for, even
      // while its lane, busy with the others, counts as moving.
      askTable = !loopsHere || !byLoop || Date.now() - tableReadAt > 1_000;
    }
  }
}
