/**
 * Read models in the back-office over GraphQL (issue 26): their state, and rebuild, verify and
 * resume with a reason, each recorded as an event on the read model's stream. Admins only, every
 * field and operation. A rebuild or verify runs in the background of this process
 * (services/feed/operations.ts); the page polls readModels for its progress.
 */
import type { Resolvers, ResolversParentTypes } from '../../../contracts/generated/resolvers';
import { findPeople, type PersonRow } from '../../../projections/directory';
import type { Operator, ReadModelOperationKind } from '../../domain/readModels/events';
import type { OperationRecord } from '../../domain/readModels/operations';
import type { ReadModelStatus, RunningOperation } from '../../feed/operations';
import { requireAdmin } from '../auth';
import type { ApiContext } from '../context';
import { enumValue } from '../enumValue';

const checkpointText = (c: { transactionId: string; position: string } | null) => (c ? `${c.transactionId}/${c.position}` : null);

function progressOf(running: Pick<RunningOperation, 'eventsDone' | 'eventsTotal' | 'startedAt'>, now = Date.now()) {
  const seconds = Math.max(0.001, (now - running.startedAt.getTime()) / 1000);
  const eventsPerSecond = running.eventsDone / seconds;
  const left = running.eventsTotal === null ? null : Math.max(0, running.eventsTotal - running.eventsDone);
  return {
    eventsDone: running.eventsDone,
    eventsTotal: running.eventsTotal,
    eventsPerSecond: Math.round(eventsPerSecond),
    secondsLeft: left === null || eventsPerSecond <= 0 ? null : Math.ceil(left / eventsPerSecond),
  };
}

/** The admins behind these operators, in one query. */
async function peopleOf(ctx: ApiContext, operators: Operator[]) {
  return findPeople(
    ctx.runtime.pool,
    operators.flatMap((o) => (o.via === 'back-office' ? [o.accountId] : [])),
  );
}

function operatorOf(by: Operator, people: Map<string, PersonRow>): ResolversParentTypes['ReadModelOperator'] {
  return by.via === 'back-office'
    ? { via: 'BACK_OFFICE', person: people.get(by.accountId) ?? null, osUser: null, host: null }
    : { via: 'CLI', person: null, osUser: by.osUser, host: by.host };
}

const INTERRUPTED = 'Its process ended before it did; the live tables were left as they were.';

function operationOf(
  record: OperationRecord,
  people: Map<string, PersonRow>,
  running: RunningOperation | null,
): ResolversParentTypes['ReadModelOperation'] {
  // Started, not finished, and no process runs it: its process died (the next operation records that).
  const orphaned = record.outcome === 'running' && running?.operationId !== record.id;
  return {
    id: record.id,
    kind: enumValue(record.operation),
    by: operatorOf(record.by, people),
    reason: record.reason,
    startedOn: record.startedAt,
    finishedOn: record.finishedAt,
    outcome: orphaned ? 'INTERRUPTED' : enumValue(record.outcome),
    progress: record.outcome === 'running' && !orphaned ? progressOf(running!) : null,
    events: record.events,
    durationMs: record.ms,
    differences: record.differences,
    error: orphaned ? INTERRUPTED : record.error,
    cleared: record.cleared,
  };
}

/** What runs now, as an operation (from its row: the history holds the same, recorded when it started). */
function runningOperationOf(running: RunningOperation, people: Map<string, PersonRow>): ResolversParentTypes['ReadModelOperation'] {
  return {
    id: running.operationId,
    kind: enumValue(running.operation),
    by: operatorOf(running.by, people),
    reason: running.reason,
    startedOn: running.startedAt,
    finishedOn: null,
    outcome: 'RUNNING',
    progress: progressOf(running),
    events: null,
    durationMs: null,
    differences: null,
    error: null,
    cleared: null,
  };
}

