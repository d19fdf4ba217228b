/**
 * Rebuild, verify and resume of read models as operations an operator runs (issue 26), from the
 * back-office (in the server, as background work) or the CLI (in the foreground):
 * - one rebuild or verify at a time per read model, across every process on the database: the
 *   running one holds a session advisory lock (on an idle connection: no open transaction holds
 *   back the feed) and its row in read_model_operations says who started it, why, and how far it
 *   is. A second one is refused with who started the first. A row whose process died (lock free)
 *   is that operation's end: the next operation records it as interrupted.
 * - every operation is recorded as events on the read model's stream (services/domain/readModels),
 *   with who, why and the result; the history is that stream.
 * The work itself is rebuild.ts: a rebuild fills fresh tables while the live ones keep serving and
 * swaps them in at the end.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import type { CommandExecutor } from '../commands/execute';
import { SYSTEM_ACTOR, type Actor } from '../domain/shared/decider';
import { ReadModelRefusals } from '../domain/shared/contractRefusals';
import { badInput, conflict } from '../domain/shared/errors';
import type { Operator, ReadModelOperationEvent, ReadModelOperationFinished, ReadModelOperationKind } from '../domain/readModels/events';
import { readModelStreams } from '../domain/readModels/events';
import {
  checkedReason,
  decideFinish,
  decideResume,
  decideStart,
  evolveOperations,
  historyOf,
  initialOperationsState,
  type OperationRecord,
  type OperationsState,
} from '../domain/readModels/operations';
import type { EventStore, GlobalCheckpoint, StoredEvent } from '../eventstore/port';
import type { ProjectionFailure } from './batch';
import type { Projector } from './projector';
import { rebuildAllReadModels, rebuildReadModel, verifyReadModel, type RebuildContext, type TableDifference } from './rebuild';
import type { ProjectionRunner } from './runner';
import { FeedMessages } from './messages';

/**
 * Tests only: the rebuild reads the log in batches of this size, each read `delayMs` late, and
 * every read after the first waits for `gate` when one is given, so a test can act while a rebuild
 * is surely part-way (config readModelRebuildTestPace).
 */
export interface TestPace {
  eventsPerBatch: number;
  delayMs: number;
  gate?: Promise<void>;
}

export interface ReadModelOperationsOptions {
  /** The lock's connection and the operations' rows. */
  pool: pg.Pool;
  /** The rebuilds' batches (the read models' own connections in the server: the feed's horizon leaves them out). */
  readModelPool: pg.Pool;
  store: EventStore;
  runner: ProjectionRunner;
  commands: CommandExecutor;
  batchSize?: number;
  /** An admin's address for messages ('started by …'), from the directory. */
  emailOf(accountId: string): Promise<string | null>;
  testPace?: TestPace | null;
  onError?: (error: unknown, context: string) => void;
}

/** A rebuild or verify running now somewhere, as its row says. */
export interface RunningOperation {
  operationId: string;
  operation: ReadModelOperationKind;
  by: Operator;
  reason: string | null;
  startedAt: Date;
  eventsDone: number;
  eventsTotal: number | null;
  updatedAt: Date;
}

export interface ReadModelStatus {
  name: string;
  /** The version the live tables were built with. */
  version: number;
  checkpoint: GlobalCheckpoint | null;
  eventsApplied: number;
  /** Events after the checkpoint (null where the store cannot count them cheaply). */
  lagEvents: number | null;
  /** Age of the oldest event not applied yet (0 when caught up). */
  lagSeconds: number;
  failure: ProjectionFailure | null;
  running: RunningOperation | null;
}

export interface OperationResult {
  events: number;
  ms: number;
  /** A verify's tables that differ, with a few rows of each (the event keeps the counts). */
  differences: TableDifference[] | null;
}

/** Thrown into a running rebuild by stop(); looks transient to rebuild.ts, so it ends the build rather than retrying it another way. */
class OperationStopped extends Error {
  readonly code = 'EOPERATIONSTOPPED';
  constructor() {
    super('The process stopped before the operation ended.');
  }
}

