/**
 * Events of the read models' operations (issue 26): every rebuild, verify and resume of a read
 * model, from the back-office or the CLI, with who, why and the result. Stream:
 * - read-model-<name>: one read model's operations, in order (its history in the back-office).
 * These events are the record of what operators did; no read model follows them (the history is
 * read from the stream itself, so a rebuild of any read model never hides its own record).
 */
import type { DomainEvent } from '../shared/decider';

export type ReadModelOperationKind = 'rebuild' | 'verify';

/** Who ran an operation: an admin in the back-office, or someone at the CLI (the OS user and machine). */
export type Operator = { via: 'back-office'; accountId: string } | { via: 'cli'; osUser: string; host: string };

export interface TableDifferenceCount {
  table: string;
  onlyLive: number;
  onlyRebuilt: number;
}

export type ReadModelOperationStarted = DomainEvent<
  'ReadModelOperationStarted',
  {
    operationId: string;
    readModel: string;
    operation: ReadModelOperationKind;
    /** The projector version it builds. */
    version: number;
    /** Null only for a verify from the CLI without --reason (docs/decisions/read-models-admin.md). */
    reason: string | null;
    by: Operator;
  }
>;

/**
 * The result: events read and the time taken, the tables that differ (a verify), or the error.
 * 'interrupted': its process ended before it did (found by the next operation on the read model).
 */
export type ReadModelOperationFinished = DomainEvent<
  'ReadModelOperationFinished',
  {
    operationId: string;
    readModel: string;
    operation: ReadModelOperationKind;
    outcome: 'succeeded' | 'failed' | 'interrupted';
    events: number | null;
    ms: number | null;
    differences: TableDifferenceCount[] | null;
    error: string | null;
  }
>;

/** A stopped read model told to try its event again; `cleared` is false when it had not stopped. */
export type ReadModelResumed = DomainEvent<
  'ReadModelResumed',
  {
    operationId: string;
    readModel: string;
    reason: string;
    by: Operator;
    cleared: boolean;
  }
>;

export type ReadModelOperationEvent = ReadModelOperationStarted | ReadModelOperationFinished | ReadModelResumed;

export const readModelStreams = {
  operations: (readModel: string) => `read-model-${readModel}`,
};