async function readModelsOf(ctx: ApiContext, statuses: ReadModelStatus[]): Promise<ResolversParentTypes['ReadModel'][]> {
  const people = await peopleOf(
    ctx,
    statuses.flatMap((s) => (s.running ? [s.running.by] : [])),
  );
  return statuses.map((s) => ({
    id: s.name,
    version: s.version,
    checkpoint: checkpointText(s.checkpoint),
    eventsApplied: s.eventsApplied,
    lagEvents: s.lagEvents,
    lagSeconds: s.lagSeconds,
    state: s.running ? (s.running.operation === 'rebuild' ? 'REBUILDING' : 'VERIFYING') : s.failure ? 'STOPPED' : 'LIVE',
    failure: s.failure && {
      eventType: s.failure.eventType,
      streamId: s.failure.streamId,
      streamVersion: s.failure.streamVersion,
      position: `${s.failure.transactionId}/${s.failure.position}`,
      failedOn: s.failure.failedAt,
      error: s.failure.error,
    },
    running: s.running ? runningOperationOf(s.running, people) : null,
  }));
}

async function readModelNamed(ctx: ApiContext, name: string) {
  const ops = ctx.runtime.readModels;
  await ops.history(name, 1); // refuses an unknown name, naming it
  const [status] = (await ops.statuses()).filter((s) => s.name === name);
  return (await readModelsOf(ctx, [status]))[0];
}

/** One operation of `name` by id, as the history has it now. */
async function recordedOperation(ctx: ApiContext, name: string, operationId: string) {
  const ops = ctx.runtime.readModels;
  const [history, running] = await Promise.all([ops.history(name, 50), ops.runningOperations([name])]);
  const record = history.find((r) => r.id === operationId)!;
  return operationOf(record, await peopleOf(ctx, [record.by]), running.get(name) ?? null);
}

async function begin(ctx: ApiContext, operation: ReadModelOperationKind, input: { name: string; reason: string }) {
  const admin = requireAdmin(ctx.viewer);
  const { operationId, done } = await ctx.runtime.readModels.begin(
    operation,
    input.name,
    { via: 'back-office', accountId: admin.accountId },
    input.reason,
  );
  // It runs on in the background; its result (or failure) is recorded on the read model's stream.
  done.catch((error) => ctx.runtime.log.warn({ err: error, readModel: input.name }, `back-office ${operation} failed`));
  return { operation: await recordedOperation(ctx, input.name, operationId) };
}

export const readModelResolvers: Resolvers = {
  Query: {
    readModels: async (_p, _a, ctx) => {
      requireAdmin(ctx.viewer);
      return await readModelsOf(ctx, await ctx.runtime.readModels.statuses());
    },
    readModel: async (_p, { name }, ctx) => {
      requireAdmin(ctx.viewer);
      return await readModelNamed(ctx, name);
    },
  },
  ReadModel: {
    history: async (parent, { first }, ctx) => {
      requireAdmin(ctx.viewer);
      const ops = ctx.runtime.readModels;
      const [history, running] = await Promise.all([ops.history(parent.id, first ?? 20), ops.runningOperations([parent.id])]);
      const people = await peopleOf(
        ctx,
        history.map((r) => r.by),
      );
      return history.map((r) => operationOf(r, people, running.get(parent.id) ?? null));
    },
  },
  Mutation: {
    rebuildReadModel: async (_p, { input }, ctx) => await begin(ctx, 'rebuild', input),
    verifyReadModel: async (_p, { input }, ctx) => await begin(ctx, 'verify', input),
    resumeReadModel: async (_p, { input }, ctx) => {
      const admin = requireAdmin(ctx.viewer);
      const { operationId } = await ctx.runtime.readModels.resume(
        input.name,
        { via: 'back-office', accountId: admin.accountId },
        input.reason,
      );
      return { operation: await recordedOperation(ctx, input.name, operationId), readModel: await readModelNamed(ctx, input.name) };
    },
  },
};