/** A started operation: its read model, id, kind, and the connection holding its lock. */
interface StartedOperation {
  name: string;
  operationId: string;
  operation: ReadModelOperationKind;
  lock: pg.PoolClient;
}

/** What an operation does, given the rebuild context and a progress callback that throws once the process stops. */
type OperationWork = (ctx: RebuildContext, progress: (eventsDone: number) => void) => Promise<OperationResult>;

const LOCK_NAMESPACE = `hashtext('tertulia-read-model-operation')`;
/** How often a running operation writes its progress to its row. */
const PROGRESS_EVERY_MS = 500;

const operatorActor = (by: Operator): Actor => (by.via === 'back-office' ? { accountId: by.accountId, roles: ['ADMIN'] } : SYSTEM_ACTOR);
const stateOf = (events: StoredEvent[]): OperationsState =>
  events.reduce(
    (s, e) => evolveOperations(s, { type: e.type, data: e.data, at: e.metadata.occurredAt } as ReadModelOperationEvent & { at: string }),
    initialOperationsState(),
  );

export class ReadModelOperations {
  private readonly running = new Map<string, Promise<unknown>>();
  private stopping = false;

  constructor(private readonly options: ReadModelOperationsOptions) {}

  private projector(name: string): Projector {
    const p = this.options.runner.projectors.find((x) => x.name === name);
    if (!p) throw badInput(ReadModelRefusals.unknownReadModel(name), { name: ReadModelRefusals.unknownReadModel(name) });
    return p;
  }

  /**
   * Starts a rebuild or verify of `name`: refused (CONFLICT, naming who started it) while another
   * runs anywhere. Resolves once it has started and is recorded; `done` is its result (its failure
   * is recorded too, then rejects `done`). `onProgress` hears the events read so far.
   */
  async begin(
    operation: ReadModelOperationKind,
    name: string,
    by: Operator,
    reason: string | null | undefined,
    onProgress?: (eventsDone: number, eventsTotal: number | null) => void,
  ): Promise<{ operationId: string; done: Promise<OperationResult> }> {
    const projector = this.projector(name);
    const { started, eventsTotal } = await this.start(operation, [projector], by, reason);
    const [{ operationId }] = started;
    const done = this.track(
      started,
      this.runTogether(started, by, eventsTotal, onProgress, (ctx, progress) =>
        operation === 'rebuild'
          ? rebuildReadModel(ctx, projector, progress).then((outcome) => ({ ...outcome, differences: null }))
          : verifyReadModel(ctx, projector, progress),
      ),
    );
    return { operationId, done };
  }

  /**
   * Rebuilds several read models reading the log once for all of them (rebuildAllReadModels), each
   * recorded as a rebuild of its own (its start, its finish with the shared read's events and time)
   * and locked as begin() locks one: refused whole, starting none, while any of them is being
   * rebuilt or verified. An erasure rebuilds the read models that hold personal fields this way.
   */
  async rebuildTogether(
    names: readonly string[],
    by: Operator,
    reason: string | null | undefined,
    onProgress?: (eventsDone: number, eventsTotal: number | null) => void,
  ): Promise<{ operationIds: string[]; done: Promise<OperationResult> }> {
    const projectors = [...new Set(names)].map((name) => this.projector(name));
    const { started, eventsTotal } = await this.start('rebuild', projectors, by, reason);
    const done = this.track(
      started,
      this.runTogether(started, by, eventsTotal, onProgress, async (ctx, progress) => {
        const result = await rebuildAllReadModels(ctx, projectors, { onProgress: progress });
        return { events: result.events, ms: result.ms, differences: null };
      }),
    );
    return { operationIds: started.map((s) => s.operationId), done };
  }

