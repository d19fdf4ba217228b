/**
 * A field's limit refusals in the caller's language (issue 32): 'The chunk index must be between 0
 * and 9,999.' is `errors.limits.field` with the field's label and the problem as values (its English
 * 'The <fieldLabel> <problemText>.', contracts/validation/limits.ts). Every name a refusal can name
 * has its label in each catalog (`fieldLabels.<name>`): a name given here is typed by the English
 * catalog, and the schema's arguments and input fields, which services/api/inputLimits.ts names, are
 * checked in services/api/inputLimits.test.ts.
 */
import type { LimitProblem } from '../../../contracts/validation/limits';
import { knownRefusal, type ServerMessageId } from '../../i18n/translate';
import type { KnownRefusal } from './errors';

type LabelName<Id> = Id extends `fieldLabels.${infer Name}` ? Name : never;
/** A name with its label (`fieldLabels.<name>`) in the catalogs. */
export type LabeledField = LabelName<ServerMessageId>;

export const LimitMessages = {
  field: (name: LabeledField, problem: KnownRefusal) =>
    knownRefusal('errors.limits.field', { label: { id: `fieldLabels.${name}` }, problem }),
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
export const limitRefusal = (name: LabeledField, problem: LimitProblem | KnownRefusal): KnownRefusal =>
  LimitMessages.field(name, 'kind' in problem ? limitProblem(problem) : problem);
