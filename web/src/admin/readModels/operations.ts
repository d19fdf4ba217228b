/** Read models in the back-office (issue 26): their state, history, and rebuild, verify and resume with a reason. */
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ReadModelOperationKind, ReadModelOperationOutcome, ReadModelState } from '../../lib/graphql-types';

export interface OperatorData {
  via: string;
  person: { id: string; emailAddress: string | null; displayName: string | null } | null;
  osUser: string | null;
  host: string | null;
}

export interface ProgressData {
  eventsDone: number;
  eventsTotal: number | null;
  eventsPerSecond: number;
  secondsLeft: number | null;
}

export interface OperationData {
  id: string;
  kind: ReadModelOperationKind;
  by: OperatorData;
  reason: string | null;
  startedOn: string;
  finishedOn: string | null;
  outcome: ReadModelOperationOutcome;
  progress: ProgressData | null;
  events: number | null;
  durationMs: number | null;
  differences: { table: string; onlyLive: number; onlyRebuilt: number }[] | null;
  error: string | null;
  cleared: boolean | null;
}

export interface ReadModelData {
  id: string;
  version: number;
  checkpoint: string | null;
  eventsApplied: number;
  lagEvents: number | null;
  lagSeconds: number;
  state: ReadModelState;
  failure: { eventType: string; streamId: string; streamVersion: number; position: string; failedOn: string; error: string } | null;
  running: OperationData | null;
}

const OPERATION = `id kind reason startedOn finishedOn outcome events durationMs error cleared
  by { via osUser host person { id emailAddress displayName } }
  progress { eventsDone eventsTotal eventsPerSecond secondsLeft }
  differences { table onlyLive onlyRebuilt }`;

export const READ_MODELS: TypedDocumentNode<{ readModels: ReadModelData[] }, Record<string, never>> = gql`
  query ReadModels {
    readModels {
      id version checkpoint eventsApplied lagEvents lagSeconds state
      failure { eventType streamId streamVersion position failedOn error }
      running { ${OPERATION} }
    }
  }
`;

export const READ_MODEL_HISTORY: TypedDocumentNode<{ readModel: { id: string; history: OperationData[] } }, { name: string }> = gql`
  query ReadModelHistory($name: ID!) {
    readModel(name: $name) { id history(first: 20) { ${OPERATION} } }
  }
`;

type Input = { input: { name: string; reason: string } };
export const REBUILD_READ_MODEL: TypedDocumentNode<{ rebuildReadModel: { operation: { id: string } } }, Input> = gql`
  mutation RebuildReadModel($input: RebuildReadModelInput!) { rebuildReadModel(input: $input) { operation { id } } }
`;
export const VERIFY_READ_MODEL: TypedDocumentNode<{ verifyReadModel: { operation: { id: string } } }, Input> = gql`
  mutation VerifyReadModel($input: VerifyReadModelInput!) { verifyReadModel(input: $input) { operation { id } } }
`;
export const RESUME_READ_MODEL: TypedDocumentNode<{ resumeReadModel: { operation: { id: string; cleared: boolean | null } } }, Input> = gql`
  mutation ResumeReadModel($input: ResumeReadModelInput!) { resumeReadModel(input: $input) { operation { id cleared } } }
`;