  /**
   * Takes each read model's lock (on one idle connection), records each start, and returns them
   * with that connection; refused (CONFLICT) and nothing started when any lock is held elsewhere.
   */
  private async start(
    operation: ReadModelOperationKind,
    projectors: readonly Projector[],
    by: Operator,
    reason: string | null | undefined,
  ): Promise<{ started: StartedOperation[]; eventsTotal: number | null }> {
    checkedReason(reason, operation, by);
    if (this.stopping) throw conflict(FeedMessages.stopping);
    const lock = await this.options.pool.connect();
    const locked: string[] = [];
    try {
      for (const { name } of projectors) {
        const ok = (await lock.query(`SELECT pg_try_advisory_lock(${LOCK_NAMESPACE}, hashtext($1)) AS ok`, [name])).rows[0].ok;
        if (!ok) throw conflict(await this.refusal(name, operation));
        locked.push(name);
      }
      const eventsTotal = (await this.options.store.countEvents?.()) ?? null;
      const started: StartedOperation[] = [];
      for (const projector of projectors) {
        await this.closeInterrupted(projector.name);
        const operationId = crypto.randomUUID();
        await this.options.pool.query(
          `INSERT INTO read_model_operations (name, operation_id, operation, started_by, reason, events_total) VALUES ($1, $2, $3, $4, $5, $6)`,
          [projector.name, operationId, operation, JSON.stringify(by), reason?.trim() || null, eventsTotal],
        );
        await this.options.commands.execute({ actor: operatorActor(by) }, async (tx) => {
          const stream = readModelStreams.operations(projector.name);
          tx.append(
            stream,
            decideStart(
              stateOf(await tx.read(stream)),
              { operationId, readModel: projector.name, operation, version: projector.version, reason, by },
              { now: tx.now, actor: tx.actor },
            ),
          );
        });
        started.push({ name: projector.name, operationId, operation, lock });
      }
      return { started, eventsTotal };
    } catch (error) {
      if (locked.length) await this.options.pool.query('DELETE FROM read_model_operations WHERE name = ANY($1)', [locked]).catch(() => {});
      await unlock(lock, locked);
      throw error;
    }
  }

  /** Once `work` ends: the rows cleared, the locks released (with their connection), and forgotten. */
  private track(started: readonly StartedOperation[], work: Promise<OperationResult>): Promise<OperationResult> {
    const done = work.finally(async () => {
      for (const { name, operationId } of started) {
        await this.options.pool
          .query('DELETE FROM read_model_operations WHERE name = $1 AND operation_id = $2', [name, operationId])
          .catch((e) => this.options.onError?.(e, 'clearing a read model operation'));
      }
      await unlock(
        started[0].lock,
        started.map((s) => s.name),
      );
      for (const { operationId } of started) this.running.delete(operationId);
    });
    for (const { operationId } of started)
      this.running.set(
        operationId,
        done.catch(() => {}),
      );
    return done;
  }

  /** The work, its progress in each row, and its result as an event on each read model (also when it fails). */
  private async runTogether(
    operations: readonly StartedOperation[],
    by: Operator,
    eventsTotal: number | null,
    onProgress: ((eventsDone: number, eventsTotal: number | null) => void) | undefined,
    work: OperationWork,
  ): Promise<OperationResult> {
    const started = Date.now();
    let done = 0;
    let written = 0;
    const progressWriter = setInterval(() => {
      if (done === written) return;
      written = done;
      this.options.pool
        .query('UPDATE read_model_operations SET events_done = $3, updated_at = now() WHERE name = ANY($1) AND operation_id = ANY($2)', [
          operations.map((o) => o.name),
          operations.map((o) => o.operationId),
          written,
        ])
        .catch((e) => this.options.onError?.(e, "recording a read model operation's progress"));
    }, PROGRESS_EVERY_MS);
    const progress = (n: number) => {
      if (this.stopping) throw new OperationStopped();
      done = n;
      onProgress?.(n, eventsTotal);
    };
    const finishEach = (result: (o: (typeof operations)[number]) => ReadModelOperationFinished['data']) =>
      Promise.all(operations.map((o) => this.finish(o.name, by, result(o))));
    try {
      const outcome = await work(this.rebuildContext(), progress);
      const differences = outcome.differences?.map(({ table, onlyLive, onlyRebuilt }) => ({ table, onlyLive, onlyRebuilt })) ?? null;
      await finishEach((o) => ({
        operationId: o.operationId,
        readModel: o.name,
        operation: o.operation,
        outcome: 'succeeded',
        events: outcome.events,
        ms: outcome.ms,
        differences,
        error: null,
      }));
      return outcome;
    } catch (error) {
      const stopped = error instanceof OperationStopped;
      await finishEach((o) => ({
        operationId: o.operationId,
        readModel: o.name,
        operation: o.operation,
        outcome: stopped ? 'interrupted' : 'failed',
        events: done,
        ms: Date.now() - started,
        differences: null,
        error: error instanceof Error ? error.message : String(error),
      })).catch((e) => this.options.onError?.(e, "recording a read model operation's failure"));
      throw error;
    } finally {
      clearInterval(progressWriter);
    }
  }

