/** The refusals of domain/readModels/ (issue 32: registered in services/i18n/knownErrors.ts, area 'readModelOperations'). */
import { knownRefusal } from '../../i18n/translate';

export const ReadModelOperationMessages = {
  notStarted: (operationId: string) => knownRefusal('errors.readModelOperations.notStarted', { operationId }),
} as const;
