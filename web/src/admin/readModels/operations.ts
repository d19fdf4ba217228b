/** Read models in the back-office (issue 26): their state, history, and rebuild, verify and resume with a reason. */
import { type DocumentType, graphql } from '../../gql';

const OPERATION_FIELDS = graphql(`
  fragment ReadModelOperationFields on ReadModelOperation {
    id kind reason startedOn finishedOn outcome events durationMs error cleared
    by { via osUser host person { id emailAddress displayName } }
    progress { eventsDone eventsTotal eventsPerSecond secondsLeft }
    differences { table onlyLive onlyRebuilt }
  }
`);

export type OperationData = DocumentType<typeof OPERATION_FIELDS>;
export type OperatorData = OperationData['by'];
export type ProgressData = NonNullable<OperationData['progress']>;
export type ReadModelData = DocumentType<typeof READ_MODELS>['readModels'][number];

export const READ_MODELS = graphql(`
  query ReadModels {
    readModels {
      id version checkpoint eventsApplied lagEvents lagSeconds state
      failure { eventType streamId streamVersion position failedOn error }
      running { ...ReadModelOperationFields }
    }
  }
`);

export const READ_MODEL_HISTORY = graphql(`
  query ReadModelHistory($name: ID!) {
    readModel(name: $name) { id history(first: 20) { ...ReadModelOperationFields } }
  }
`);

export const REBUILD_READ_MODEL = graphql(`
  mutation RebuildReadModel($input: RebuildReadModelInput!) { rebuildReadModel(input: $input) { operation { id } } }
`);
export const VERIFY_READ_MODEL = graphql(`
  mutation VerifyReadModel($input: VerifyReadModelInput!) { verifyReadModel(input: $input) { operation { id } } }
`);
export const RESUME_READ_MODEL = graphql(`
  mutation ResumeReadModel($input: ResumeReadModelInput!) { resumeReadModel(input: $input) { operation { id cleared } } }
`);