  private async finish(name: string, by: Operator, result: ReadModelOperationFinished['data']) {
    const { operation: _operation, ...rest } = result;
    await this.options.commands.execute({ actor: operatorActor(by) }, async (tx) => {
      const stream = readModelStreams.operations(name);
      tx.append(stream, decideFinish(stateOf(await tx.read(stream)), rest, { now: tx.now, actor: tx.actor }));
    });
  }

  /** A row left by a process that died mid-operation (the lock is ours now): recorded as interrupted. */
  private async closeInterrupted(name: string) {
    const { rows } = await this.options.pool.query('SELECT * FROM read_model_operations WHERE name = $1', [name]);
    const left = rows[0];
    if (!left) return;
    await this.finish(name, left.started_by, {
      operationId: left.operation_id,
      readModel: name,
      operation: left.operation,
      outcome: 'interrupted',
      events: Number(left.events_done),
      ms: new Date(left.updated_at).getTime() - new Date(left.started_at).getTime(),
      differences: null,
      error: 'Its process ended before it did; the live tables were left as they were.',
    }).catch((e) => this.options.onError?.(e, 'recording an interrupted read model operation'));
    await this.options.pool.query('DELETE FROM read_model_operations WHERE name = $1 AND operation_id = $2', [name, left.operation_id]);
  }

  /** 'payroll is being rebuilt: started by … from the back-office on … (reason: …).' */
  private async refusal(name: string, wanted: ReadModelOperationKind): Promise<string> {
    const running = (await this.runningOperations([name])).get(name);
    const doing = (op: ReadModelOperationKind) => (op === 'rebuild' ? 'rebuilt' : 'verified');
    if (!running) return `${name} is being rebuilt or verified by another process: try the ${wanted} again once it ends.`;
    const who = await this.describe(running.by);
    const reason = running.reason ? ` (reason: ${running.reason})` : '';
    return `${name} is being ${doing(running.operation)} already: started by ${who} on ${running.startedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC${reason}. Try the ${wanted} again once it ends.`;
  }

  async describe(by: Operator): Promise<string> {
    if (by.via === 'cli') return `${by.osUser} at the command line on ${by.host}`;
    return `${(await this.options.emailOf(by.accountId).catch(() => null)) ?? by.accountId} from the back-office`;
  }

  /** Asks a stopped read model to try its event again, recorded with the reason and whether there was a failure to clear. */
  async resume(name: string, by: Operator, reason: string | null | undefined): Promise<{ operationId: string; cleared: boolean }> {
    this.projector(name);
    checkedReason(reason, 'resume', by);
    const operationId = crypto.randomUUID();
    const cleared = await this.options.runner.resume(name);
    await this.options.commands.execute({ actor: operatorActor(by) }, async (tx) => {
      const stream = readModelStreams.operations(name);
      tx.append(
        stream,
        decideResume(
          stateOf(await tx.read(stream)),
          { operationId, readModel: name, reason, by, cleared },
          { now: tx.now, actor: tx.actor },
        ),
      );
    });
    return { operationId, cleared };
  }

