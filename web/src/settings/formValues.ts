/** The settings forms' values: strings, '' for nothing; what a save sends. */
import type { ProfileField } from '../../../contracts/validation/profile';
import type { ChangeUserInput } from '../gql/graphql';

export type Values = Record<ProfileField, string>;

export const formValuesOf = (me: object, fields: readonly ProfileField[]): Values =>
  Object.fromEntries(fields.map((f) => [f, String((me as Record<string, unknown>)[f] ?? '')])) as Values;

/** The changeUser input for what changed: trimmed, blank sent as null (a clear). */
export function changedFields(before: Partial<Values>, after: Partial<Values>, fields: readonly ProfileField[]): ChangeUserInput {
  const input: Record<string, string | null> = {};
  for (const field of fields) {
    const next = (after[field] ?? '').trim();
    if (next !== (before[field] ?? '').trim()) input[field] = next || null;
  }
  return input as ChangeUserInput;
}
