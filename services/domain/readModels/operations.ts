/**
 * The read models' operations as a decider (issue 26): starting a rebuild or verify, its result
 * (once), and a resume, each with a reason checked here. Which operation may run now is not decided
 * from the stream: a process can die mid-rebuild, so the lock is the database's (services/feed/operations.ts).
 */
import { ReadModelMessages, readModelReasonProblem } from '../../../contracts/validation/readModels';
import type { DecisionContext } from '../shared/decider';
import { badInput, conflict } from '../shared/errors';
import { limitRefusal } from '../shared/limits';
import { ReadModelOperationMessages } from './messages';
import type {
  Operator,
  ReadModelOperationEvent,
  ReadModelOperationFinished,
  ReadModelOperationKind,
  ReadModelOperationStarted,
  ReadModelResumed,
  TableDifferenceCount,
} from './events';

/** One operation as the history shows it. */
export interface OperationRecord {
  id: string;
  operation: ReadModelOperationKind | 'resume';
  by: Operator;
  reason: string | null;
  startedAt: string;
  finishedAt: string | null;
  outcome: 'running' | 'succeeded' | 'failed' | 'interrupted';
  events: number | null;
  ms: number | null;
  differences: TableDifferenceCount[] | null;
  error: string | null;
  /** A resume: whether there was a failure to clear. */
  cleared: boolean | null;
}

export interface OperationsState {
  /** Oldest first. */
  records: OperationRecord[];
}

export const initialOperationsState = (): OperationsState => ({ records: [] });

/** Folds a read model's stream; `at` is when each event occurred (its metadata). */
export function evolveOperations(state: OperationsState, event: ReadModelOperationEvent & { at?: string }): OperationsState {
  const at = event.at ?? '';
  switch (event.type) {
    case 'ReadModelOperationStarted': {
      const d = event.data;
      const record: OperationRecord = {
        id: d.operationId,
        operation: d.operation,
        by: d.by,
        reason: d.reason,
        startedAt: at,
        finishedAt: null,
        outcome: 'running',
        events: null,
        ms: null,
        differences: null,
        error: null,
        cleared: null,
      };
      return { records: [...state.records, record] };
    }
    case 'ReadModelOperationFinished': {
      const d = event.data;
      return {
        records: state.records.map((r) =>
          r.id === d.operationId
            ? { ...r, finishedAt: at, outcome: d.outcome, events: d.events, ms: d.ms, differences: d.differences, error: d.error }
            : r,
        ),
      };
    }
    case 'ReadModelResumed': {
      const d = event.data;
      const record: OperationRecord = {
        id: d.operationId,
        operation: 'resume',
        by: d.by,
        reason: d.reason,
        startedAt: at,
        finishedAt: at,
        outcome: 'succeeded',
        events: null,
        ms: null,
        differences: null,
        error: null,
        cleared: d.cleared,
      };
      return { records: [...state.records, record] };
    }
    default:
      return state;
  }
}

/** A stream's stored events (each with its occurredAt) folded into its history, newest first. */
export function historyOf(events: readonly { type: string; data: unknown; metadata: { occurredAt: string } }[]): OperationRecord[] {
  const state = events.reduce(
    (s, e) => evolveOperations(s, { type: e.type, data: e.data, at: e.metadata.occurredAt } as ReadModelOperationEvent & { at: string }),
    initialOperationsState(),
  );
  return [...state.records].reverse();
}

/**
 * The reason, trimmed: required, except for a verify from the CLI (it changes nothing, and a
 * scheduled check has no more to say); within the limits either way.
 */
export function checkedReason(
  reason: string | null | undefined,
  operation: ReadModelOperationKind | 'resume',
  by: Operator,
): string | null {
  if ((reason === null || reason === undefined || !reason.trim()) && operation === 'verify' && by.via === 'cli') return null;
  const problem = readModelReasonProblem(reason ?? '');
  if (problem) {
    const refusal = problem.kind === 'required' ? ReadModelMessages.reasonRequired : limitRefusal('reason', problem);
    throw badInput(refusal, { reason: refusal });
  }
  return reason!.trim();
}

export function decideStart(
  _state: OperationsState,
  command: {
    operationId: string;
    readModel: string;
    operation: ReadModelOperationKind;
    version: number;
    reason: string | null | undefined;
    by: Operator;
  },
  _ctx: DecisionContext,
): ReadModelOperationStarted[] {
  const reason = checkedReason(command.reason, command.operation, command.by);
  return [
    {
      type: 'ReadModelOperationStarted',
      data: {
        operationId: command.operationId,
        readModel: command.readModel,
        operation: command.operation,
        version: command.version,
        reason,
        by: command.by,
      },
    },
  ];
}

/** The result of a started operation, once: a second result for it (a late 'interrupted') is nothing. */
export function decideFinish(
  state: OperationsState,
  result: Omit<ReadModelOperationFinished['data'], 'operation'>,
  _ctx: DecisionContext,
): ReadModelOperationFinished[] {
  const started = state.records.find((r) => r.id === result.operationId);
  if (!started || started.operation === 'resume') throw conflict(ReadModelOperationMessages.notStarted(result.operationId));
  if (started.outcome !== 'running') return [];
  return [{ type: 'ReadModelOperationFinished', data: { ...result, operation: started.operation } }];
}

export function decideResume(
  _state: OperationsState,
  command: { operationId: string; readModel: string; reason: string | null | undefined; by: Operator; cleared: boolean },
  _ctx: DecisionContext,
): ReadModelResumed[] {
  const reason = checkedReason(command.reason, 'resume', command.by)!;
  return [
    {
      type: 'ReadModelResumed',
      data: { operationId: command.operationId, readModel: command.readModel, reason, by: command.by, cleared: command.cleared },
    },
  ];
}