  /** A read model's operations, newest first (at most `limit`). */
  async history(name: string, limit = 20): Promise<OperationRecord[]> {
    this.projector(name);
    return historyOf(await this.options.store.readStream(readModelStreams.operations(name))).slice(0, limit);
  }

  /** The rebuilds and verifies running now in any process (rows whose process died are left out). */
  async runningOperations(names?: string[]): Promise<Map<string, RunningOperation>> {
    const { rows } = await this.options.pool.query(
      `SELECT o.* FROM read_model_operations o
        WHERE ($1::text[] IS NULL OR o.name = ANY($1))
          AND EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
                        AND l.classid::bigint = (${LOCK_NAMESPACE}::bigint & 4294967295) AND l.objid::bigint = (hashtext(o.name)::bigint & 4294967295))`,
      [names ?? null],
    );
    return new Map(
      rows.map((r) => [
        r.name as string,
        {
          operationId: r.operation_id,
          operation: r.operation,
          by: r.started_by,
          reason: r.reason,
          startedAt: new Date(r.started_at),
          eventsDone: Number(r.events_done),
          eventsTotal: r.events_total === null ? null : Number(r.events_total),
          updatedAt: new Date(r.updated_at),
        },
      ]),
    );
  }

  /** Every read model: version, checkpoint, lag in events and seconds, failure, and what runs on it. */
  async statuses(): Promise<ReadModelStatus[]> {
    const { store, runner, pool } = this.options;
    const names = runner.projectors.map((p) => p.name);
    const [{ rows }, running] = await Promise.all([
      pool.query('SELECT * FROM projection_checkpoints WHERE name = ANY($1)', [names]),
      this.runningOperations(),
    ]);
    const now = Date.now();
    return Promise.all(
      runner.projectors.map(async (p) => {
        const r = rows.find((x) => x.name === p.name);
        const checkpoint: GlobalCheckpoint | null = r?.transaction_id ? { transactionId: r.transaction_id, position: r.position } : null;
        const [[next], lagEvents] = await Promise.all([store.readAll(checkpoint, 1), store.countEventsAfter?.(checkpoint) ?? null]);
        return {
          name: p.name,
          version: r?.version ?? p.version,
          checkpoint,
          eventsApplied: Number(r?.events_applied ?? 0),
          lagEvents,
          lagSeconds: next ? Math.max(0, (now - next.recordedAt.getTime()) / 1000) : 0,
          failure: (r?.failure as ProjectionFailure | null) ?? null,
          running: running.get(p.name) ?? null,
        };
      }),
    );
  }

  /** Ends this process's running operations (each recorded as interrupted) and waits for them. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.running.values());
  }

  private rebuildContext(): RebuildContext {
    const { readModelPool, store, batchSize, testPace, onError } = this.options;
    return {
      pool: readModelPool,
      store: testPace ? pacedStore(store, testPace) : store,
      batchSize: batchSize ?? 500,
      testBatchSize: testPace?.eventsPerBatch,
      onError: (projector, error) => onError?.(error, `replay of ${projector} failed; rebuilding batch by batch`),
    };
  }
}

/** Releases `names`' locks, then the connection that holds them. */
async function unlock(lock: pg.PoolClient, names: readonly string[]) {
  try {
    for (const name of names) await lock.query(`SELECT pg_advisory_unlock(${LOCK_NAMESPACE}, hashtext($1))`, [name]);
    lock.release();
  } catch (error) {
    lock.release(error as Error); // a connection that cannot unlock is closed, which unlocks
  }
}

/** Tests only: the log read `delayMs` late each time, and after the first read only once `gate` opens (TestPace). */
function pacedStore(store: EventStore, pace: TestPace): EventStore {
  return new Proxy(store, {
    get(target, key, receiver) {
      if (key === 'readAll') {
        return async (after: GlobalCheckpoint | null, limit: number) => {
          if (after && pace.gate) await pace.gate;
          await new Promise((resolve) => setTimeout(resolve, pace.delayMs));
          return target.readAll(after, limit);
        };
      }
      const value = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
