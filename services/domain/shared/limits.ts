/**
 * A field's limit refusals in the caller's language (issue 32): 'The chunk index must be between 0
 * and 9,999.' is `errors.limits.field` with the field's label and the problem as values (its English
 * 'The <fieldLabel> <problemText>.', contracts/validation/limits.ts). A label has its words in
 * each language (`fieldLabels.<name>`) for the fields the server's own checks name; any other
 * GraphQL argument is named by its English words in every language (a catalog's placeholders are
 * the English's, so a translation cannot name it by its API name instead).
 */
import { fieldLabel, type LimitProblem } from '../../../contracts/validation/limits';
import { knownRefusal } from '../../i18n/translate';
import type { KnownRefusal, Said } from './errors';

export const LABELED_FIELDS: ReadonlySet<string> = new Set([
  'conversationId',
  'chunkIndex',
  'chunkCount',
  'durationSeconds',
  'text',
  'detail',
  'why',
  'name',
  'issuer',
  'clientId',
  'authLoginUrl',
  'accessTokenUrl',
  'jwksUrl',
  'deploymentId',
]);

const labelOf = (name: string): Said | string => (LABELED_FIELDS.has(name) ? { id: `fieldLabels.${name}` } : fieldLabel(name));

export const LimitMessages = {
  field: (name: string, problem: KnownRefusal) => knownRefusal('errors.limits.field', { label: labelOf(name), problem }),
  /** Several fields' refusals, one after the other. */
  several: (first: KnownRefusal, rest: KnownRefusal) => knownRefusal('errors.limits.several', { first, rest }),
  tooLong: (max: number) => knownRefusal('errors.limits.tooLong', { max }),
  nul: () => knownRefusal('errors.limits.nul'),
  unicode: () => knownRefusal('errors.limits.unicode'),
  notWhole: () => knownRefusal('errors.limits.notWhole'),
  between: (min: number, max: number) => knownRefusal('errors.limits.between', { min, max }),
  /** A Float's range, its bounds written as numbers are in GraphQL. */
  decimalBetween: (min: number, max: number) => knownRefusal('errors.limits.decimalBetween', { min: String(min), max: String(max) }),
  tooManyItems: (max: number) => knownRefusal('errors.limits.tooManyItems', { max: String(max) }),
  required: () => knownRefusal('errors.limits.required'),
};

export function limitProblem(problem: LimitProblem): KnownRefusal {
  switch (problem.kind) {
    case 'tooLong':
      return LimitMessages.tooLong(problem.max);
    case 'nul':
      return LimitMessages.nul();
    case 'unicode':
      return LimitMessages.unicode();
    case 'notWhole':
      return LimitMessages.notWhole();
    case 'between':
      return LimitMessages.between(problem.min, problem.max);
  }
}

/** "The <field> <problem>." in the caller's language. */
export const limitRefusal = (name: string, problem: LimitProblem | KnownRefusal): KnownRefusal =>
  LimitMessages.field(name, 'kind' in problem ? limitProblem(problem) : problem);
